// Where an error shows: beside the field it names, under the TOML view at its line and column,
// else in #error. Written once so that every request's error lands in the same place.

import { state } from './state.js';
import { $, cssPath, parseSet } from './helpers.js';
import { ApiError } from './api.js';

export function clearErrors() {
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
export function showError(e) {
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
