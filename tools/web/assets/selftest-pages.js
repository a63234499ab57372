// selftest-pages.js - ?selftest=reopen, phone, reload and watch.

import { $, params, sleep, store } from './util.js';
import { apiLog } from './api.js';
import { play } from './state.js';
import { newGame } from './session.js';
import { showMovetime, showTab, startPlay } from './controls.js';
import { chooseWatchFile, watch, watchFens } from './watch.js';
import { checklist, clickStep, finishSelftest, inPhoneWindow, until } from './selftest-kit.js';

// ?selftest=reopen&expect=FEN&plies=N#game=...: the page opened from a
// copied link shows the position it was copied at.
export async function selftestReopen() {
  const lines = [];
  await startPlay();
  try {
    await until(() => play.state && play.state.moves.length === +params.get('plies'), 20000, 'the linked game');
  } catch (e) { lines.push('FAIL ' + e.message); }
  const good = play.state && play.state.fen === params.get('expect') && $('board').dataset.fen === params.get('expect') && !location.hash;
  lines.push(`${good ? 'ok' : 'FAIL'} link_reopens_the_position: ${play.state ? play.state.moves.length : 0} moves, ${play.state ? play.state.fen : '-'}`);
  finishSelftest(good, lines);
}

// ?selftest=phone (at 390 px): the board first and full width, the
// controls below it, nothing wider than the screen.
export async function selftestPhone() {
  if (!(await inPhoneWindow())) return;
  await startPlay();
  await until(() => play.state && document.querySelector('#board svg'), 20000, 'the board');
  await columnaFirstMove('300+3');
  await sleep(300);
  const width = document.documentElement.scrollWidth, screen = window.innerWidth;
  const board = $('board').getBoundingClientRect(), controls = $('controls').getBoundingClientRect();
  const { check, finish } = checklist();
  check('no_horizontal_overflow', width <= 390 && width <= screen, `page ${width} px wide in a ${screen} px window`);
  check('board_first', board.top < controls.top && board.bottom <= controls.top + 1, `board ${Math.round(board.top)}-${Math.round(board.bottom)} px, controls from ${Math.round(controls.top)} px`);
  check('board_full_width', board.width >= 0.85 * screen, `board ${Math.round(board.width)} px of ${screen}`);
  const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > screen + 1 && e.offsetParent !== null);
  const strip = $('move-strip').getBoundingClientRect();
  check('move_strip_under_the_board', strip.height > 0 && strip.top >= board.bottom && strip.top - board.bottom < 120 && $('move-strip').textContent.includes(play.state.moves[0]),
    `"${$('move-strip').textContent}" at ${Math.round(strip.top)} px, the board's bottom at ${Math.round(board.bottom)} px`);
  check('nothing_sticks_out', wide.length === 0, wide.slice(0, 3).map((e) => e.id || e.tagName).join(', ') || 'none');
  finish();
}

// A new Columna game for both sides, and its first move by clicks.
export async function columnaFirstMove(tc) {
  $('game').value = 'columna';
  $('human').value = 'both';
  $('time-control').value = tc || '';
  showMovetime();
  await newGame();
  for (const step of ['b2', 'b3', 'a1', 'a2']) await clickStep(step);
  await until(() => play.state.moves.length === 1, 10000, 'a move');
}

// ?selftest=reload: a game survives a reload of the page (its session id
// is kept in sessionStorage and the server still holds it).
export async function selftestReload() {
  const before = store.get('sessionStorage', 'tessera.reload-test');
  if (!before) {
    await startPlay();
    await until(() => play.state, 10000, 'a session');
    await columnaFirstMove();
    store.set('sessionStorage', 'tessera.reload-test', JSON.stringify({ id: play.id, moves: play.state.moves }));
    location.reload();
    return;
  }
  const saved = JSON.parse(before);
  store.remove('sessionStorage', 'tessera.reload-test');
  await startPlay();
  await until(() => play.state, 10000, 'the session');
  const good = play.id === saved.id && play.state.moves.join(' ') === saved.moves.join(' ');
  finishSelftest(good, [`${good ? 'ok' : 'FAIL'} reload_keeps_the_game: session ${play.id === saved.id ? 'kept' : 'new'}, moves ${play.state.moves.join(' ')}`]);
}

// ?selftest=watch: the Watch tab follows each watched file (the server is
// started with arena PGNs and a tuner CSV): the games, the running Elo
// (or that no game was decided), the board of the newest game replayed on
// the page with its last move marked, one chart per tuned parameter, and
// no engine session started for any of it.  A file NAME-old.pgn (the
// arena's moves before PGN symbols: commas, Territoire moves starting with
// a digit) must read as NAME.pgn does: the same moves, the same board.
export async function selftestWatch() {
  const { check, finish } = checklist();
  const seen = {};
  try {
    showTab('watch');
    check('watch_tab_in_the_address', location.hash === '#watch', location.href);
    await until(() => watch.files.length > 0, 10000, 'the list of watched files');
    check('watch_paths_are_base_names', watch.files.every((f) => !f.path.includes('/')), watch.files.map((f) => f.path).join(', '));
    for (const file of watch.files) {
      $('watch-file').value = String(file.id);
      chooseWatchFile(file);
      if (file.kind === 'pgn') {
        await until(() => watch.games.length > 0 && $('watch-board').querySelector('svg'), 20000, 'a game and its board');
        const games = (watch.text.match(/^\[Round /gm) || []).length;
        // draws.pgn (test-browser.sh) holds no decisive game.
        const decisive = /^\[Result "(1-0|0-1)"\]$/m.test(watch.text);
        check(`pgn_games_listed (${file.path})`, watch.games.length === games && $('watch-games').rows.length === Math.min(200, games) + 1, `${watch.games.length} games`);
        if (decisive) check(`pgn_elo_shown (${file.path})`, /Elo (-?\d|not finite)/.test($('elo-text').textContent) && !!$('elo-chart').querySelector('polyline'), $('elo-text').textContent);
        else check(`pgn_no_decisive_game (${file.path})`, /no decisive game yet/.test($('elo-text').textContent) && !/Elo 0\.0/.test($('elo-text').textContent), $('elo-text').textContent);
        const g = watch.game, fens = watchFens(g);
        check(`pgn_board_replayed (${file.path})`, $('watch-board').querySelectorAll('[data-square]').length > 0 && !!fens && $('watch-board').dataset.fen === fens[g.moves.length] && $('watch-board').querySelector('.last-move'), `${g.moves.length} moves replayed on the page`);
        check(`pgn_clocks_shown (${file.path})`, /s left|s used/.test($('watch-players').textContent), $('watch-players').textContent);
        seen[file.path] = { moves: JSON.stringify(watch.games.map((x) => x.moves)), last: g.moves.join(' '), fen: $('watch-board').dataset.fen };
      } else {
        await until(() => $('csv-charts').querySelector('svg'), 20000, 'the CSV charts');
        const header = watch.text.split('\n')[0].split(',');
        check('csv_one_chart_per_parameter', $('csv-charts').querySelectorAll('svg').length === header.length - 1, `${header.length - 1} parameters`);
      }
    }
    for (const path of Object.keys(seen).filter((p) => /-old\.pgn$/.test(p))) {
      const old = seen[path], now = seen[path.replace(/-old\.pgn$/, '.pgn')];
      check(`old_pgn_reads_as_new (${path})`, !!now && old.moves === now.moves && old.fen === now.fen && old.last !== '',
        now ? `last game ${old.last}; final position ${old.fen}${old.fen === now.fen ? '' : ' vs ' + now.fen}` : 'no new-format file to compare with');
    }
    const created = apiLog.filter((c) => c.method === 'POST' && c.path === '/api/sessions').length;
    check('watch_starts_no_engine', created === 0, `${created} sessions created`);
  } catch (e) {
    check('watch', false, e.message);
  }
  watch.stopped = true;
  clearTimeout(watch.timer);
  finish();
}
