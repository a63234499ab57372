// ending.js - ending a game other than by its rules: resignation, an
// agreed draw (the engine's answer to an offer), and the rematch after.

import { $ } from './util.js';
import { api } from './api.js';
import { COLOUR_NAMES, DRAWS_POSSIBLE, other } from './games.js';
import { isOver, p1Colour, toMove } from './result.js';
import { play } from './state.js';
import { engineSide, handleError, humanSide, render, showMessage } from './play.js';
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
    handleError(e);
  }
}

export function rematch() {
  const h = humanSide();
  if (h === 'p1' || h === 'p2') $('human').value = h === 'p1' ? 'p2' : 'p1';
  const state = play.state;
  const start = play.startFen ? (state && state.start === 'startpos' ? 'startpos' : 'fen ' + play.startFen) : state ? state.start : 'startpos';
  newGame(start);
}
