// The page's own distribution view (#dist): one metric of one cell as bars and a table
// (= k, ≥ k or ≤ k), and the cell's events, drawn from the v1 JSON (the report's charts are
// fixed images; this one the reader turns).

import { state } from './state.js';
import { $, el, pct, svg } from './helpers.js';

/** The metric the report charts first, else the first that is not a single value. */
function defaultMetric(cell) {
  const names = Object.keys(cell.metrics);
  const fig = document.querySelector('#report figure[data-id]');
  if (fig && names.includes(fig.dataset.id)) return fig.dataset.id;
  const varied = names.find((n) => Object.values(cell.metrics[n].dist).filter((p) => p > 0).length > 1);
  return varied || names[0] || null;
}

/** The report's words for its metrics and events (`titles` in the v1 JSON: the same titles the
 *  report's tables and charts use), so the page never shows a key. */
function wordsOf(r) {
  const t = r.titles || {};
  return {
    metric: (n) => (t.metrics && t.metrics[n]) || n,
    event: (n) => (t.events && t.events[n] && t.events[n].title) || n,
  };
}

export function renderDist() {
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
  const words = wordsOf(r);
  // Metric picker.
  const names = Object.keys(cell.metrics);
  const metricSel = $('dist-metric');
  metricSel.textContent = '';
  for (const n of names) metricSel.append(el('option', { value: n, text: words.metric(n) }));
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
    const title = words.metric(metric);
    drawBars(chart, ks, vals, title, sym);
    chart.prepend(el('p', {
      class: 'meta',
      text: title + ' in ' + cell.label + ': mean ' + m.mean.toFixed(3) + ', sd ' + m.sd.toFixed(3) +
        (exact ? ' (exact)' : ' (mean ± ' + (1.96 * m.stderr).toFixed(3) + ', 95 %)'),
    }));
    const t = el('table');
    t.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'k' }), el('th', { scope: 'col', text: 'P(' + title + ' ' + sym + ' k)' }))));
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
      body.append(el('tr', {}, el('td', { text: words.event(name) }), el('td', { text: pct(e.p) }), el('td', { text: extra })));
    }
    t.append(body);
    events.append(t);
  }
}

/** A small bar chart of the metric titled `title`: one bar per k, the y axis from 0 to 100 %. */
function drawBars(box, ks, vals, title, sym) {
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
  s.append(svg('title', {}, 'P(' + title + ' ' + sym + ' k) for each k'));
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
    bar.append(svg('title', {}, 'P(' + title + ' ' + sym + ' ' + k + ') = ' + pct(vals[i])));
    s.append(bar);
    if (i % every === 0) s.append(svg('text', { x: (x + bw / 2).toFixed(2), y: H - bottom + 16, 'text-anchor': 'middle', class: 'tick' }, k));
    if (n <= 12 && vals[i] > 0) s.append(svg('text', { x: (x + bw / 2).toFixed(2), y: (top + ih - h - 3).toFixed(2), 'text-anchor': 'middle', class: 'val' }, pct(vals[i])));
  });
  s.append(svg('text', { x: left + iw / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis' }, title + ' (k)'));
  box.append(s);
}
