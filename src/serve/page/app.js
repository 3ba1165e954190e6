// skirmish-odds — the interactive page (served by `skirmish-odds serve`).
//
// Hand-written, no framework and no build step: the page is a thin view over the server's API
// (docs/serve.md, the contract). The server does every computation and renders the report
// fragment with the same code as `index.html`; this file only
//   * fills the pickers from /api/meta and loads examples, starters and share links,
//   * keeps the form (#fields, from /api/fields) and the TOML view (#toml) in step through
//     /api/edit (the form never rewrites TOML itself, so comments and layout survive),
//   * runs: exact scenarios at once after a field's change, 250 ms after the last keystroke in
//     the TOML view (POST /api/run?view=page),
//     sampled ones on #run as a server-sent event stream read with fetch (EventSource cannot
//     POST), with Stop (AbortController: the server cancels the job when the connection closes),
//   * draws its own small distribution chart (#dist) from the v1 JSON, pins answers side by side
//     in localStorage, shares links and downloads.
// The CSP forbids inline script and handlers: everything binds here with addEventListener.
// Server text goes into the page with textContent, except the report fragment (`html`), which
// the server escapes and which is inserted with innerHTML by design.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);

  /** Milliseconds of quiet after a TOML edit before the form is re-derived. */
  const FIELDS_DELAY = 200;
  /** Milliseconds of quiet after the last edit before an exact scenario re-runs. */
  const RUN_DELAY = 250;
  const PINS_KEY = 'skirmish-odds.pins';

  const state = {
    meta: null,
    /** The current system's entry of meta.systems. */
    system: null,
    /** Virtual path of the scenario (its includes resolve next to it); null for a starter. */
    path: null,
    /** Library changes, `PATH=VALUE` strings sent as repeated `set=`. */
    sets: [],
    /** Stopping-rule parameters a share link carried (kept until another scenario loads). */
    shared: {},
    /** The last /api/fields answer. */
    fields: null,
    /** true / false once a run said whether the scenario is exact; null = not known yet. */
    exact: null,
    /** What is shown: {result, html, trials, worst, serverMs, ms, stopped}. */
    shown: null,
    /** Each run (and each Stop) takes a new id; answers of older runs are dropped. */
    runId: 0,
    controller: null,
    running: false,
    /** Sequence number of /api/fields requests (late answers of older ones are dropped). */
    fieldsSeq: 0,
    lastEdit: 0,
    timers: { fields: 0, run: 0 },
    /** The metric the user picked in #dist-metric (kept across runs while it exists). */
    distMetric: null,
    distCell: 0,
  };

  // ---------------------------------------------------------------------------------------
  // Talking to the server

  /** An error answer of the API: `err` is the contract's ERR object. */
  class ApiError extends Error {
    constructor(err, status) {
      super((err && (err.text || err.message)) || 'error ' + status);
      this.err = err || { message: 'error ' + status };
      this.status = status;
    }
  }

  /** The query string every run-like request carries: path, sets, seed, stopping rule. */
  function runQuery(extra) {
    const q = new URLSearchParams();
    if (state.path) q.set('path', state.path);
    for (const s of state.sets) q.append('set', s);
    const seed = $('seed').value.trim();
    if (seed !== '') q.set('seed', seed);
    const precision = $('precision').value.trim();
    if (precision !== '') q.set('precision', precision);
    for (const k of ['trials', 'max_trials']) {
      if (state.shared[k] != null) q.set(k, String(state.shared[k]));
    }
    if (state.shared.exact === true) q.set('exact', '1');
    if (state.shared.exact === false) q.set('sample', '1');
    for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
    return q.toString();
  }

  /** fetch, turning a non-2xx answer into an ApiError (its JSON `error`, or the status). */
  async function request(method, url, body, signal) {
    const init = { method, signal, headers: {} };
    if (body != null) {
      init.body = body;
      init.headers['Content-Type'] = 'text/plain; charset=utf-8';
    }
    const res = await fetch(url, init);
    if (!res.ok) {
      let err = null;
      try {
        const j = await res.json();
        err = j && j.error;
      } catch (_) {
        err = null;
      }
      throw new ApiError(err || { message: 'the server answered ' + res.status + ' ' + res.statusText }, res.status);
    }
    return res;
  }

  const getJSON = async (url) => (await request('GET', url)).json();
  const getText = async (url) => (await request('GET', url)).text();
  const postJSON = async (url, body, signal) => (await request('POST', url, body, signal)).json();

  // ---------------------------------------------------------------------------------------
  // Small helpers

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v == null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('data-')) e.setAttribute(k, v);
      else if (k in e && typeof e[k] !== 'function') e[k] = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) {
      if (c == null) continue;
      e.append(c);
    }
    return e;
  }

  function svg(tag, attrs, text) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text != null) e.textContent = text;
    return e;
  }

  const fmtInt = (n) => Number(n).toLocaleString('en-US');

  /** A probability as a percentage, with more digits when it is small. */
  function pct(p) {
    if (p === 0) return '0%';
    if (p === 1) return '100%';
    const v = p * 100;
    if (Math.abs(v) < 0.01) return v.toPrecision(2) + '%';
    return v.toFixed(2) + '%';
  }

  /** A 95 % half-width of a probability, in percentage points. */
  function halfWidth(w) {
    const v = w * 100;
    return '±' + (v < 0.1 ? v.toPrecision(2) : v.toFixed(2)) + ' pp';
  }

  const isExact = (r) => r.cells.length > 0 && r.exact_cells === r.cells.length;

  function setBody(stateName) {
    document.body.dataset.state = stateName;
  }

  /** A finished render: the counter tests wait on. */
  function bumpRuns() {
    document.body.dataset.runs = String(Number(document.body.dataset.runs || '0') + 1);
  }

  function cssPath(p) {
    return window.CSS && CSS.escape ? CSS.escape(p) : p.replace(/["\\]/g, '\\$&');
  }

  function parseSet(s) {
    const i = s.indexOf('=');
    return i < 0 ? { path: s, value: '' } : { path: s.slice(0, i), value: s.slice(i + 1) };
  }

  /** The text of a TOML string value (basic or literal), as the form shows it. */
  function tomlString(text) {
    const t = text.trim();
    if (t.startsWith("'''") || t.startsWith('"""')) return t.slice(3, -3);
    if (t.startsWith("'")) return t.slice(1, -1);
    if (t.startsWith('"')) {
      try {
        return JSON.parse(t);
      } catch (_) {
        return t.slice(1, -1);
      }
    }
    return t;
  }

  /** A file name from the scenario's name. */
  function fileStem() {
    let name = null;
    if (state.fields) {
      const f = state.fields.fields.find((x) => x.path === 'name' && x.file === 'scenario');
      if (f) name = tomlString(f.value);
    }
    if (!name && state.shown) name = state.shown.result.scenario;
    name = (name || 'scenario').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
    return name || 'scenario';
  }

  function saveBlob(blob, filename) {
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: filename });
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // ---------------------------------------------------------------------------------------
  // Errors

  function clearErrors() {
    $('error').hidden = true;
    $('error').textContent = '';
    $('toml-error').hidden = true;
    $('toml-error').textContent = '';
    for (const e of document.querySelectorAll('.field-error')) {
      e.hidden = true;
      e.textContent = '';
    }
    for (const e of document.querySelectorAll('[aria-invalid="true"]')) e.removeAttribute('aria-invalid');
  }

  function allowedText(a) {
    if (a == null) return '';
    return Array.isArray(a) ? a.join(', ') : String(a);
  }

  /** Is an error's file the scenario in #toml (so its line and column point into the TOML view)? */
  function inScenario(file) {
    if (!file) return true;
    if (state.path) return file === state.path;
    return /(^|\/)scenario\.toml$/.test(file);
  }

  /**
   * Show an error where it belongs: beside the field it names (or the field a `--set` is for),
   * under the TOML view when it has a line and column in the scenario, else in #error.
   */
  function showError(e) {
    if (e && e.name === 'AbortError') return;
    const err = e instanceof ApiError ? e.err : e && e.message != null && !('field' in e) ? { message: e.message } : e || {};
    const message = err.message || err.text || 'something went wrong';
    const allowed = allowedText(err.allowed);
    let placed = false;
    let fieldPath = err.field || null;
    if (err.file && /^--set /.test(err.file)) fieldPath = parseSet(err.file.slice(6)).path;
    if (fieldPath) {
      const box = document.querySelector('.field-error[data-path="' + cssPath(fieldPath) + '"]');
      if (box) {
        box.textContent = message + (allowed ? ' — allowed: ' + allowed : '');
        box.hidden = false;
        const input = document.querySelector('#fields [data-path="' + cssPath(fieldPath) + '"]:not(.field-error)');
        if (input) input.setAttribute('aria-invalid', 'true');
        placed = true;
      }
    }
    if (err.line != null && inScenario(err.file)) {
      const t = $('toml-error');
      t.textContent =
        'line ' + err.line + (err.column != null ? ', column ' + err.column : '') + ': ' + message +
        (allowed && !placed ? ' — allowed: ' + allowed : '');
      t.hidden = false;
      $('toml-box').open = true;
      placed = true;
    }
    if (!placed) {
      const box = $('error');
      box.textContent = err.text || message + (allowed ? ' — allowed: ' + allowed : '');
      box.hidden = false;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Pickers: systems, kinds, examples

  function fillSystems() {
    const sel = $('system');
    sel.textContent = '';
    for (const s of state.meta.systems) sel.append(el('option', { value: s.name, text: s.title + ' (' + s.name + ')' }));
  }

  /** Scenario files (not libraries) of a system, in the order /api/meta gives them. */
  function examplesOf(system) {
    return state.meta.files.filter((f) => f.ruleset === system && f.kind);
  }

  /** Show `name`'s kinds and examples; with `loadDefault`, load its default example too. */
  async function selectSystem(name, loadDefault) {
    const sys = state.meta.systems.find((s) => s.name === name) || state.meta.systems[0];
    state.system = sys;
    $('system').value = sys.name;
    const kind = $('kind');
    kind.textContent = '';
    for (const k of sys.kinds) kind.append(el('option', { value: k.name, text: k.name }));
    const ex = $('example');
    ex.textContent = '';
    const files = examplesOf(sys.name);
    for (const k of sys.kinds) {
      const of = files.filter((f) => f.kind === k.name);
      if (of.length === 0) continue;
      const g = el('optgroup', { label: k.name });
      for (const f of of) {
        const base = f.path.replace(/^.*\//, '');
        const label = (f.origin === 'user' ? 'yours: ' : '') + base + (f.description ? ' — ' + f.description : '');
        g.append(el('option', { value: f.path, text: label.length > 110 ? label.slice(0, 107) + '…' : label }));
      }
      ex.append(g);
    }
    const starters = sys.kinds.filter((k) => k.starter);
    if (starters.length) {
      const g = el('optgroup', { label: 'starters (a commented template of each kind)' });
      for (const k of starters) g.append(el('option', { value: 'starter:' + k.name, text: 'starter: ' + k.name }));
      ex.append(g);
    }
    updatePairedHint();
    if (!loadDefault) return;
    // The default: an example of the system's first kind (its headline question), else its
    // first example, else the first starter.
    const first = sys.kinds[0] && files.find((f) => f.kind === sys.kinds[0].name);
    const pick = first ? first.path : files[0] ? files[0].path : starters[0] ? 'starter:' + starters[0].name : null;
    if (pick) await loadExample(pick);
  }

  function showKindAnswer(kindName) {
    const k = state.system && state.system.kinds.find((x) => x.name === kindName);
    $('kind-answer').textContent = k && k.answer ? k.answer : '';
  }

  /** Make sure #example shows `value` (a path not in the list gets an option of its own). */
  function showExample(value, label) {
    const ex = $('example');
    for (const o of ex.querySelectorAll('option[data-extra]')) o.remove();
    if (value && ![...ex.options].some((o) => o.value === value)) {
      ex.prepend(el('option', { value, text: label || value, 'data-extra': '1' }));
    }
    ex.value = value || '';
  }

  /** Forget what belonged to the previous scenario. */
  function resetScenario() {
    stopRun(false);
    state.sets = [];
    state.shared = {};
    state.exact = null;
    state.distMetric = null;
    state.distCell = 0;
    renderSets();
    $('share-box').hidden = true;
    $('share-note').hidden = true;
    clearErrors();
  }

  /** Load an example (virtual path) or a starter (`starter:KIND`) and run it. */
  async function loadExample(value) {
    resetScenario();
    try {
      let text;
      if (value.startsWith('starter:')) {
        const kind = value.slice('starter:'.length);
        text = await getText('/api/starter?' + new URLSearchParams({ system: state.system.name, kind }));
        state.path = null;
      } else {
        text = await getText('/api/file?' + new URLSearchParams({ path: value }));
        state.path = value;
      }
      showExample(value);
      $('toml').value = text;
      await refreshFields();
      startRun('stream');
    } catch (e) {
      showError(e);
      setBody('error');
    }
  }

  /** Open a share token: the scenario, its sets, seed and stopping rule; then run it. */
  async function openShare(token) {
    const s = await getJSON('/api/share?' + new URLSearchParams({ s: token }));
    resetScenario();
    state.path = s.path || null;
    state.sets = (s.sets || []).map(String);
    state.shared = { trials: s.trials, max_trials: s.max_trials, exact: s.exact };
    $('seed').value = s.seed != null ? String(s.seed) : '';
    $('precision').value = s.precision != null ? String(s.precision) : '';
    $('toml').value = s.toml;
    renderSets();
    const f = await refreshFields();
    const file = state.meta.files.find((x) => x.path === s.path);
    const ruleset = (f && f.ruleset) || (file && file.ruleset);
    if (ruleset && ruleset !== (state.system && state.system.name)) await selectSystem(ruleset, false);
    if (f) setKind(f.kind);
    showExample(s.path, 'shared: ' + (s.path || 'scenario'));
    if (s.note) {
      $('share-note').textContent = s.note;
      $('share-note').hidden = false;
    }
    startRun('stream');
  }

  function setKind(kind) {
    if (kind && [...$('kind').options].some((o) => o.value === kind)) $('kind').value = kind;
    showKindAnswer(kind);
  }

  // ---------------------------------------------------------------------------------------
  // The form

  /** Re-derive the form from #toml. Resolves to the fields answer, or null on an error. */
  async function refreshFields() {
    const seq = ++state.fieldsSeq;
    const q = new URLSearchParams();
    if (state.path) q.set('path', state.path);
    try {
      const f = await postJSON('/api/fields?' + q, $('toml').value);
      if (seq !== state.fieldsSeq) return null;
      const kindChanged = state.fields && state.fields.kind !== f.kind;
      state.fields = f;
      if (kindChanged) state.exact = null;
      $('toml-error').hidden = true;
      renderFields(f.fields);
      setKind(f.kind);
      if (f.ruleset && state.system && f.ruleset !== state.system.name && state.meta.systems.some((s) => s.name === f.ruleset)) {
        await selectSystem(f.ruleset, false);
        setKind(f.kind);
      }
      return f;
    } catch (e) {
      if (seq !== state.fieldsSeq) return null;
      showError(e);
      // What is shown no longer matches the TOML: say so until it reads again.
      if (!state.running) {
        $('status').textContent = 'the scenario does not read: see the message under the TOML';
        setBody('error');
      }
      return null;
    }
  }

  /** The table a field belongs to: its path without the last key. */
  function tableOf(path) {
    const i = path.lastIndexOf('.');
    return i < 0 ? '' : path.slice(0, i);
  }

  function renderFields(fields) {
    const box = $('fields');
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.path : null;
    box.textContent = '';
    const groups = new Map();
    const overlay = new Map(state.sets.map((s) => [parseSet(s).path, parseSet(s).value]));
    fields.forEach((f, i) => {
      const table = tableOf(f.path);
      const key = f.file + '\u0000' + table;
      let g = groups.get(key);
      if (!g) {
        const lib = f.file !== 'scenario';
        const title = el('h3', { text: table || 'scenario' });
        if (lib) title.append(el('span', { class: 'meta', text: ' · ' + f.file }));
        g = el('fieldset', { class: 'group' + (lib ? ' library' : '') }, el('legend', {}, title));
        g.append(el('div', { class: 'grid' }));
        groups.set(key, g);
        box.append(g);
      }
      g.lastChild.append(fieldRow(f, i, overlay.get(f.path)));
    });
    if (focused) {
      const again = box.querySelector('[data-path="' + cssPath(focused) + '"]:not(.field-error)');
      if (again) again.focus();
    }
  }

  /** One field: its label, its input (with data-path) and its error box. */
  function fieldRow(f, i, setValue) {
    const id = 'f-' + i;
    const name = f.path.slice(tableOf(f.path).length ? tableOf(f.path).length + 1 : 0);
    const value = setValue != null ? setValue : f.value;
    const where = (f.file === 'scenario' ? 'scenario' : f.file) + (f.line ? ', line ' + f.line : '');
    let input;
    const number = (f.type === 'integer' || f.type === 'float') && Number.isFinite(Number(value.replace(/_/g, '')));
    if (f.type === 'boolean') {
      input = el('input', { type: 'checkbox', id });
      input.checked = value.trim() === 'true';
    } else if (f.choices && f.choices.length) {
      input = el('select', { id });
      const current = f.type === 'string' ? tomlString(value) : value.trim();
      const choices = f.choices.map(String);
      if (!choices.includes(current)) choices.unshift(current);
      for (const c of choices) input.append(el('option', { value: c, text: c }));
      input.value = current;
    } else if (number) {
      input = el('input', { type: 'number', id, step: f.type === 'integer' ? '1' : 'any' });
      input.value = value.replace(/_/g, '').trim();
    } else {
      input = el('input', { type: 'text', id, spellcheck: false });
      input.value = f.type === 'string' ? tomlString(value) : value;
    }
    input.dataset.path = f.path;
    input.dataset.type = f.type;
    input.title = f.path + ' (' + where + ')';
    input.addEventListener('change', () => queueEdit(input));
    const row = el(
      'div',
      { class: 'field' + (setValue != null ? ' changed' : '') + (f.type === 'boolean' ? ' check' : '') },
      el('label', { for: id, text: name, title: f.path }),
      input,
      el('span', { class: 'field-error', 'data-path': f.path, role: 'alert', hidden: true }),
    );
    return row;
  }

  /** The TOML text of an input's value (strings quoted, floats with a point). */
  function tomlValue(input) {
    const type = input.dataset.type;
    if (input.type === 'checkbox') return input.checked ? 'true' : 'false';
    const v = input.value;
    if (type === 'string') return JSON.stringify(v);
    if (type === 'float') {
      const t = v.trim();
      return /^[+-]?\d+$/.test(t) ? t + '.0' : t;
    }
    return v.trim();
  }

  /**
   * Edits apply one after another: each posts the TOML the previous one returned (two quick
   * changes would otherwise both start from the old text, and the second would undo the first).
   */
  let editChain = Promise.resolve();
  function queueEdit(input) {
    const path = input.dataset.path;
    const value = tomlValue(input);
    editChain = editChain.then(() => editField(input, path, value));
  }

  /** A field changed: apply it with /api/edit (scenario text, or a set for a library value). */
  async function editField(input, path, value) {
    // An earlier edit may have re-drawn the form: work on the field as it is now.
    input = document.querySelector('#fields [data-path="' + cssPath(path) + '"]:not(.field-error)') || input;
    const box = document.querySelector('.field-error[data-path="' + cssPath(path) + '"]');
    if (value === '') {
      if (box) {
        box.textContent = 'enter a value';
        box.hidden = false;
      }
      return;
    }
    const q = new URLSearchParams();
    if (state.path) q.set('path', state.path);
    q.set('set', path + '=' + value);
    state.lastEdit = performance.now();
    try {
      const r = await postJSON('/api/edit?' + q, $('toml').value);
      if (box) box.hidden = true;
      input.removeAttribute('aria-invalid');
      if (r.library == null) {
        $('toml').value = r.toml;
        // A committed field change runs at once (the debounce is for typing in the TOML view),
        // while the form is re-read beside it: the new answer does not wait for the form.
        afterEdit(true);
        await refreshFields();
        return;
      }
      state.sets = state.sets.filter((s) => parseSet(s).path !== path);
      state.sets.push(path + '=' + value);
      renderSets();
      const row = input.closest('.field');
      if (row) row.classList.add('changed');
      afterEdit(true);
    } catch (e) {
      showError(e);
    }
  }

  function renderSets() {
    const list = $('sets');
    list.textContent = '';
    for (const s of state.sets) {
      const { path } = parseSet(s);
      const rm = el('button', { type: 'button', class: 'remove', text: '×', 'aria-label': 'remove ' + s, title: 'remove this change' });
      rm.addEventListener('click', async () => {
        state.sets = state.sets.filter((x) => x !== s);
        renderSets();
        if (state.fields) renderFields(state.fields.fields);
        const again = document.querySelector('#fields [data-path="' + cssPath(path) + '"]:not(.field-error)');
        if (again) again.focus();
        afterEdit(true);
      });
      list.append(el('li', {}, el('code', { text: s }), rm));
    }
    $('sets-box').hidden = state.sets.length === 0;
  }

  /**
   * After any edit: exact scenarios (and ones not run yet) re-run; sampled ones wait for #run.
   * `now`: a committed change (a field's `change` event, a set removed) runs at once; typing in
   * the TOML view waits RUN_DELAY after the last keystroke.
   */
  function afterEdit(now) {
    clearTimeout(state.timers.run);
    if (state.exact === false) {
      if (state.shown) $('status').textContent = statusText('edited: press Run for the new numbers');
      return;
    }
    const wait = now ? 0 : Math.max(0, RUN_DELAY - (performance.now() - state.lastEdit));
    state.timers.run = setTimeout(() => startRun('auto'), wait);
  }

  function onTomlInput() {
    state.lastEdit = performance.now();
    clearTimeout(state.timers.fields);
    clearTimeout(state.timers.run);
    state.timers.fields = setTimeout(async () => {
      const f = await refreshFields();
      if (f) afterEdit();
    }, FIELDS_DELAY);
  }

  // ---------------------------------------------------------------------------------------
  // Running

  /** Abort the current run. With `asStop`, keep what is shown and call the run stopped. */
  function stopRun(asStop) {
    clearTimeout(state.timers.run);
    const wasRunning = state.running;
    if (state.controller) state.controller.abort();
    state.controller = null;
    state.running = false;
    state.runId++;
    $('stop').disabled = true;
    if (asStop && wasRunning) {
      if (state.shown) state.shown.stopped = 'stopped';
      $('status').textContent = state.shown ? statusText('stopped') : 'stopped before the first result';
      setBody('stopped');
      bumpRuns();
    }
  }

  /**
   * Run the scenario in #toml. `auto` (after an edit) and a known-exact scenario use
   * `view=page`; otherwise the stream, which answers an exact scenario with one result event.
   */
  function startRun(how) {
    stopRun(false);
    const id = state.runId;
    const ctl = new AbortController();
    state.controller = ctl;
    state.running = true;
    $('stop').disabled = false;
    setBody('running');
    const progress = $('progress');
    progress.value = 0;
    progress.dataset.trials = '0';
    const usePage = state.exact === true && how !== 'stream';
    (usePage ? runPage(id, ctl) : runStream(id, ctl)).catch((e) => {
      if (id !== state.runId) return;
      state.running = false;
      state.controller = null;
      $('stop').disabled = true;
      showError(e);
      $('status').textContent = state.shown ? 'error: the answer above is from the last run that worked' : 'error';
      setBody('error');
    });
  }

  async function runPage(id, ctl) {
    const t0 = performance.now();
    const r = await postJSON('/api/run?' + runQuery({ view: 'page' }), $('toml').value, ctl.signal);
    if (id !== state.runId) return;
    const ms = performance.now() - t0;
    finish({ result: r.result, html: r.html, serverMs: r.server_ms, ms, trials: r.result.trials, stopped: null });
  }

  /** POST with stream=1 and read the server-sent events from the body. */
  async function runStream(id, ctl) {
    const t0 = performance.now();
    const res = await request('POST', '/api/run?' + runQuery({ stream: '1' }), $('toml').value, ctl.signal);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (id !== state.runId) {
        reader.cancel().catch(() => {});
        return;
      }
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      // Events end with a blank line (LF, CRLF or CR line ends are all allowed).
      let m;
      while ((m = /\r\n\r\n|\n\n|\r\r/.exec(buf))) {
        const block = buf.slice(0, m.index);
        buf = buf.slice(m.index + m[0].length);
        const ev = parseEvent(block);
        if (ev && handleEvent(id, ev, t0)) return;
      }
    }
    if (id === state.runId) throw new ApiError({ message: 'the server closed the stream before the result' }, 0);
  }

  /** One SSE block → {event, data}; comments (`:` keep-alives) and empty blocks → null. */
  function parseEvent(block) {
    let event = 'message';
    const data = [];
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line === '' || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      let v = i < 0 ? '' : line.slice(i + 1);
      if (v.startsWith(' ')) v = v.slice(1);
      if (field === 'event') event = v;
      else if (field === 'data') data.push(v);
    }
    if (data.length === 0) return null;
    return { event, data: data.join('\n') };
  }

  /** Handle one event; true when the stream is over. */
  function handleEvent(id, ev, t0) {
    const d = JSON.parse(ev.data);
    if (ev.event === 'progress') {
      const p = $('progress');
      if (d.trials_total > 0) {
        p.max = d.trials_total;
        p.value = Math.min(d.trials_done, d.trials_total);
      } else {
        p.removeAttribute('value');
      }
      p.dataset.trials = String(d.trials_done);
      if (!state.shown || !state.shown.partial || state.shown.runId !== id) {
        $('status').textContent = 'sampled · ' + fmtInt(d.trials_done) + ' trials done · running';
      } else {
        $('status').textContent = statusText('running (' + fmtInt(d.trials_done) + ' done)');
      }
      return false;
    }
    if (ev.event === 'partial') {
      const p = $('progress');
      p.dataset.trials = String(Math.max(Number(p.dataset.trials || 0), d.trials));
      render({ result: d.result, html: d.html, trials: d.trials, worst: d.worst_half_width, partial: true, runId: id });
      $('status').textContent = statusText('running');
      return false;
    }
    if (ev.event === 'result') {
      finish({ result: d.result, html: d.html, serverMs: d.server_ms, ms: performance.now() - t0, trials: d.result.trials, stopped: d.stopped });
      return true;
    }
    if (ev.event === 'error') {
      throw new ApiError(d.error || d, 400);
    }
    return false;
  }

  /** The final answer of a run. */
  function finish(shown) {
    state.running = false;
    state.controller = null;
    $('stop').disabled = true;
    state.exact = isExact(shown.result);
    const p = $('progress');
    p.max = 1;
    p.value = 1;
    if (!isExact(shown.result)) p.dataset.trials = String(shown.result.trials);
    clearErrors();
    render(shown);
    $('status').textContent = statusText(shown.stopped ? 'stopped: ' + shown.stopped : 'done');
    setBody(shown.stopped ? 'stopped' : 'done');
    bumpRuns();
  }

  /** The event the answer sentence speaks of (its percentage appears in the sentence), if any. */
  function keyEvent(r) {
    const cell = r.cells[0];
    if (!cell) return null;
    const answer = r.answer.toLowerCase();
    let best = null;
    for (const [name, e] of Object.entries(cell.events)) {
      const shown = (e.p * 100).toFixed(2) + '%';
      if (!answer.includes(shown)) continue;
      // Prefer the event the sentence names, then one that is neither impossible nor certain.
      const score = (answer.includes(name.replace(/_/g, ' ')) ? 2 : 0) + (e.p > 0 && e.p < 1 ? 1 : 0);
      if (!best || score > best.score) best = { name, e, score };
    }
    return best;
  }

  /** The key figure: the answer's event with its fraction or interval, else the first number. */
  function keyFigure(r) {
    const k = keyEvent(r);
    if (k) {
      const e = k.e;
      if (e.exact) return k.name + ' = ' + pct(e.p) + ' (' + e.exact + ')';
      return k.name + ' = ' + pct(e.p) + ' [' + pct(e.ci95[0]) + ', ' + pct(e.ci95[1]) + ']';
    }
    const m = /[+−-]?\d[\d,]*(\.\d+)?\s*%?/.exec(r.answer);
    return m ? m[0].trim() : '';
  }

  function statusText(tail) {
    const s = state.shown;
    if (!s) return tail;
    const r = s.result;
    const parts = [];
    if (isExact(r)) {
      parts.push('exact');
      if (s.ms != null) parts.push(Math.round(s.ms) + ' ms' + (s.serverMs != null ? ' (server ' + s.serverMs.toFixed(1) + ' ms)' : ''));
      const k = keyEvent(r);
      if (k && k.e.exact) parts.push(k.name + ' = ' + k.e.exact);
    } else {
      parts.push('sampled');
      parts.push(fmtInt(s.trials != null ? s.trials : r.trials) + ' trials');
      const w = s.worst != null ? s.worst : r.stopping && r.stopping.worst_half_width;
      if (w != null) parts.push('widest ' + halfWidth(w));
      if (r.exact_cells > 0) parts.push(r.exact_cells + ' of ' + r.cells.length + ' cells exact');
      if (s.ms != null && !s.partial) parts.push((s.ms / 1000).toFixed(2) + ' s');
    }
    if (tail && tail !== 'done') parts.push(tail);
    return parts.join(' · ');
  }

  /** Show a result (partial or final): answer, distribution, report. */
  function render(shown) {
    state.shown = shown;
    const r = shown.result;
    $('answer').textContent = r.answer;
    const rep = $('report');
    rep.innerHTML = shown.html;
    // The fragment's own ids (a chart's file stem) must not clash with the page's.
    for (const e of rep.querySelectorAll('[id]')) {
      e.dataset.id = e.id;
      e.removeAttribute('id');
    }
    document.body.dataset.exact = isExact(r) ? '1' : '0';
    $('pin').disabled = false;
    renderDist();
  }

  // ---------------------------------------------------------------------------------------
  // The distribution view

  /** The metric the report charts first, else the first that is not a single value. */
  function defaultMetric(cell) {
    const names = Object.keys(cell.metrics);
    const fig = document.querySelector('#report figure[data-id]');
    if (fig && names.includes(fig.dataset.id)) return fig.dataset.id;
    const varied = names.find((n) => Object.values(cell.metrics[n].dist).filter((p) => p > 0).length > 1);
    return varied || names[0] || null;
  }

  function renderDist() {
    const r = state.shown && state.shown.result;
    const chart = $('dist-chart');
    const table = $('dist-table');
    const events = $('dist-events');
    chart.textContent = '';
    table.textContent = '';
    events.textContent = '';
    if (!r || r.cells.length === 0) return;
    // Cell picker.
    const cellSel = $('dist-cell');
    if (state.distCell >= r.cells.length) state.distCell = 0;
    cellSel.textContent = '';
    r.cells.forEach((c, i) => cellSel.append(el('option', { value: String(i), text: c.label })));
    cellSel.value = String(state.distCell);
    $('dist-cell-box').hidden = r.cells.length < 2;
    const cell = r.cells[state.distCell];
    // Metric picker.
    const names = Object.keys(cell.metrics);
    const metricSel = $('dist-metric');
    metricSel.textContent = '';
    for (const n of names) metricSel.append(el('option', { value: n, text: n }));
    const metric = state.distMetric && names.includes(state.distMetric) ? state.distMetric : defaultMetric(cell);
    $('dist-metric-box').hidden = names.length < 2;
    const exact = !!cell.exact;
    if (metric) {
      metricSel.value = metric;
      const m = cell.metrics[metric];
      const mode = $('dist-mode').value;
      const ks = Object.keys(m.dist);
      const ps = ks.map((k) => m.dist[k]);
      const vals = ps.map((p, i) => {
        if (mode === 'ge') return ps.slice(i).reduce((a, b) => a + b, 0);
        if (mode === 'le') return ps.slice(0, i + 1).reduce((a, b) => a + b, 0);
        return p;
      }).map((v) => Math.min(1, Math.max(0, v)));
      const sym = mode === 'ge' ? '≥' : mode === 'le' ? '≤' : '=';
      drawBars(chart, ks, vals, metric, sym);
      chart.prepend(el('p', {
        class: 'meta',
        text: metric + ' in ' + cell.label + ': mean ' + m.mean.toFixed(3) + ', sd ' + m.sd.toFixed(3) +
          (exact ? ' (exact)' : ' (mean ± ' + (1.96 * m.stderr).toFixed(3) + ', 95 %)'),
      }));
      const t = el('table');
      t.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'k' }), el('th', { scope: 'col', text: 'P(' + metric + ' ' + sym + ' k)' }))));
      const body = el('tbody');
      ks.forEach((k, i) => body.append(el('tr', {}, el('td', { text: k }), el('td', { text: pct(vals[i]) }))));
      t.append(body);
      table.append(t);
    }
    // The cell's events, with the interval or the exact fraction the JSON gives.
    const evs = Object.entries(cell.events);
    if (evs.length) {
      const t = el('table', {}, el('caption', { text: exact ? 'Events (exact fractions)' : 'Events (95 % intervals)' }));
      t.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'event' }), el('th', { scope: 'col', text: 'P' }), el('th', { scope: 'col', text: exact ? 'exact' : '95 % interval' }))));
      const body = el('tbody');
      for (const [name, e] of evs) {
        const extra = e.exact != null ? e.exact : '[' + pct(e.ci95[0]) + ', ' + pct(e.ci95[1]) + ']';
        body.append(el('tr', {}, el('td', {}, el('code', { text: name })), el('td', { text: pct(e.p) }), el('td', { text: extra })));
      }
      t.append(body);
      events.append(t);
    }
  }

  /** A small bar chart: one bar per k, the y axis from 0 to 100 %. */
  function drawBars(box, ks, vals, metric, sym) {
    const W = 560;
    const H = 220;
    const left = 44;
    const right = 10;
    const top = 14;
    const bottom = 38;
    // A round step (1, 2, 2.5 or 5 × 10^k) with at most five gridlines above zero.
    const top1 = sym === '=' ? Math.max(...vals, 0.0001) : 1;
    const step = [0.001, 0.002, 0.0025, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25].find((x) => top1 / x <= 5) || 0.25;
    const lines = Math.max(1, Math.ceil(top1 / step - 1e-9));
    const ymax = step * lines;
    const iw = W - left - right;
    const ih = H - top - bottom;
    const s = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', class: 'bars' });
    s.append(svg('title', {}, 'P(' + metric + ' ' + sym + ' k) for each k'));
    for (let i = 0; i <= lines; i++) {
      const v = step * i * 100;
      const y = top + ih - (ih * i) / lines;
      s.append(svg('line', { x1: left, x2: W - right, y1: y, y2: y, class: 'grid' }));
      s.append(svg('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, +v.toFixed(2) + '%'));
    }
    const n = ks.length;
    const slot = iw / Math.max(n, 1);
    const bw = Math.max(1, slot * 0.72);
    const every = Math.ceil(n / 20);
    ks.forEach((k, i) => {
      const h = (ih * vals[i]) / ymax;
      const x = left + i * slot + (slot - bw) / 2;
      const bar = svg('rect', { x: x.toFixed(2), y: (top + ih - h).toFixed(2), width: bw.toFixed(2), height: Math.max(0, h).toFixed(2), class: 'bar' });
      bar.append(svg('title', {}, 'P(' + metric + ' ' + sym + ' ' + k + ') = ' + pct(vals[i])));
      s.append(bar);
      if (i % every === 0) s.append(svg('text', { x: (x + bw / 2).toFixed(2), y: H - bottom + 16, 'text-anchor': 'middle', class: 'tick' }, k));
      if (n <= 12 && vals[i] > 0) s.append(svg('text', { x: (x + bw / 2).toFixed(2), y: (top + ih - h - 3).toFixed(2), 'text-anchor': 'middle', class: 'val' }, pct(vals[i])));
    });
    s.append(svg('text', { x: left + iw / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis' }, metric + ' (k)'));
    box.append(s);
  }

  // ---------------------------------------------------------------------------------------
  // Pins

  function loadPins() {
    try {
      const v = JSON.parse(localStorage.getItem(PINS_KEY) || '[]');
      return Array.isArray(v) ? v : [];
    } catch (_) {
      return [];
    }
  }

  function savePins(pins) {
    try {
      localStorage.setItem(PINS_KEY, JSON.stringify(pins));
    } catch (_) {
      // Storage full or disabled: the pins still show until the page is left.
    }
  }

  let pins = [];

  async function pinCurrent() {
    const s = state.shown;
    if (!s) return;
    const r = s.result;
    const pin = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
      name: r.scenario,
      ruleset: r.ruleset,
      kind: r.kind,
      answer: r.answer,
      key: keyFigure(r),
      seed: r.seed,
      exact: isExact(r),
      trials: r.trials,
      toml: $('toml').value,
      path: state.path,
      sets: state.sets.slice(),
      link: null,
    };
    pins.push(pin);
    savePins(pins);
    renderPins();
    try {
      const link = (await postJSON('/api/share?' + runQuery(), pin.toml)).link;
      pin.link = link;
      savePins(pins);
      renderPins();
    } catch (_) {
      // No link: the card still re-opens from the TOML it keeps.
    }
  }

  function renderPins() {
    const box = $('pinned');
    box.textContent = '';
    for (const p of pins) {
      const open = el('button', { type: 'button', text: 'Open', 'aria-label': 'open pinned ' + p.name });
      open.addEventListener('click', () => openPin(p));
      const rm = el('button', { type: 'button', class: 'remove', text: '×', 'aria-label': 'remove pinned ' + p.name, title: 'remove' });
      rm.addEventListener('click', () => {
        pins = pins.filter((x) => x.id !== p.id);
        savePins(pins);
        renderPins();
      });
      const meta = p.ruleset + ' · ' + p.kind + ' · seed ' + p.seed + ' · ' + (p.exact ? 'exact' : fmtInt(p.trials) + ' trials');
      const card = el(
        'article',
        { class: 'pin' },
        el('header', {}, el('h3', { text: p.name }), rm),
        el('p', { class: 'meta', text: meta }),
        el('p', { class: 'pin-answer', text: p.answer }),
        p.key ? el('p', { class: 'key', text: p.key }) : null,
        el('p', { class: 'pin-actions' }, open, p.link ? el('a', { href: location.origin + p.link, text: 'link' }) : null),
      );
      box.append(card);
    }
    $('pinned-empty').hidden = pins.length > 0;
    updatePairedHint();
  }

  async function openPin(p) {
    const sys = state.meta.systems.find((s) => s.name === p.ruleset);
    if (sys && sys !== state.system) await selectSystem(sys.name, false);
    resetScenario();
    state.path = p.path || null;
    state.sets = (p.sets || []).slice();
    renderSets();
    $('toml').value = p.toml;
    $('seed').value = p.seed != null ? String(p.seed) : '';
    showExample(p.path, 'pinned: ' + p.name);
    await refreshFields();
    startRun('stream');
  }

  /** Two pinned results of the same kind: point at the paired kind, which decides it on the same dice. */
  function updatePairedHint() {
    const hint = $('paired-hint');
    hint.textContent = '';
    hint.hidden = true;
    if (!state.meta) return;
    const groups = new Map();
    for (const p of pins) {
      if (p.kind === 'paired') continue;
      const key = p.ruleset + '\u0000' + p.kind;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(p);
    }
    for (const list of groups.values()) {
      if (list.length < 2) continue;
      const sys = state.meta.systems.find((s) => s.name === list[0].ruleset);
      const paired = sys && sys.kinds.find((k) => k.name === 'paired');
      if (!paired) continue;
      const [a, b] = list;
      // Two pins of one scenario (edited between pins) are told apart by their key figure.
      const label = (p) => (a.name === b.name && p.key ? p.name + ' (' + p.key + ')' : p.name);
      hint.append(el('span', { text: 'To know whether ' + label(a) + ' really beats ' + label(b) + ' on the same dice, run the paired kind. ' }));
      if (paired.starter) {
        const btn = el('button', { type: 'button', id: 'load-paired', text: 'Start a paired comparison (' + sys.name + ')' });
        btn.addEventListener('click', async () => {
          if (sys !== state.system) await selectSystem(sys.name, false);
          await loadExample('starter:paired');
        });
        hint.append(btn);
      }
      hint.hidden = false;
      return;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Share and downloads

  async function share() {
    try {
      const r = await postJSON('/api/share?' + runQuery(), $('toml').value);
      const a = $('share-link');
      a.href = location.origin + r.link;
      a.textContent = location.origin + r.link;
      $('share-box').hidden = false;
      $('copy-status').textContent = '';
    } catch (e) {
      showError(e);
    }
  }

  async function copyLink() {
    const a = $('share-link');
    try {
      await navigator.clipboard.writeText(a.href);
      $('copy-status').textContent = 'copied';
    } catch (_) {
      const range = document.createRange();
      range.selectNodeContents(a);
      const sel = getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      $('copy-status').textContent = 'selected: press Ctrl+C to copy';
    }
  }

  async function downloadReport() {
    const btn = $('download-report');
    btn.disabled = true;
    const was = btn.textContent;
    btn.textContent = 'Preparing report…';
    try {
      const res = await request('POST', '/api/report?' + runQuery(), $('toml').value);
      saveBlob(await res.blob(), 'index.html');
    } catch (e) {
      showError(e);
    } finally {
      btn.disabled = false;
      btn.textContent = was;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Start

  function bind() {
    $('system').addEventListener('change', () => selectSystem($('system').value, true));
    $('kind').addEventListener('change', () => {
      const k = $('kind').value;
      const f = examplesOf(state.system.name).find((x) => x.kind === k);
      const starter = state.system.kinds.find((x) => x.name === k && x.starter);
      showKindAnswer(k);
      if (f) loadExample(f.path);
      else if (starter) loadExample('starter:' + k);
    });
    $('example').addEventListener('change', () => {
      const v = $('example').value;
      if (v && !$('example').selectedOptions[0].dataset.extra) loadExample(v);
    });
    $('toml').addEventListener('input', onTomlInput);
    $('run').addEventListener('click', () => startRun(state.exact === true ? 'page' : 'stream'));
    $('stop').addEventListener('click', () => stopRun(true));
    $('precision').addEventListener('change', () => {
      // A precision typed here replaces a shared link's fixed trial count.
      delete state.shared.trials;
      afterEdit();
    });
    $('seed').addEventListener('change', afterEdit);
    for (const id of ['dist-mode', 'dist-metric', 'dist-cell']) {
      $(id).addEventListener('change', () => {
        if (id === 'dist-metric') state.distMetric = $('dist-metric').value;
        if (id === 'dist-cell') state.distCell = Number($('dist-cell').value);
        renderDist();
      });
    }
    $('pin').addEventListener('click', pinCurrent);
    $('share').addEventListener('click', share);
    $('copy-link').addEventListener('click', copyLink);
    $('download-toml').addEventListener('click', () => {
      saveBlob(new Blob([$('toml').value], { type: 'application/toml' }), fileStem() + '.toml');
    });
    $('download-report').addEventListener('click', downloadReport);
    // Leaving the page closes the stream, which cancels the run on the server.
    window.addEventListener('pagehide', () => {
      if (state.controller) state.controller.abort();
    });
  }

  async function init() {
    bind();
    pins = loadPins();
    renderPins();
    try {
      state.meta = await getJSON('/api/meta');
    } catch (e) {
      $('answer').textContent = '';
      showError(e);
      setBody('error');
      return;
    }
    $('program').textContent = state.meta.program + ' — the odds of skirmish wargames, computed on this computer';
    fillSystems();
    const token = new URLSearchParams(location.search).get('s');
    if (token) {
      try {
        await selectSystem(state.meta.systems[0].name, false);
        await openShare(token);
        return;
      } catch (e) {
        $('answer').textContent = 'The shared link could not be opened; pick an example above.';
        showError(e);
        setBody('error');
        return;
      }
    }
    await selectSystem(state.meta.systems[0].name, true);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
