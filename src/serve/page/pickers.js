// The pickers (system, kind, example) and loading a scenario into the page: an example, a
// starter or a share link, each forgetting what belonged to the scenario before, then run.

import { state } from './state.js';
import { $, el, setBody } from './helpers.js';
import { getJSON, getText } from './api.js';
import { clearErrors, showError } from './errors.js';
import { refreshFields, renderSets } from './form.js';
import { startRun, stopRun } from './run.js';
import { updatePairedHint } from './pins.js';

export function fillSystems() {
  const sel = $('system');
  sel.textContent = '';
  for (const s of state.meta.systems) sel.append(el('option', { value: s.name, text: s.title + ' (' + s.name + ')' }));
}

/** Scenario files (not libraries) of a system, in the order /api/meta gives them. */
export function examplesOf(system) {
  return state.meta.files.filter((f) => f.ruleset === system && f.kind);
}

/** Show `name`'s kinds and examples; with `loadDefault`, load its default example too. */
export async function selectSystem(name, loadDefault) {
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

export function showKindAnswer(kindName) {
  const k = state.system && state.system.kinds.find((x) => x.name === kindName);
  $('kind-answer').textContent = k && k.answer ? k.answer : '';
}

/** Make sure #example shows `value` (a path not in the list gets an option of its own). */
export function showExample(value, label) {
  const ex = $('example');
  for (const o of ex.querySelectorAll('option[data-extra]')) o.remove();
  if (value && ![...ex.options].some((o) => o.value === value)) {
    ex.prepend(el('option', { value, text: label || value, 'data-extra': '1' }));
  }
  ex.value = value || '';
}

/** Forget what belonged to the previous scenario. */
export function resetScenario() {
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
export async function loadExample(value) {
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
export async function openShare(token) {
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

export function setKind(kind) {
  if (kind && [...$('kind').options].some((o) => o.value === kind)) $('kind').value = kind;
  showKindAnswer(kind);
}
