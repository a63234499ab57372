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

// The same step from the keyboard: focus, then Enter (or Space).
export async function keyStep(step, key) {
  const target = clickable(step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  target.focus();
  if (document.activeElement !== target) throw new Error(`step ${step} cannot take the focus (tabindex ${target.getAttribute('tabindex')})`);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
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
