// play.js - the Play tab's board: choosing a move step by step, and
// drawing the game (board, steps, turn, result, move list, buttons).

import { $, el, SHOW, store } from './util.js';
import { api } from './api.js';
import { COLOUR_NAMES, DRAWS_POSSIBLE, GAME_NAMES, moveSteps, other } from './games.js';
import { drawBoard } from './board.js';
import { isOver, p1Colour, plyMover, qawaleWinningSquares, resultText, sideToMove, toMove } from './result.js';
import { play } from './state.js';
import { renderOptions } from './options.js';
import { renderClocks } from './clock.js';
import { povLabel, renderEvalGraph } from './analysis.js';
import { onState } from './session.js';
import { renderWatchGame, watch } from './watch.js';
import { renderBanner } from './banner.js';
import { addPremove, premoveTime } from './premove.js';

export function showMessage(text) { $('message').textContent = text || ''; }

export function humanSide() { return $('human').value; }
// The engine's side: p1, p2, both (it plays itself) or null (you play both).
export function engineSide() {
  const h = humanSide();
  return h === 'p1' ? 'p2' : h === 'p2' ? 'p1' : h === 'none' ? 'both' : null;
}

export function live() { return play.view === null; }

export function humanToMove(state) {
  const mover = toMove(state);
  if (!mover || !live()) return false;
  const h = humanSide();
  return h === 'both' || h === mover || play.analysing;
}

export function candidates() {
  const state = play.state;
  return state.legal.filter((m) => {
    const steps = moveSteps(m);
    return play.steps.every((s, i) => steps[i] === s) && steps.length >= play.steps.length;
  });
}

export function onStep(step) {
  if (!live()) return;
  play.steps.push(step);
  const left = candidates();
  const complete = left.filter((m) => moveSteps(m).length === play.steps.length);
  if (complete.length === 1 && left.length === 1) {
    const move = complete[0];
    play.steps = [];
    submitMove(move);
    return;
  }
  if (left.length === 0) play.steps = [];
  render();
}

export async function submitMove(move) {
  showMessage('');
  const root = play.state.moves.length;
  try {
    const state = await api('POST', `/api/sessions/${play.id}/move`, { move });
    if (state.moves.length === root + 1) play.times[root] = Date.now() - play.turnStart;
    onState(state);
  } catch (e) {
    handleError(e);
  }
}

// No session to play in (the server is at its cap of sessions): one state
// that says why, with a retry, and nothing that needs a game (null: a
// session again).
export function showNoSession(why) {
  const none = why !== null;
  $('view-play').classList.toggle('no-session', none);
  $('no-session').hidden = !none;
  $('no-session-text').textContent = none ? `No game can start now: ${why}.` : '';
  document.querySelectorAll('#view-play button').forEach((b) => { if (b.id !== 'retry') b.disabled = none; });
}

export function handleError(e) {
  if (e.status === 503 && !play.id) { showMessage(''); showNoSession(e.message); return; }
  showMessage(e.message);
  if (e.status === 404 && /session/.test(e.message)) {
    showMessage('This session has ended (timed out?): start a new game.');
    play.id = null;
    store.remove('sessionStorage', 'tessera.session');
  }
}

export function flip() {
  play.flipped = !play.flipped;
  store.set('localStorage', 'tessera.flipped', play.flipped ? '1' : '0');
  render();
  if (watch.game) renderWatchGame();
}

export function setView(ply) {
  const state = play.state;
  if (!state) return;
  const n = state.moves.length;
  if (ply === null || ply >= n || !play.fens) { play.view = null; }
  else { play.view = Math.max(0, ply); play.steps = []; }
  render();
}

function focusedToken() {
  const a = document.activeElement;
  return a && a.closest && a.closest('#board') && a.getAttribute('data-token');
}

export function render() {
  const state = play.state;
  if (!state) return;
  renderOptions(state);
  $('game').value = state.game;
  $('rules-link').href = `rules.html#${state.game}`;
  $('rules-link').textContent = `Rules of ${GAME_NAMES[state.game]}`;
  const n = state.moves.length;
  const viewing = !live() && play.fens;
  const ply = viewing ? play.view : n;
  const fen = viewing ? play.fens[play.view] : state.fen;
  const myTurn = humanToMove(state) && !(state.searching && state.purpose === 'play') && !isOver(state);
  const left = myTurn ? candidates() : [];
  const next = new Set(left.map((m) => moveSteps(m)[play.steps.length]).filter((s) => s !== undefined));
  const pvShown = live() && play.pv.length && play.pvRoot === n && (play.analysing || SHOW) ? play.pv : [];
  const last = ply > 0 ? new Set(moveSteps(state.moves[ply - 1])) : new Set();
  const focus = focusedToken();
  const premoving = premoveTime(state);
  drawBoard($('board'), state.game, fen, {
    clickable: next, onStep, chosen: premoving ? play.premove : play.steps, onPremove: premoving ? addPremove : null,
    pv: pvShown, line: viewing ? [] : qawaleWinningSquares(state), last, flipped: play.flipped, focus,
  });
  // The focus stays on its square, drawn anew.
  if (focus) {
    const target = document.querySelector('#board [role=gridcell][tabindex="0"]');
    if (target) target.focus(); else $('board').focus();
  }
  // Steps that are not squares (swap, discards) are buttons.
  const buttons = $('step-buttons');
  buttons.textContent = '';
  const onBoard = new Set([...document.querySelectorAll('#board [data-token]')].map((e) => e.getAttribute('data-token')));
  next.forEach((s) => {
    if (onBoard.has(s)) return;
    const b = el('button', {}, buttons, s === 'swap' ? 'swap (pie rule)' : /^x\d$/.test(s) ? `discard from group ${s.slice(1)}` : s);
    b.dataset.token = s;
    b.className = 'clickable';
    b.addEventListener('click', () => onStep(s));
  });
  const complete = left.filter((m) => moveSteps(m).length === play.steps.length);
  if (complete.length === 1 && play.steps.length) {
    const b = el('button', {}, buttons, 'end the turn here');
    b.dataset.token = '(end)';
    b.addEventListener('click', () => { play.steps = []; submitMove(complete[0]); });
  }
  $('step-text').textContent = play.steps.length ? 'steps: ' + play.steps.join(' ') :
    play.premove.length ? `premove: ${play.premove.join(' ')} (played after the engine's move if legal then)` : '';
  $('step-cancel').hidden = play.steps.length === 0 && play.premove.length === 0;
  $('typed-move').hidden = state.legal_complete || isOver(state) || !live();
  const names = COLOUR_NAMES[state.game];
  const mover = toMove(state);
  $('turn').textContent = `${GAME_NAMES[state.game]}: ` + (mover ?
    `${names[sideToMove(state)]} (${mover}) to move` + (state.searching && state.purpose === 'play' ? ', the engine is thinking' : myTurn ? ', your move' : '') :
    'game over');
  $('result').textContent = resultText(state);
  renderBanner(state);
  // Viewing an earlier position.
  $('view-note').hidden = !viewing;
  if (viewing) {
    const mv = play.view > 0 ? `after ${Math.ceil(play.view / 2)}${play.view % 2 ? '.' : '...'} ${state.moves[play.view - 1]}` : 'at the start';
    $('view-text').textContent = `Viewing the position ${mv} (read-only).`;
  }
  $('nav-first').disabled = $('nav-prev').disabled = !play.fens || ply === 0;
  $('nav-next').disabled = $('nav-live').disabled = !viewing;
  renderMoveList(state, ply);
  // Game actions.
  const over = isOver(state), h = humanSide();
  $('resign').disabled = over || h === 'none' || !toMove(state);
  const drawn = DRAWS_POSSIBLE.has(state.game);
  $('offer-draw').hidden = $('draw-note').hidden = !drawn;
  $('offer-draw').disabled = over || (h !== 'p1' && h !== 'p2');
  $('rematch').disabled = !over;
  $('rematch').classList.toggle('primary', over);
  $('analyse').textContent = play.analysing ? 'Stop analysing' : 'Analyse';
  $('an-pov').textContent = `Scores ${povLabel()}.`;
  renderClocks();
  renderEvalGraph();
}

// Each move said in a live region for screen readers, and the result
// when the game ends, with a move or without one (a resignation, a loss
// on time, a draw agreed): said once for each end.
export function announce(state, moved) {
  const end = isOver(state) ? `${play.key}|${resultText(state)}` : null;
  const said = [];
  if (moved) {
    const n = state.moves.length, side = plyMover(n - 1);
    const colour = side === 'p1' ? p1Colour(state) : other(p1Colour(state));
    said.push(`${COLOUR_NAMES[state.game][colour]} (${side}) played ${state.moves[n - 1]}.`);
  }
  if (end && end !== play.endSaid) said.push(resultText(state));
  play.endSaid = end;
  if (said.length) $('announce').textContent = said.join(' ');
}

// Move k (from 0) as an entry that shows the position after it.
function moveEntry(parent, moves, k, ply) {
  const span = el('span', { class: 'move', tabindex: '-1', 'data-ply': String(k + 1), role: 'button' }, parent, moves[k]);
  if (k + 1 === ply) span.classList.add('current');
  if (play.times[k] !== undefined) span.title = `${(play.times[k] / 1000).toFixed(1)} s`;
  span.addEventListener('click', () => setView(k + 1));
}

function renderMoveList(state, ply) {
  const list = $('move-list');
  list.textContent = '';
  const moves = state.moves;
  for (let i = 0; i < moves.length; i += 2) {
    el('span', { class: 'move-no' }, list, `${i / 2 + 1}.`);
    for (let k = i; k < i + 2; k++) {
      if (k < moves.length) moveEntry(list, moves, k, ply); else el('span', { class: 'move empty' }, list);
    }
  }
  if (!moves.length) el('span', { class: 'muted none' }, list, 'no moves yet');
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) list.scrollTop = top - list.clientHeight / 2;
  }
  renderMoveStrip(moves, ply);
}

// On a phone the move list is far below the board: the moves also run in
// one scrolling line under it (style.css shows it on narrow screens only),
// the move shown in view.
function renderMoveStrip(moves, ply) {
  const strip = $('move-strip');
  strip.textContent = '';
  moves.forEach((m, k) => {
    if (k % 2 === 0) el('span', { class: 'move-no' }, strip, `${k / 2 + 1}.`);
    moveEntry(strip, moves, k, ply);
  });
  const current = strip.querySelector('.current');
  strip.scrollLeft = current ? current.offsetLeft - strip.offsetLeft - strip.clientWidth / 2 : 0;
}
