// premove.js - steps chosen on the board while the engine is to move,
// played as soon as its move comes when they are legal then (as on
// lichess), else dropped with a message.

import { play } from './state.js';
import { isOver, toMove } from './result.js';
import { candidates, humanSide, humanToMove, live, onStep, render, showMessage } from './play.js';
import { moveSteps } from './games.js';

// Whether a premove can be chosen now: you play one side, and the engine,
// the other, is to move in the live game (not while analysing, when you
// may move for either side).
export function premoveTime(state) {
  const h = humanSide(), mover = toMove(state);
  return (h === 'p1' || h === 'p2') && live() && !play.analysing && !isOver(state) && !!mover && mover !== h;
}

export function addPremove(step) {
  play.premove.push(step);
  render();
}

// After the engine's move: each premove step in turn while it is a legal
// next step, until the move is complete (then played).
export function playPremove() {
  const steps = play.premove;
  play.premove = [];
  if (!steps.length || !humanToMove(play.state)) return;
  for (const step of steps) {
    if (!candidates().some((m) => moveSteps(m)[play.steps.length] === step)) {
      play.steps = [];
      showMessage(`The premove ${steps.join(' ')} is not legal after the engine's move: dropped.`);
      render();
      return;
    }
    onStep(step);
    if (!play.steps.length) return;
  }
}
