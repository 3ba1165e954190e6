// Pinned answers: kept side by side and in localStorage (they outlive the page), each
// re-opening its scenario; two of one kind point at the paired kind, which decides between
// them on the same dice.

import { state } from './state.js';
import { $, el, fmtInt, isExact } from './helpers.js';
import { postJSON, runQuery } from './api.js';
import { loadExample, resetScenario, selectSystem, showExample } from './pickers.js';
import { refreshFields, renderSets } from './form.js';
import { keyFigure, startRun } from './run.js';

const PINS_KEY = 'skirmish-odds.pins';

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

export async function pinCurrent() {
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
export function updatePairedHint() {
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

/** The pins this browser kept, shown when the page opens. */
export function restorePins() {
  pins = loadPins();
  renderPins();
}
