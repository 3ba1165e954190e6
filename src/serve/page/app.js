// skirmish-odds — the interactive page (served by `skirmish-odds serve`): where it starts.
//
// Hand-written, no framework and no build step: the page is a thin view over the server's API
// (docs/serve.md, the contract). The server does every computation and renders the report
// fragment with the same code as `index.html`; the page only
//   * fills the pickers from /api/meta and loads examples, starters and share links
//     (pickers.js),
//   * keeps the form (#fields, from /api/fields) and the TOML view (#toml) in step through
//     /api/edit (the form never rewrites TOML itself, so comments and layout survive) (form.js),
//   * runs: exact scenarios at once after a field's change, 250 ms after the last keystroke in
//     the TOML view (POST /api/run?view=page),
//     sampled ones on #run as a server-sent event stream read with fetch (EventSource cannot
//     POST), with Stop (AbortController: the server cancels the job when the connection closes)
//     (run.js),
//   * draws its own small distribution chart (#dist) from the v1 JSON (dist.js), pins answers
//     side by side in localStorage (pins.js), shares links and downloads (share.js).
// Beside them: the one shared state (state.js), the calls to the server (api.js), where an
// error shows (errors.js) and small helpers (helpers.js).
//
// Each file is a native ES module (`<script type="module" src="/app.js">`, which imports the
// rest), served by the server from its own origin, so the CSP's `script-src 'self'` covers
// every one; the server lists them in `src/serve/page.rs`. The CSP forbids inline script and
// handlers: everything binds with addEventListener (the page's own controls here, in `bind`).
// Server text goes into the page with textContent, except the report fragment (`html`), which
// the server escapes and which is inserted with innerHTML by design.

import { state } from './state.js';
import { $, fileStem, saveBlob, setBody } from './helpers.js';
import { getJSON } from './api.js';
import { showError } from './errors.js';
import { examplesOf, fillSystems, loadExample, openShare, selectSystem, showKindAnswer } from './pickers.js';
import { afterEdit, onTomlInput } from './form.js';
import { startRun, stopRun } from './run.js';
import { renderDist } from './dist.js';
import { pinCurrent, restorePins } from './pins.js';
import { copyLink, downloadReport, share } from './share.js';

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
  restorePins();
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
