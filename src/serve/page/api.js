// Talking to the server: every request goes through `request`, so a failed answer is always
// an ApiError carrying the contract's ERR (docs/serve.md) for errors.js to place; `runQuery` is
// the one place the form's run settings become query parameters.

import { state } from './state.js';
import { $ } from './helpers.js';

/** An error answer of the API: `err` is the contract's ERR object. */
export class ApiError extends Error {
  constructor(err, status) {
    super((err && (err.text || err.message)) || 'error ' + status);
    this.err = err || { message: 'error ' + status };
    this.status = status;
  }
}

/** The query string every run-like request carries: path, sets, seed, stopping rule. */
export function runQuery(extra) {
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
export async function request(method, url, body, signal) {
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

export const getJSON = async (url) => (await request('GET', url)).json();
export const getText = async (url) => (await request('GET', url)).text();
export const postJSON = async (url, body, signal) => (await request('POST', url, body, signal)).json();
