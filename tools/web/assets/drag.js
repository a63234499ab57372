// drag.js - moves by dragging as well as by clicking: a press on a square
// that can be clicked and a release on another square plays the two as
// steps, the second when it is then a legal next step (Columna's pawn
// from and to, Qawale's start and first drop).  A press and release on
// the same square is a click, played by the square's own click handler.

import { $ } from './util.js';
import { onStep } from './play.js';

const tokenAt = (x, y) => {
  const hit = document.elementFromPoint(x, y);
  const square = hit && hit.closest('#board [data-token]');
  return square ? square.getAttribute('data-token') : null;
};

export function wireDrag() {
  const board = $('board');
  let from = null;
  board.addEventListener('pointerdown', (e) => {
    const square = e.target.closest('[data-token].clickable');
    from = square ? square.getAttribute('data-token') : null;
    // No text selection or native drag of the SVG while dragging.
    if (from) e.preventDefault();
  });
  board.addEventListener('pointerup', (e) => {
    const start = from, to = tokenAt(e.clientX, e.clientY);
    from = null;
    if (!start || !to || to === start) return;
    onStep(start);
    if (document.querySelector(`#board [data-token="${to}"].clickable`)) onStep(to);
  });
  board.addEventListener('pointercancel', () => { from = null; });
}
