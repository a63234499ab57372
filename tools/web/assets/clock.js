// clock.js - the players' clocks, and a loss on time.

import { $ } from './util.js';
import { api } from './api.js';
import { COLOUR_NAMES, other } from './games.js';
import { isOver, p1Colour, plyMover, toMove } from './result.js';
import { play } from './state.js';
import { engineSide, humanSide } from './play.js';
import { declareEnd } from './ending.js';

export const TIME_CONTROLS = { '': null, '60+0': [60, 0], '180+2': [180, 2], '300+3': [300, 3], '600+5': [600, 5] };

export function chosenTimeControl() {
  const tc = TIME_CONTROLS[$('time-control').value];
  return tc ? { base: tc[0] * 1000, inc: tc[1] * 1000 } : null;
}

export function clockReset(tc) {
  play.clock = { tc, left: { p1: tc ? tc.base : 0, p2: tc ? tc.base : 0 }, ply: 0, running: !!tc };
  play.turnStart = Date.now();
  play.flagging = false;
  play.flagPending = null;
}

// As on lichess, each side's clock starts after its own first move: the
// first two plies are not timed.
const UNTIMED_PLIES = 2;

// Whether side's clock falls now: it is to move, past its first move.
function falling(side) {
  const c = play.clock, state = play.state;
  return !!c.tc && c.running && !!state && toMove(state) === side && state.moves.length >= UNTIMED_PLIES;
}

// What a clock shows now: the side to move's falls while it thinks.
export function clockLeft(side) {
  const c = play.clock;
  if (!c.tc) return 0;
  return c.left[side] - (falling(side) ? Date.now() - play.turnStart : 0);
}

// Moves were played (or taken back): the mover's clock pays for its think
// time and earns the increment (from its second move on).
export function clockOnMoves(state) {
  const c = play.clock, n = state.moves.length, now = Date.now();
  if (n > c.ply) {
    for (let k = c.ply; k < n; k++) {
      const elapsed = k === c.ply ? now - play.turnStart : 0;
      if (play.times[k] === undefined) play.times[k] = elapsed;
      if (c.tc && c.running && k >= UNTIMED_PLIES) c.left[plyMover(k)] += c.tc.inc - elapsed;
    }
    play.turnStart = now;
  } else if (n < c.ply) {
    play.turnStart = now;
  }
  c.ply = n;
  if (isOver(state) && c.running) c.running = false;
}

function formatClock(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000), s = (t % 60000) / 1000;
  return t < 10000 ? `${m}:${s.toFixed(1).padStart(4, '0')}` : `${m}:${String(Math.floor(s)).padStart(2, '0')}`;
}

export function renderClocks() {
  const c = play.clock, state = play.state;
  ['p1', 'p2'].forEach((side) => {
    const box = $('clock-' + side);
    box.hidden = !c.tc;
    if (!c.tc || !state) return;
    const left = clockLeft(side);
    box.querySelector('.time').textContent = formatClock(left);
    const names = COLOUR_NAMES[state.game], colour = side === 'p1' ? p1Colour(state) : other(p1Colour(state));
    const you = humanSide() === side ? ', you' : engineSide() === side || engineSide() === 'both' ? ', engine' : '';
    // A clock that ran out stays marked after the game.
    const flagged = isOver(state) && left <= 0;
    box.querySelector('.who').textContent = `${names[colour]} (${side}${you})${flagged ? ': out of time' : ''}`;
    box.classList.toggle('running', falling(side));
    box.classList.toggle('low', left < 10000);
    box.classList.toggle('flagged', flagged);
  });
  $('board-stack').classList.toggle('flipped', play.flipped);
}

export function tick() {
  const state = play.state;
  if (!state || !play.clock.tc) return;
  renderClocks();
  const mover = toMove(state);
  if (play.clock.running && mover && clockLeft(mover) <= 0) flag(mover);
}

// A clock reached zero: that side loses.  An engine still thinking is
// stopped first, and the move it then plays is taken back (the game ended
// before it).
export async function flag(side) {
  if (play.flagging) return;
  play.flagging = true;
  play.clock.left[side] = 0;
  play.clock.running = false;
  renderClocks();
  if (play.engineBusy) {
    play.flagPending = side;
    try { await api('POST', `/api/sessions/${play.id}/stop`); } catch (e) { /* the search may have ended */ }
    return;
  }
  await endOnTime(side);
}

export async function endOnTime(side) {
  const names = COLOUR_NAMES[play.state.game];
  const colour = side === 'p1' ? p1Colour(play.state) : other(p1Colour(play.state));
  await declareEnd(side === 'p1' ? 'p2win' : 'p1win', `${names[colour]} (${side}) ran out of time`);
}
