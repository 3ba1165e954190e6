// The form (#fields) and the TOML view (#toml), kept in step by the server: the form is derived
// from the TOML (/api/fields), and a field's change is applied to the TOML by /api/edit (or kept
// as a set when the value lives in a library), then the scenario re-runs.

import { state } from './state.js';
import { $, cssPath, el, parseSet, setBody, tomlString } from './helpers.js';
import { postJSON } from './api.js';
import { showError } from './errors.js';
import { selectSystem, setKind } from './pickers.js';
import { startRun, statusText } from './run.js';

/** Milliseconds of quiet after a TOML edit before the form is re-derived. */
const FIELDS_DELAY = 200;
/** Milliseconds of quiet after the last edit before an exact scenario re-runs. */
const RUN_DELAY = 250;

/** Re-derive the form from #toml. Resolves to the fields answer, or null on an error. */
export async function refreshFields() {
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

export function renderSets() {
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
export function afterEdit(now) {
  clearTimeout(state.timers.run);
  if (state.exact === false) {
    if (state.shown) $('status').textContent = statusText('edited: press Run for the new numbers');
    return;
  }
  const wait = now ? 0 : Math.max(0, RUN_DELAY - (performance.now() - state.lastEdit));
  state.timers.run = setTimeout(() => startRun('auto'), wait);
}

export function onTomlInput() {
  state.lastEdit = performance.now();
  clearTimeout(state.timers.fields);
  clearTimeout(state.timers.run);
  state.timers.fields = setTimeout(async () => {
    const f = await refreshFields();
    if (f) afterEdit();
  }, FIELDS_DELAY);
}
