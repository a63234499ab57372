// selftest-axe.js - ?selftest=axe: axe-core (https://github.com/dequelabs/axe-core)
// checks the page in each of its states: a game being played, the same
// position analysed with its best line drawn, the other three games'
// boards, a game's result over the board, and the Watch tab (a PGN, and a tuner CSV when one is
// watched); ?selftest=axe-phone the same at 390 px.
// axe.min.js is no part of the page: test-browser.sh installs it from the
// npm registry and serves it with the page's files (tessera-web --assets
// DIR).  Each serious or critical violation fails, named by rule, impact
// and target.  WCAG 2.5.3 (a control's name holds its visible text:
// label-content-name-mismatch) is one of axe's experimental rules, so
// it is turned on here; and since axe skips a name beside a symbol
// ("|<" named "the start"), labelInName below checks every visible
// button the stricter way.  Besides axe: the board is a grid reached by
// the arrow keys (gridKeys), and a result with no move (a resignation)
// is said in the live region.

import { $ } from './util.js';
import { play } from './state.js';
import { newGame } from './session.js';
import { showTab, startPlay } from './controls.js';
import { chooseWatchFile, watch } from './watch.js';
import { checklist, inPhoneWindow, until } from './selftest-kit.js';
import { columnaFirstMove } from './selftest-pages.js';

function loadAxe() {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'axe.min.js';
    script.onload = () => resolve(window.axe);
    script.onerror = () => reject(new Error('axe.min.js could not be loaded (serve it with tessera-web --assets DIR)'));
    document.head.appendChild(script);
  });
}

const OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

// One state: its serious and critical violations, each on a line.
async function audit(check, state) {
  const result = await window.axe.run(document, OPTIONS);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lines = bad.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${v.help}`));
  check(`axe_${state}`, lines.length === 0, lines.length ? '\n    ' + lines.join('\n    ') : `no serious or critical violation (${result.violations.length} minor)`);
  return result;
}

// Whether axe ran a rule (it lists each rule it ran under one verdict).
const ran = (result, id) => ['passes', 'incomplete', 'inapplicable', 'violations'].some((k) => result[k].some((r) => r.id === id));

// WCAG 2.5.3: each visible button's accessible name holds the text it
// shows (what is aria-hidden aside: a symbol beside the words).
function labelInName(check, state) {
  const shown = (b) => [...b.childNodes].filter((n) => !(n.getAttribute && n.getAttribute('aria-hidden') === 'true'))
    .map((n) => n.textContent).join('').replace(/\s+/g, ' ').trim();
  const name = (b) => (b.getAttribute('aria-label') || shown(b)).toLowerCase();
  const visible = (b) => b.offsetParent !== null && b.getClientRects().length > 0;
  const bad = [...document.querySelectorAll('button, [role=button], [role=tab]')].filter(visible)
    .filter((b) => b.textContent.trim() && (!shown(b) || !name(b).includes(shown(b).toLowerCase())))
    .map((b) => `${b.id || b.className}: shows "${b.textContent.trim()}", named "${b.getAttribute('aria-label') || shown(b)}"`);
  check(`label_in_name_${state}`, bad.length === 0, bad.join('; ') || 'every visible button named with its text');
}

// The board's grid from the keyboard: from its top left cell, Right,
// Down, End and Ctrl+Home move the focus (file +1, rank -1 on an
// unflipped Columna board, the row's end, back to the start), one cell
// at a time takes the Tab, and the arrows step no move list meanwhile.
function gridKeys(check) {
  const grid = document.querySelector('#board [role=grid]');
  if (!grid) { check('board_grid_by_arrow_keys', false, 'the board holds no grid'); return; }
  const first = grid.querySelector('[role=row] > [role=gridcell]');
  first.focus();
  const path = [first.getAttribute('data-token')];
  for (const [key, ctrl] of [['ArrowRight'], ['ArrowDown'], ['End'], ['Home', true]]) {
    document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: !!ctrl, bubbles: true, cancelable: true }));
    path.push(document.activeElement.getAttribute('data-token'));
  }
  const tabs = grid.querySelectorAll('[tabindex="0"]');
  const tokens = [...grid.querySelectorAll('[role=gridcell]')].map((g) => g.getAttribute('data-token'));
  const top = Math.max(...tokens.map((t) => +t.slice(1))), right = String.fromCharCode(Math.max(...tokens.map((t) => t.charCodeAt(0))));
  const want = [`a${top}`, `b${top}`, `b${top - 1}`, `${right}${top - 1}`, `a${top}`];
  const good = path.join(' ') === want.join(' ');
  check('board_grid_by_arrow_keys', good && tabs.length === 1 && tabs[0] === document.activeElement && play.view === null,
    `focus ${path.join(' -> ')} (want ${want.join(' -> ')}); ${tabs.length} cell(s) take the Tab; ${play.view === null ? 'the live position kept' : 'the view moved to ply ' + play.view}`);
}

export async function selftestAxe(phone) {
  if (phone && !(await inPhoneWindow())) return;
  const { check, finish } = checklist();
  try {
    await loadAxe();
    check('axe_loaded', !!window.axe, window.axe ? `axe-core ${window.axe.version}` : 'no window.axe');
    await startPlay();
    await until(() => play.state && document.querySelector('#board svg'), 20000, 'the board');
    await columnaFirstMove('300+3');
    await until(() => document.querySelector('#board .clickable'), 10000, 'the squares to play');
    const first = await audit(check, 'play');
    check('axe_ran_label_in_name', ran(first, 'label-content-name-mismatch'), 'the experimental rule label-content-name-mismatch');
    labelInName(check, 'play');
    gridKeys(check);
    $('analyse').click();
    await until(() => document.querySelector('#board .pv-mark'), 20000, 'the best line on the board');
    await audit(check, 'analysis');
    $('analyse').click();
    await until(() => !play.analysing && !play.state.searching, 10000, 'the analysis to stop');
    // The other games' boards (Territoire's ring a grid of one row).
    for (const game of ['roomandpillar', 'qawale', 'territoire']) {
      $('game').value = game;
      await newGame();
      await until(() => play.state.game === game && document.querySelector('#board [role=grid]'), 10000, `a ${game} board`);
      await audit(check, `board_${game}`);
    }
    $('resign').click();
    await until(() => !$('result-banner').hidden, 10000, 'the result');
    await audit(check, 'result');
    check('result_said_in_the_live_region', /resign/.test($('announce').textContent) && $('announce').getAttribute('aria-live') === 'polite', `"${$('announce').textContent}"`);
    showTab('watch');
    await until(() => watch.files.length > 0, 10000, 'the watched files');
    const pgn = watch.files.find((f) => f.kind === 'pgn');
    $('watch-file').value = String(pgn.id);
    chooseWatchFile(pgn);
    await until(() => $('watch-board').querySelector('svg') && $('elo-chart').querySelector('svg'), 20000, 'the watched game');
    await audit(check, 'watch');
    labelInName(check, 'watch');
    const csv = watch.files.find((f) => f.kind !== 'pgn');
    if (csv) {
      $('watch-file').value = String(csv.id);
      chooseWatchFile(csv);
      await until(() => $('csv-charts').querySelector('svg'), 20000, 'the tuner charts');
      await audit(check, 'watch_csv');
    }
  } catch (e) {
    check('axe', false, e.message);
  }
  watch.stopped = true;
  clearTimeout(watch.timer);
  finish();
}
