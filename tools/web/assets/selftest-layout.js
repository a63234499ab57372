// selftest-layout.js - ?selftest=layout, in a 1280 x 800 window: the Play
// tab's rules link inside its panel with the longest game name, and the
// Watch tab's running Elo beside the board and in the first screen, its
// axis in whole Elo points (on level.pgn, whose Elo stays near 0).

import { $ } from './util.js';
import { play } from './state.js';
import { newGame } from './session.js';
import { showTab, startPlay } from './controls.js';
import { chooseWatchFile, watch } from './watch.js';
import { finishSelftest, until } from './selftest-kit.js';

const span = (r) => `${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)} px`;

export async function selftestLayout() {
  const lines = [];
  let ok = true;
  const check = (name, cond, detail) => { ok = ok && !!cond; lines.push(`${cond ? 'ok' : 'FAIL'} ${name}: ${detail}`); };
  try {
    check('window_1280_px', window.innerWidth >= 1200, `${window.innerWidth} x ${window.innerHeight} px`);
    await startPlay();
    await until(() => play.state, 10000, 'a session');
    $('game').value = 'roomandpillar';
    await newGame();
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
  finishSelftest(ok, lines);
}
