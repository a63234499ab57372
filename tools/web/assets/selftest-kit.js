// selftest-kit.js - what every self-test uses: waiting, clicking and
// pressing keys as a player would, and the verdict written into the page.

import { $, sleep } from './util.js';

export async function until(cond, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for ' + what);
    await sleep(20);
  }
}

function clickable(step) {
  return [...document.querySelectorAll('[data-token].clickable')].find((e) => e.getAttribute('data-token') === step);
}

export async function clickStep(step) {
  const target = clickable(step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

// The same step from the keyboard: a square is reached as a keyboard
// user does, by Tab (the grid's one cell that takes it) and then the
// arrow keys; a step that is a button is focused.  Then Enter (or Space).
export async function keyStep(step, key) {
  const target = clickable(step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  if (target.getAttribute('role') === 'gridcell') await arrowTo(target);
  else target.focus();
  if (document.activeElement !== target) throw new Error(`step ${step} cannot take the focus (tabindex ${target.getAttribute('tabindex')})`);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

// Row and column of a grid cell.
function cellAt(cell) {
  const row = cell.parentNode;
  return [[...row.parentNode.children].indexOf(row), [...row.children].indexOf(cell)];
}

// Moves the focus to a grid cell by arrow keys, from the focused cell,
// or else from the cell that takes the Tab.
export async function arrowTo(target) {
  const grid = target.closest('[role=grid]');
  let at = grid.contains(document.activeElement) && document.activeElement.getAttribute('role') === 'gridcell' ? document.activeElement : grid.querySelector('[role=gridcell][tabindex="0"]');
  if (!at) throw new Error('no square of the board takes the Tab');
  at.focus();
  for (let moves = 0; at !== target; moves++) {
    const [r, c] = cellAt(at), [tr, tc] = cellAt(target);
    const key = r < tr ? 'ArrowDown' : r > tr ? 'ArrowUp' : c < tc ? 'ArrowRight' : 'ArrowLeft';
    at.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    if (document.activeElement === at || moves > 100) throw new Error(`${key} did not move the focus from ${at.getAttribute('data-token')}`);
    at = document.activeElement;
  }
}

export function pressKey(key) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })); }

// Whatever the server's Content-Security-Policy blocks fails a self-test.
const cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => cspViolations.push(`${e.violatedDirective} ${e.blockedURI || ''}`.trim()));

export function finishSelftest(ok, lines) {
  if (cspViolations.length) { ok = false; lines = lines.concat(`FAIL content_security_policy: ${cspViolations.join('; ')}`); }
  const out = $('selftest');
  out.hidden = false;
  out.textContent = (ok ? 'SELFTEST PASS' : 'SELFTEST FAIL') + '\n' + lines.join('\n');
  document.title = ok ? 'SELFTEST PASS' : 'SELFTEST FAIL';
}

// A self-test's verdict, check by check: check(name, cond, detail) adds
// an ok or FAIL line, finish() writes them (PASS when every check passed).
export function checklist() {
  const lines = [];
  let ok = true;
  return {
    check(name, cond, detail) { ok = ok && !!cond; lines.push(`${cond ? 'ok' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`); },
    finish() { finishSelftest(ok, lines); },
  };
}

// Whether this window is a phone's (390 px) to run a self-test in.
// Headless Chromium makes no window under 500 px wide, but a popup can
// be 390 px: from a wider window the same address is opened in one, its
// verdict copied here, and false returned (chromium needs
// --disable-popup-blocking).
export async function inPhoneWindow() {
  if (window.innerWidth <= 390 || window.opener) return true;
  const w = window.open(location.href, 'phone', 'width=390,height=844');
  if (!w) {
    finishSelftest(false, [`FAIL phone: this window is ${window.innerWidth} px wide and a 390 px one could not be opened (chromium needs --disable-popup-blocking)`]);
    return false;
  }
  const verdict = () => { try { const t = w.document.getElementById('selftest'); return t && /SELFTEST (PASS|FAIL)/.test(t.textContent) ? t.textContent : ''; } catch (e) { return ''; } };
  try { await until(verdict, 120000, 'the 390 px window'); } catch (e) { finishSelftest(false, ['FAIL phone: ' + e.message]); return false; }
  const text = verdict();
  w.close();
  finishSelftest(/^SELFTEST PASS/.test(text), [`(run in a 390 px wide window; this one is ${window.innerWidth} px)`, ...text.split('\n').slice(1)]);
  return false;
}
