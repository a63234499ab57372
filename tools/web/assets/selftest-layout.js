// selftest-layout.js - how the page looks.  ?selftest=layout, in a 1280 x
// 800 window: the Play tab's rules link inside its panel with the longest
// game name, and the Watch tab's running Elo beside the board and in the
// first screen, its axis in whole Elo points (on level.pgn, whose Elo
// stays near 0); text at WCAG AA contrast, and the board a named group
// holding a grid of named squares, 8 rows of 8 (not an image holding buttons).  ?selftest=dark: the dark theme.

import { $, el } from './util.js';
import { play } from './state.js';
import { newGame } from './session.js';
import { showTab, startPlay } from './controls.js';
import { chooseWatchFile, watch } from './watch.js';
import { checklist, until } from './selftest-kit.js';

const span = (r) => `${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)} px`;

export async function selftestLayout() {
  const { check, finish } = checklist();
  try {
    check('window_1280_px', window.innerWidth >= 1200, `${window.innerWidth} x ${window.innerHeight} px`);
    await startPlay();
    await until(() => play.state, 10000, 'a session');
    $('game').value = 'roomandpillar';
    await newGame();
    const low = lowContrast();
    check('text_readable', !low, low || 'all at 4.5:1 or more');
    const squares = document.querySelector('#board svg');
    const named = [...squares.querySelectorAll('[data-square]')].map((g) => g.getAttribute('aria-label'));
    const rows = [...squares.querySelectorAll('[role=grid] > [role=row]')];
    check('board_named_grid_of_squares', squares.getAttribute('role') === 'group' && /board/.test(squares.getAttribute('aria-label') || '') &&
      rows.length === 8 && rows.every((r) => r.querySelectorAll(':scope > [role=gridcell]').length === 8) &&
      named.length === 64 && named.every((n) => /^[a-h][1-8]: (Black|White) stone(, playable)?$/.test(n || '')),
      `role ${squares.getAttribute('role')}, named "${squares.getAttribute('aria-label')}"; ${rows.length} rows; squares ${named.slice(0, 2).join(', ')} ...`);
    const link = $('rules-link').getBoundingClientRect(), panel = $('controls').getBoundingClientRect();
    check('rules_link_inside_its_panel', link.left >= panel.left && link.right <= panel.right,
      `"${$('rules-link').textContent}" at ${span(link)}, its panel ${span(panel)}`);
    showTab('watch');
    // level.pgn (test-browser.sh): an Elo within +-100 all along.
    await until(() => watch.files.length > 0, 10000, 'the watched files');
    const level = watch.files.find((f) => f.path === 'level.pgn');
    if (!level) throw new Error('no level.pgn among ' + watch.files.map((f) => f.path).join(', '));
    $('watch-file').value = String(level.id);
    chooseWatchFile(level);
    await until(() => $('elo-chart').querySelector('svg') && $('watch-board').querySelector('svg'), 20000, 'the Elo chart and the board');
    const chart = $('elo-chart').getBoundingClientRect(), board = $('watch-board').getBoundingClientRect();
    check('elo_chart_in_the_first_screen', chart.bottom <= window.innerHeight, `chart ${span(chart)} in a window ${window.innerHeight} px high`);
    check('elo_chart_beside_the_board', chart.right <= board.left || chart.left >= board.right, `chart ${span(chart)}, board ${span(board)}`);
    const labels = [...$('elo-chart').querySelectorAll('text')].map((t) => t.textContent);
    check('elo_axis_in_whole_points', labels.length > 0 && labels.every((l) => !/\d\.\d/.test(l)), labels.join(', '));
  } catch (e) {
    check('layout', false, e.message);
  }
  watch.stopped = true;
  clearTimeout(watch.timer);
  finish();
}

// WCAG's relative luminance of a computed rgb() colour, and the contrast
// of two.
function luminance(colour) {
  const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const c = +v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };

// Text and the background it stands on, at WCAG AA (4.5:1): the header's
// connection note, the turn, the analysis' notes, a button, and a move
// number (a probe: the list may be empty).
function lowContrast() {
  const probe = el('span', { class: 'move-no' }, $('move-list'), '1.');
  const header = document.querySelector('header');
  const pairs = [[$('connection'), header], [$('turn'), $('board-panel')], [$('an-pov'), $('side-panel')],
    [$('keys-help'), $('side-panel')], [$('new-game'), $('new-game')], [probe, $('side-panel')]];
  const low = pairs.map(([text, ground]) => [text.id || text.className, contrast(getComputedStyle(text).color, getComputedStyle(ground).backgroundColor)])
    .filter(([, c]) => c < 4.5);
  probe.remove();
  return low.length ? low.map(([t, c]) => `${t} ${c.toFixed(2)}:1`).join(', ') : '';
}

// ?selftest=dark, with the system asking for a dark page: dark
// backgrounds, and text on them at WCAG AA contrast (4.5:1).
export async function selftestDark() {
  const { check, finish } = checklist();
  try {
    await startPlay();
    await until(() => play.state && document.querySelector('#board svg'), 10000, 'the board');
    const css = (id, prop) => getComputedStyle($(id))[prop];
    check('system_asks_for_dark', matchMedia('(prefers-color-scheme: dark)').matches, 'prefers-color-scheme: dark');
    check('dark_page', luminance(getComputedStyle(document.body).backgroundColor) < 0.05 && luminance(css('controls', 'backgroundColor')) < 0.05,
      `page ${getComputedStyle(document.body).backgroundColor}, panels ${css('controls', 'backgroundColor')}`);
    const low = lowContrast();
    check('text_readable_on_dark', !low, low || 'all at 4.5:1 or more');
    // The board's labels (a, b, ..., 1, 2, ...) on the board's own ground.
    const label = document.querySelector('#board svg > text'), ground = getComputedStyle(label.parentNode).backgroundColor;
    const labelContrast = contrast(getComputedStyle(label).fill, ground);
    check('board_labels_readable_on_dark', labelContrast >= 4.5, `"${label.textContent}" ${getComputedStyle(label).fill} on ${ground}: ${labelContrast.toFixed(2)}:1`);
  } catch (e) {
    check('dark', false, e.message);
  }
  finish();
}
