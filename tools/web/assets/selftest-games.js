// selftest-games.js - ?selftest=1.

import { $, el, params, sleep, store } from './util.js';
import { api } from './api.js';
import { moveSteps } from './games.js';
import { isOver, resultOf, toMove } from './result.js';
import { play } from './state.js';
import { isStrengthOption, setOption } from './options.js';
import { maybeEngineMove, newGame } from './session.js';
import { downloadPgn } from './pgn.js';
import { showMovetime, startPlay } from './controls.js';
import { clickStep, finishSelftest, keyStep, pressKey, until } from './selftest-kit.js';

// ?selftest=1: plays a whole game of each kind by clicking the board (the
// human side picks legal steps; the engine answers with the random
// backend), then writes the verdict into #selftest for a headless browser
// to read (`chromium --headless --dump-dom`).  Along the way: every
// position the page replays must be the engine's, the engine's moves are
// marked, the move list numbers stay whole, earlier positions can be
// viewed, the board flips, one game is played from the keyboard, and each
// game's PGN is left in the page for `tessera-arena merge`.
const EXPECTED_SQUARES = { roomandpillar: 64, columna: 36, qawale: 16, territoire: 36 };
const EXPECTED_FIRST_STEPS = { roomandpillar: 32, columna: 4, qawale: 4, territoire: 6 };

const selftestNotes = [];

export function checkLastMove(state) {
  const last = state.moves[state.moves.length - 1];
  const marked = [...document.querySelectorAll('#board .last-move')].map((e) => e.getAttribute('data-token'));
  const squares = moveSteps(last).filter((s) => document.querySelector(`#board [data-token="${s}"]`));
  if (squares.length && !marked.length) throw new Error(`the engine's move ${last} is not marked on the board`);
  if (marked.some((s) => !squares.includes(s))) throw new Error(`squares ${marked.join(' ')} are marked, the last move was ${last}`);
}

function checkMoveNumber12() {
  const numbers = document.querySelectorAll('#move-list .move-no');
  const twelfth = numbers[11];
  if (!twelfth) throw new Error(`the move list has ${numbers.length} numbers`);
  if (twelfth.textContent !== '12.') throw new Error(`the 12th number reads "${twelfth.textContent}"`);
  if (twelfth.scrollWidth > twelfth.clientWidth || twelfth.clientWidth === 0) throw new Error(`the 12th number is clipped (content ${twelfth.scrollWidth} px, box ${twelfth.clientWidth} px)`);
  return `"${twelfth.textContent}" in ${twelfth.clientWidth} px (content ${twelfth.scrollWidth} px)`;
}

async function checkNavigation() {
  const n = play.state.moves.length;
  const first = document.querySelector('#move-list .move[data-ply="1"]');
  first.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  if (play.view !== 1 || $('board').dataset.fen !== play.fens[1]) throw new Error('clicking the first move does not show the position after it');
  if (document.querySelector('#board .clickable')) throw new Error('an earlier position takes clicks');
  if ($('view-note').hidden) throw new Error('viewing an earlier position is not said');
  pressKey('ArrowRight');
  if (play.view !== 2 || $('board').dataset.fen !== play.fens[2]) throw new Error('ArrowRight does not step forward');
  pressKey('ArrowLeft'); pressKey('ArrowLeft');
  if (play.view !== 0 || $('board').dataset.fen !== play.fens[0]) throw new Error('ArrowLeft does not step back to the start');
  pressKey('End');
  if (play.view !== null || $('board').dataset.fen !== play.state.fen || !$('view-note').hidden) throw new Error('End does not return to the live position');
  return `stepped 1, 2, 0 and back to the live position of ${n} moves`;
}

async function checkFlip() {
  const before = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  $('flip').click();
  const after = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  if (!(after.top < before.top && after.left > before.left)) throw new Error('the flip button does not turn the board');
  if (store.get('localStorage', 'tessera.flipped') !== '1') throw new Error('the flip is not kept');
  pressKey('f');
  const back = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  if (Math.abs(back.top - before.top) > 1 || play.flipped) throw new Error('the F key does not turn the board back');
  return 'a1 moved from the bottom left to the top right and back (button, then F)';
}

async function selftestGame(game, seed) {
  $('game').value = game;
  $('human').value = 'p1';
  $('time-control').value = '';
  $('movetime').value = '30';
  showMovetime();
  await newGame();
  if (!play.state || play.state.game !== game) throw new Error('no new game: ' + $('message').textContent);
  if (play.state.backend !== 'random') await setOption('Backend', 'random');
  const squares = document.querySelectorAll('#board [data-square]').length;
  if (squares !== EXPECTED_SQUARES[game]) throw new Error(`the board has ${squares} squares, expected ${EXPECTED_SQUARES[game]}`);
  // The rules' first steps, and nothing else, are clickable: R&P any black
  // stone, Columna the four white pawns, Qawale the four corner stacks,
  // Territoire the six squares of value 6.
  const clickables = document.querySelectorAll('#board .clickable');
  if (clickables.length !== EXPECTED_FIRST_STEPS[game]) throw new Error(`${clickables.length} squares are clickable at the start, expected ${EXPECTED_FIRST_STEPS[game]}`);
  // A grid (roving tabindex): every square can take the focus, one of
  // them (a playable one) the Tab.
  const cells = [...document.querySelectorAll('#board [data-square]')];
  const tab = cells.filter((e) => e.getAttribute('tabindex') === '0');
  if (cells.some((e) => e.getAttribute('role') !== 'gridcell' || !['0', '-1'].includes(e.getAttribute('tabindex')))) throw new Error('a square is not a focusable grid cell');
  if (tab.length !== 1 || !tab[0].classList.contains('clickable')) throw new Error(`${tab.length} squares take the Tab, expected one playable square`);
  const dead = document.querySelector('#board [data-square]:not(.clickable)');
  dead.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  if (play.steps.length !== 0) throw new Error('a square that is not clickable took a click');
  const analysis = params.get('analyse') === game ? await selftestAnalysis() + ', ' : '';
  const keyboard = game === 'columna';
  let rng = seed;
  let clicks = 0, engineMoves = 0;
  play.replayErrors = [];
  for (let turn = 0; turn < 400 && !isOver(play.state); turn++) {
    const before = play.state.moves.length;
    const engine = toMove(play.state) !== 'p1';
    if (!engine) {
      // Only what is clickable may be clicked: a step that is not fails.
      rng = (rng * 1103515245 + 12345) % 2147483648;
      const move = play.state.legal[rng % play.state.legal.length];
      for (const [i, step] of moveSteps(move).entries()) {
        if (keyboard) await keyStep(step, i % 2 ? ' ' : 'Enter'); else await clickStep(step);
        clicks++;
      }
    } else {
      maybeEngineMove();
    }
    await until(() => play.state.moves.length > before || isOver(play.state) || $('message').textContent, 20000, 'a move');
    if ($('message').textContent) throw new Error('message: ' + $('message').textContent);
    if (engine && play.state.moves.length > before) { checkLastMove(play.state); engineMoves++; }
    if (play.state.moves.length >= 23 && !selftestNotes.some((l) => l.startsWith('ok move_number_12'))) selftestNotes.push(`ok move_number_12 (${game}): ${checkMoveNumber12()}`);
  }
  if (!isOver(play.state)) throw new Error('the game did not end');
  if (play.replayErrors.length) throw new Error('replayed positions differ: ' + play.replayErrors[0]);
  const result = $('result').textContent;
  if (!/wins|Draw/.test(result)) throw new Error('no result shown: ' + result);
  let extra = '';
  if (game === 'columna') extra += `; navigation: ${await checkNavigation()}; flip: ${await checkFlip()}`;
  // The PGN it would download, for the shell to merge.
  downloadPgn();
  const pgn = $('pgn-out').textContent;
  const token = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2' }[resultOf(play.state)];
  if (!pgn.includes(`[Result "${token}"]`) || !pgn.trim().endsWith(token)) throw new Error('the PGN does not carry the result ' + token);
  el('pre', { id: 'pgn-' + game, class: 'pgn-out', hidden: '' }, document.body, pgn);
  return `${analysis}${play.state.moves.length} moves (every one replayed as the engine has it), ${clicks} ${keyboard ? 'key presses' : 'clicks'}, ${engineMoves} engine moves marked, ${result}${extra}`;
}

// Room and Pillar's pie rule: after the first removal, swap is a button.
async function selftestSwap() {
  $('game').value = 'roomandpillar';
  $('human').value = 'both';
  await newGame();
  await clickStep('c1');
  await until(() => play.state.moves.length === 1, 10000, 'the first removal');
  await clickStep('swap');
  await until(() => play.state.moves.length === 2, 10000, 'the swap');
  if (play.state.moves.join(' ') !== 'c1 swap') throw new Error('moves: ' + play.state.moves.join(' '));
  if (play.replayErrors.length) throw new Error('replayed positions differ: ' + play.replayErrors[0]);
  return 'c1 then the swap button';
}

// Analysis: live score and depth, and the pv's first moves on the board;
// strength controls and the win/draw/loss bar only when the engine has them.
async function selftestAnalysis() {
  $('analyse').click();
  await until(() => $('an-depth').textContent !== '-' && document.querySelector('#board .pv-mark'), 20000, 'analysis output');
  $('analyse').click();
  let after = await api('GET', `/api/sessions/${play.id}`);
  for (let i = 0; after.searching && i < 200; i++) {
    await sleep(50);
    after = await api('GET', `/api/sessions/${play.id}`);
  }
  if (after.searching) throw new Error('the analysis did not stop');
  const declared = after.engine_options.some(isStrengthOption);
  if (declared !== ($('strength').children.length > 0)) throw new Error('strength controls do not follow the engine\'s options');
  const wdl = /wdl \d+ \d+ \d+/.test(after.last_info);
  if (wdl === $('wdl').hidden) throw new Error(`the win/draw/loss bar is ${wdl ? 'missing' : 'shown without wdl'}`);
  if (!/for you \(p1\)/.test($('an-pov').textContent)) throw new Error('the analysis does not say whose scores: ' + $('an-pov').textContent);
  return `analysed (strength controls: ${declared ? 'shown' : 'none'}; wdl bar: ${wdl ? 'shown' : 'none'}; ${$('an-pov').textContent})`;
}

export async function selftest() {
  $('selftest').hidden = false;
  $('selftest').textContent = 'SELFTEST RUNNING';
  await startPlay();
  const games = (params.get('games') || 'roomandpillar,columna,qawale,territoire').split(',');
  if (!params.has('analyse')) params.set('analyse', 'columna');
  const lines = [];
  let ok = true;
  for (let i = 0; i < games.length; i++) {
    try {
      lines.push(`ok ${games[i]}: ${await selftestGame(games[i], 7 + i)}`);
    } catch (e) {
      ok = false;
      lines.push(`FAIL ${games[i]}: ${e.message}`);
    }
  }
  try {
    lines.push(`ok swap: ${await selftestSwap()}`);
  } catch (e) {
    ok = false;
    lines.push(`FAIL swap: ${e.message}`);
  }
  if (games.length === 4 && !selftestNotes.length) { ok = false; lines.push('FAIL move_number_12: no game reached move 12'); }
  lines.push(...selftestNotes);
  finishSelftest(ok, lines);
}
