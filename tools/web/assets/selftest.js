// selftest.js - the self-tests, which click and type as a player would and
// write their verdict into the page for a headless browser to read
// (tools/web/test-browser.sh).  main.js imports this module only when the
// address carries ?selftest=MODE: a normal page never fetches it.

import { el } from './util.js';
import { selftest } from './selftest-games.js';
import { selftestFeatures } from './selftest-features.js';
import { selftestPhone, selftestReload, selftestReopen, selftestWatch } from './selftest-pages.js';
import { selftestBusy } from './selftest-busy.js';
import { selftestDark, selftestLayout } from './selftest-layout.js';
import { selftestInput } from './selftest-input.js';
import { selftestAxe } from './selftest-axe.js';

const MODES = {
  features: selftestFeatures, reopen: selftestReopen, phone: selftestPhone, reload: selftestReload, watch: selftestWatch,
  busy: selftestBusy, layout: selftestLayout, dark: selftestDark, input: selftestInput,
  axe: () => selftestAxe(false), 'axe-phone': () => selftestAxe(true),
};

export function run(mode) {
  // Where the verdict and the PGNs go (test-browser.sh reads them).
  el('pre', { id: 'selftest', hidden: '' }, document.body);
  el('pre', { id: 'pgn-out', hidden: '' }, document.body);
  (MODES[mode] || selftest)();
}
