// ending.js - ending a game other than by its rules: resignation, an
// agreed draw (the engine's answer to an offer), and the rematch after.

import { $ } from './util.js';
import { api } from './api.js';
import { COLOUR_NAMES, DRAWS_POSSIBLE, other } from './games.js';
import { isOver, p1Colour, toMove } from './result.js';
import { play } from './state.js';
import { engineSide, handleError, humanSide, render, showMessage } from './play.js';
import { onInfo, scoreText } from './analysis.js';
import { newGame, onState } from './session.js';

// Tells the server how the game ended (resignation, agreement, time).  A
// server without /end: the page keeps the end itself and plays no further.
export async function declareEnd(result, reason) {
  try {
    onState(await api('POST', `/api/sessions/${play.id}/end`, { result, reason }));
  } catch (e) {
    if ((e.status === 404 && !/session/.test(e.message)) || e.status === 405) {
      play.localEnd = { result, reason, ply: play.state.moves.length };
      play.clock.running = false;
      render();
    } else if (e.status !== 409) {
      handleError(e);
    }
  }
}

export function resign() {
  const state = play.state;
  if (!state || isOver(state)) return;
  const h = humanSide();
  const side = h === 'p1' || h === 'p2' ? h : toMove(state);
  if (!side) return;
  const names = COLOUR_NAMES[state.game];
  const colour = side === 'p1' ? p1Colour(state) : other(p1Colour(state));
  play.clock.running = false;
  declareEnd(side === 'p1' ? 'p2win' : 'p1win', `${names[colour]} (${side}) resigns`);
}

// The engine's last known evaluation, from its own side (centi-units).
export function engineOwnEval() {
  const eng = engineSide();
  const n = play.state.moves.length;
  const plies = Object.keys(play.evals).map(Number).filter((k) => k <= n);
  if (!plies.length || (eng !== 'p1' && eng !== 'p2')) return null;
  const v = play.evals[Math.max(...plies)];
  return eng === 'p1' ? v : -v;
}

// A draw offer, answered by the server for the engine (its rule, stated on
// the page: declined before both sides moved, then taken only when level).
export async function offerDraw() {
  const state = play.state;
  const eng = engineSide();
  if (!state || isOver(state) || !DRAWS_POSSIBLE.has(state.game) || (eng !== 'p1' && eng !== 'p2')) return;
  showMessage('');
  try {
    const answer = await api('POST', `/api/sessions/${play.id}/draw`, { by: eng === 'p1' ? 'p2' : 'p1' });
    onState(answer.state);
    const why = answer.draw.why;
    $('draw-answer').textContent = why[0].toUpperCase() + why.slice(1) + '.';
  } catch (e) {
    // A server without /draw (a path it does not know): the page answers.
    if ((e.status === 404 && !/session/.test(e.message)) || e.status === 405) await offerDrawHere();
    else handleError(e);
  }
}

// The page's own answer for a server that does not answer offers: the
// engine accepts when its last evaluation, from its own side, is 0 or
// below; with none yet it looks at the position briefly.
async function offerDrawHere() {
  const state = play.state;
  let own = engineOwnEval();
  if (own === null && !play.engineBusy) {
    try {
      play.analysing = false;
      const root = state.moves.length;
      play.searchRoot = root;
      const after = await api('POST', `/api/sessions/${play.id}/go`, { movetime: 300, purpose: 'analyse', wait: true });
      if (after.last_info) onInfo(after.last_info, root);
      play.state = after;
      own = engineOwnEval();
    } catch (e) { handleError(e); return; }
  }
  if (own === null) {
    showMessage('The engine has no evaluation yet; offer again on your move.');
    return;
  }
  if (own <= 0) {
    await declareEnd('draw', 'draw agreed');
    $('draw-answer').textContent = `The engine accepts the draw (its evaluation for itself: ${scoreText(own)}).`;
  } else {
    $('draw-answer').textContent = `The engine declines the draw: it evaluates the position at ${scoreText(own)} for itself.`;
  }
}

export function rematch() {
  const h = humanSide();
  if (h === 'p1' || h === 'p2') $('human').value = h === 'p1' ? 'p2' : 'p1';
  const state = play.state;
  const start = play.startFen ? (state && state.start === 'startpos' ? 'startpos' : 'fen ' + play.startFen) : state ? state.start : 'startpos';
  newGame(start);
}
