// banner.js - the result over the board when a game ends: who won, from
// your side when you play one (never green for a loss), why, and what to
// do next (a rematch, or the game's moves and evaluations).

import { $ } from './util.js';
import { isOver, resultOf } from './result.js';
import { play } from './state.js';
import { humanSide, live, setView } from './play.js';
import { rematch } from './ending.js';

const TITLES = { win: 'You win', loss: 'You lose', draw: 'Draw', over: 'Game over' };

// The end as the player sees it: win, loss, draw, or over (you played
// both sides or neither).
function outcome(state) {
  const result = resultOf(state), h = humanSide();
  if (result === 'draw') return 'draw';
  if (h !== 'p1' && h !== 'p2') return 'over';
  return (result === 'p1win') === (h === 'p1') ? 'win' : 'loss';
}

// Shown over the live position of a finished game until closed; the
// result's words are in #result (render fills it).
export function renderBanner(state) {
  const banner = $('result-banner');
  banner.hidden = !isOver(state) || !live() || play.bannerClosed === play.key;
  if (banner.hidden) return;
  const kind = outcome(state);
  banner.className = kind;
  $('result-title').textContent = TITLES[kind];
}

export function wireBanner() {
  $('banner-rematch').addEventListener('click', rematch);
  $('banner-close').addEventListener('click', () => { play.bannerClosed = play.key; $('result-banner').hidden = true; });
  // The game's last position before its end, beside the evaluation graph
  // and the move list (arrow keys step on from there).
  $('banner-review').addEventListener('click', () => {
    play.bannerClosed = play.key;
    setView(Math.max(0, play.state.moves.length - 1));
    $('side-panel').scrollIntoView({ block: 'nearest' });
  });
}
