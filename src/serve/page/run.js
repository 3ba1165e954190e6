// Running a scenario and showing its answer: known-exact scenarios through `view=page`, the
// others through the event stream (progress, partial results, the final result), with Stop;
// the answer sentence, the status line and the report fragment.

import { state } from './state.js';
import { $, bumpRuns, fmtInt, halfWidth, isExact, pct, setBody } from './helpers.js';
import { ApiError, postJSON, request, runQuery } from './api.js';
import { clearErrors, showError } from './errors.js';
import { renderDist } from './dist.js';

/** Abort the current run. With `asStop`, keep what is shown and call the run stopped. */
export function stopRun(asStop) {
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
export function startRun(how) {
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

/** The figure the answer gives first, as the report states it (`key_figure`: the event's title
 *  in the game's words, its probability and fraction or interval); null when the answer leads
 *  with something else (a verdict, a difference, a best cell). */
function keyEvent(r) {
  const k = r.key_figure;
  if (!k) return null;
  return { name: k.title, e: { p: k.p, ci95: k.ci95, exact: k.exact } };
}

/** The key figure: the answer's event with its fraction or interval, else the first number. */
export function keyFigure(r) {
  const k = keyEvent(r);
  if (k) {
    const e = k.e;
    if (e.exact) return k.name + ' = ' + pct(e.p) + ' (' + e.exact + ')';
    return k.name + ' = ' + pct(e.p) + ' [' + pct(e.ci95[0]) + ', ' + pct(e.ci95[1]) + ']';
  }
  const m = /[+−-]?\d[\d,]*(\.\d+)?\s*%?/.exec(r.answer);
  return m ? m[0].trim() : '';
}

export function statusText(tail) {
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
