// session.js - the game's session on the server: states as they come,
// engine moves, analysis, the event stream, new games, a reload.

import { $, params, SELFTEST, SHOW, sleep, store } from './util.js';
import { api } from './api.js';
import { START_FENS } from './games.js';
import { replay } from './replay.js';
import { isOver, toMove } from './result.js';
import { play } from './state.js';
import { announce, handleError, humanSide, render, showMessage, showNoSession } from './play.js';
import { chosenTimeControl, clockLeft, clockOnMoves, clockReset, endOnTime, flag, TIME_CONTROLS } from './clock.js';
import { clearBestLine, onInfo, renderMultiPv } from './analysis.js';
import { showMovetime } from './controls.js';
import { moveSound } from './sound.js';
import { playPremove } from './premove.js';

export function startString(state) {
  if (state.start.startsWith('deal') && play.startFen) return 'fen ' + play.startFen;
  return state.start;
}

export function saveSession() {
  if (!play.id || !play.state) return;
  store.set('sessionStorage', 'tessera.session', JSON.stringify({
    id: play.id, startFen: play.startFen, evals: play.evals, times: play.times, seed: play.seed,
    human: humanSide(), tcName: $('time-control').value, clock: play.clock, turnStart: play.turnStart,
    ply: play.state.moves.length, localEnd: play.localEnd, movetime: $('movetime').value,
  }));
}

export function onState(state) {
  // Compared with what was last drawn, not with play.state (the event
  // stream may have put a state there without drawing it).
  const key = `${state.game}|${state.start}|${state.fen}|${state.moves.join(' ')}`;
  const changed = key !== play.key;
  const n = state.moves.length, moved = changed && play.keyPly === n - 1;
  play.key = key;
  play.keyPly = n;
  play.state = state;
  if (n === 0) play.startFen = state.fen;
  else if (!play.startFen && state.start.startsWith('fen ')) play.startFen = state.start.slice(4);
  else if (!play.startFen && state.start === 'startpos') play.startFen = START_FENS[state.game];
  if (changed) {
    play.steps = [];
    // A premove waits for the engine's move, and for nothing else.
    if (!moved) play.premove = [];
    if (play.pvRoot !== n) { play.pv = []; play.multipv = {}; renderMultiPv(); }
    if (isOver(state)) clearBestLine();
    Object.keys(play.evals).forEach((k) => { if (+k > n) delete play.evals[k]; });
    play.times.length = Math.min(play.times.length, n);
    if (play.localEnd && play.localEnd.ply !== n) play.localEnd = null;
    try {
      play.fens = play.startFen ? replay(state.game, play.startFen, state.moves) : null;
      if (play.fens && play.fens[n] !== state.fen) {
        play.replayErrors.push(`after ${state.moves.join(' ')}: replayed ${play.fens[n]}, the engine says ${state.fen}`);
        play.fens = null;
      }
    } catch (e) {
      play.replayErrors.push(`${state.moves.join(' ')}: ${e.message}`);
      play.fens = null;
    }
    if (play.view !== null && (!play.fens || play.view >= n)) play.view = null;
  }
  clockOnMoves(state);
  if (state.engine_broken) showMessage('The engine cannot run: ' + state.engine_error);
  else if (play.restarts !== undefined && state.restarts > play.restarts)
    showMessage(`The engine crashed (${state.engine_error}); it was restarted with the game as it was.`);
  play.restarts = state.restarts;
  render();
  announce(state, moved);
  if (moved) {
    moveSound();
    playPremove();
  }
  saveSession();
  if (changed && play.analysing && !isOver(state)) startAnalysis();
  maybeEngineMove();
  if (state.searching && state.purpose === 'play' && !play.engineBusy) followSearch();
}

export function maybeEngineMove() {
  const state = play.state;
  if (!state || play.analysing || play.engineBusy || state.searching || isOver(state) || play.flagging) return;
  const mover = toMove(state), h = humanSide();
  if (h === 'both' || h === mover) return;
  requestEngineMove();
}

// A search for a move that this page did not wait for (the page was
// reloaded meanwhile): its end comes as a state.
async function followSearch() {
  if (play.following) return;
  play.following = true;
  try {
    while (play.id && play.state.searching && play.state.purpose === 'play' && !play.engineBusy) {
      await sleep(300);
      const state = await api('GET', `/api/sessions/${play.id}`);
      if (!state.searching || state.moves.length !== play.state.moves.length) { play.following = false; onState(state); return; }
    }
  } catch (e) { handleError(e); }
  play.following = false;
}

export async function requestEngineMove() {
  const state = play.state;
  if (play.engineBusy || !state || isOver(state)) return;
  const mover = toMove(state);
  const c = play.clock;
  if (c.tc && c.running && clockLeft(mover) <= 0) { flag(mover); return; }
  play.engineBusy = true;
  const root = state.moves.length;
  play.searchRoot = root;
  let body;
  if (c.tc && c.running) {
    const t = (side) => Math.min(86400000, Math.max(0, Math.round(clockLeft(side))));
    body = { purpose: 'play', wait: true, p1time: t('p1'), p2time: t('p2'), p1inc: c.tc.inc, p2inc: c.tc.inc };
  } else {
    body = { movetime: Math.max(10, +$('movetime').value || 1000), purpose: 'play', wait: true };
  }
  play.lastGo = body;
  const started = Date.now();
  try {
    const pending = api('POST', `/api/sessions/${play.id}/go`, body);
    if (play.hooks.afterGo) play.hooks.afterGo();
    let after = await pending;
    play.engineBusy = false;
    if (play.flagPending) {
      const side = play.flagPending;
      play.flagPending = null;
      if (after.moves.length > root) after = await api('POST', `/api/sessions/${play.id}/undo`, { count: after.moves.length - root });
      play.clock.ply = after.moves.length;
      onState(after);
      await endOnTime(side);
      return;
    }
    if (after.moves.length === root + 1) {
      play.times[root] = Date.now() - started;
      if (after.last_info) onInfo(after.last_info, root);
    }
    onState(after);
  } catch (e) {
    play.engineBusy = false;
    handleError(e);
  }
}

export async function startAnalysis() {
  try {
    play.info = null;
    play.searchRoot = play.state.moves.length;
    await api('POST', `/api/sessions/${play.id}/go`, { infinite: true, purpose: 'analyse' });
    if (!play.events) pollAnalysis();
  } catch (e) { handleError(e); }
}

// Without an event stream (self-test, old browsers) the last info line
// is read from the state instead.
async function pollAnalysis() {
  if (play.polling) return;
  play.polling = true;
  while (play.analysing && play.id) {
    try {
      const state = await api('GET', `/api/sessions/${play.id}`);
      if (state.last_info && state.moves.length === play.state.moves.length) onInfo(state.last_info, state.moves.length);
    } catch (e) { handleError(e); break; }
    await sleep(300);
  }
  play.polling = false;
}

function openEvents() {
  if (play.events) play.events.close();
  play.events = null;
  // Headless self-tests run without a stream (an open stream keeps a
  // virtual-time browser waiting), unless ?sse=1 asks for one.
  if ((SELFTEST && !params.has('sse')) || SHOW || params.has('once') || typeof EventSource === 'undefined') return;
  const source = new EventSource(`/api/sessions/${play.id}/events`);
  play.events = source;
  source.addEventListener('state', (e) => {
    const state = JSON.parse(e.data);
    if (!play.engineBusy) onState(state);
    else if (play.state && state.moves.length === play.state.moves.length) { play.state = state; render(); }
  });
  source.addEventListener('info', (e) => onInfo(JSON.parse(e.data).line));
  source.addEventListener('engine', (e) => {
    const d = JSON.parse(e.data);
    showMessage(d.restarted ? `The engine crashed (${d.why}); it was restarted with the game as it was.` : `The engine crashed and could not be restarted: ${d.why}`);
  });
  source.addEventListener('message', (e) => showMessage(JSON.parse(e.data).error));
  source.onopen = () => { $('connection').textContent = 'connected'; };
  source.onerror = () => { $('connection').textContent = 'connection lost; retrying'; };
}

// The session of this tab: the one it had before a reload if the server
// still holds it, else a new one.
export async function ensureSession() {
  if (play.id) return false;
  const saved = SELFTEST && params.get('selftest') !== 'reload' ? null : store.get('sessionStorage', 'tessera.session');
  if (saved) {
    try {
      const s = JSON.parse(saved);
      const state = await api('GET', `/api/sessions/${s.id}`);
      play.id = state.id;
      restoreSaved(s, state);
      openEvents();
      onState(state);
      return true;
    } catch (e) { store.remove('sessionStorage', 'tessera.session'); }
  }
  const state = await api('POST', '/api/sessions', {});
  play.id = state.id;
  if (!$('no-session').hidden) showNoSession(null);
  openEvents();
  play.state = state;
  return false;
}

function restoreSaved(s, state) {
  if (s.human) $('human').value = s.human;
  if (s.tcName !== undefined && s.tcName in TIME_CONTROLS) $('time-control').value = s.tcName;
  if (s.movetime) $('movetime').value = s.movetime;
  showMovetime();
  play.startFen = s.startFen || null;
  play.evals = s.evals || {};
  play.times = s.times || [];
  play.seed = s.seed || Date.now();
  play.localEnd = s.localEnd || null;
  if (s.clock && s.clock.tc) {
    play.clock = s.clock;
    play.turnStart = s.ply === state.moves.length && s.turnStart ? s.turnStart : Date.now();
    play.clock.ply = s.ply === state.moves.length ? s.ply : state.moves.length;
  }
}

export async function newGame(start, moves) {
  showMessage('');
  $('draw-answer').textContent = '';
  // A new game from the start: the box no longer holds its position.
  if (start === undefined) $('position-input').value = '';
  try {
    await ensureSession();
    play.analysing = false;
    const body = { game: $('game').value, start: start || 'startpos' };
    if (moves) body.moves = moves;
    const state = await api('POST', `/api/sessions/${play.id}/new`, body);
    play.state = null;
    play.key = null;
    play.keyPly = null;
    play.startFen = null;
    play.evals = {};
    play.times = [];
    play.view = null;
    clearBestLine();
    play.localEnd = null;
    play.seed = Date.now();
    for (const id of ['an-score', 'an-depth', 'an-nps', 'an-nodes']) $(id).textContent = '-';
    $('wdl').hidden = true;
    clockReset(chosenTimeControl());
    if (state.moves.length) {
      // Reopened from a link: the start's position comes from the start.
      if (state.start.startsWith('fen ')) play.startFen = state.start.slice(4);
      else if (state.start === 'startpos') play.startFen = START_FENS[state.game];
      play.clock.ply = state.moves.length;
    }
    onState(state);
  } catch (e) { handleError(e); }
}
