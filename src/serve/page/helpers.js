// Small helpers every part of the page uses: the element by id, elements built with their
// attributes (never from HTML text), numbers and probabilities as the page writes them, the
// body's data attributes the tests wait on, and saving a file through the browser.

import { state } from './state.js';

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
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

export function svg(tag, attrs, text) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

export const fmtInt = (n) => Number(n).toLocaleString('en-US');

/** A probability as a percentage, with more digits when it is small. */
export function pct(p) {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  const v = p * 100;
  if (Math.abs(v) < 0.01) return v.toPrecision(2) + '%';
  return v.toFixed(2) + '%';
}

/** A 95 % half-width of a probability, in percentage points. */
export function halfWidth(w) {
  const v = w * 100;
  return '±' + (v < 0.1 ? v.toPrecision(2) : v.toFixed(2)) + ' pp';
}

export const isExact = (r) => r.cells.length > 0 && r.exact_cells === r.cells.length;

export function setBody(stateName) {
  document.body.dataset.state = stateName;
}

/** A finished render: the counter tests wait on. */
export function bumpRuns() {
  document.body.dataset.runs = String(Number(document.body.dataset.runs || '0') + 1);
}

export function cssPath(p) {
  return window.CSS && CSS.escape ? CSS.escape(p) : p.replace(/["\\]/g, '\\$&');
}

export function parseSet(s) {
  const i = s.indexOf('=');
  return i < 0 ? { path: s, value: '' } : { path: s.slice(0, i), value: s.slice(i + 1) };
}

/** The text of a TOML string value (basic or literal), as the form shows it. */
export function tomlString(text) {
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
export function fileStem() {
  let name = null;
  if (state.fields) {
    const f = state.fields.fields.find((x) => x.path === 'name' && x.file === 'scenario');
    if (f) name = tomlString(f.value);
  }
  if (!name && state.shown) name = state.shown.result.scenario;
  name = (name || 'scenario').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return name || 'scenario';
}

export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: filename });
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
