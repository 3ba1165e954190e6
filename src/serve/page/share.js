// Share links and the report download: both ask the server, which encodes the scenario and
// renders the report; nothing is written on the server's disk.

import { $, saveBlob } from './helpers.js';
import { postJSON, request, runQuery } from './api.js';
import { showError } from './errors.js';

export async function share() {
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

export async function copyLink() {
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

export async function downloadReport() {
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
