// link.js - a link that reopens a game at a position.

import { $ } from './util.js';
import { GAME_NAMES } from './games.js';
import { play } from './state.js';
import { humanSide, live, setView } from './play.js';
import { newGame, startString } from './session.js';

// A link that reopens this game at the position shown: the game, its
// start and its moves in the fragment (never sent to the server).
export function gameLink() {
  const state = play.state;
  const q = new URLSearchParams();
  q.set('game', state.game);
  q.set('start', startString(state));
  q.set('moves', state.moves.join(' '));
  q.set('human', humanSide());
  if (!live()) q.set('ply', String(play.view));
  return `${location.origin}${location.pathname}#${q.toString()}`;
}

export function readLink() {
  if (!location.hash || !/[#&]game=/.test(location.hash)) return null;
  const q = new URLSearchParams(location.hash.slice(1));
  const game = q.get('game');
  if (!GAME_NAMES[game]) return null;
  return { game, start: q.get('start') || 'startpos', moves: q.get('moves') || '', human: q.get('human'), ply: q.get('ply') };
}

export async function openLink(link) {
  $('game').value = link.game;
  if (['p1', 'p2', 'both', 'none'].includes(link.human)) $('human').value = link.human;
  // A reopened game is looked at first: the engine waits until you choose.
  if (link.moves && $('human').value !== 'none') $('human').value = 'both';
  await newGame(link.start, link.moves);
  if (link.ply !== null && play.state && play.fens) setView(+link.ply);
  history.replaceState(null, '', location.pathname + location.search);
}
