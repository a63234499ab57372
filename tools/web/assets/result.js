// result.js - whether and how a game ended, and why, in the rules' words.

import { COLOUR_NAMES, other, parseColumna, parseQawale, parseTerritoire, squareName, territoireScores } from './games.js';
import { play } from './state.js';

export function p1Colour(state) { const m = /p1 plays (\w)/.exec(state.side || ''); return m ? m[1] : 'w'; }
export function sideToMove(state) { return (state.side || 'w')[0]; }
export function plyMover(ply) { return ply % 2 === 0 ? 'p1' : 'p2'; }

// The status the page goes by: the server's, or an end the page declared
// itself when the server could not take it (a server without /end).
function statusOf(state) {
  if (play.localEnd && state === play.state && play.localEnd.ply === state.moves.length && !state.status.startsWith('over'))
    return 'over, ' + play.localEnd.result;
  return state.status;
}
export function reasonOf(state) {
  if (state.reason) return state.reason;
  return play.localEnd && statusOf(state) !== state.status ? play.localEnd.reason : '';
}
export function toMove(state) {
  const m = /ongoing, (p[12]) to move/.exec(statusOf(state));
  return m ? m[1] : null;
}
export function isOver(state) { return statusOf(state).startsWith('over'); }

const QAWALE_LINES = (() => {
  const lines = [];
  for (let i = 0; i < 4; i++) {
    lines.push([0, 1, 2, 3].map((f) => squareName(f, i)));
    lines.push([0, 1, 2, 3].map((r) => squareName(i, r)));
  }
  lines.push([0, 1, 2, 3].map((i) => squareName(i, i)));
  lines.push([0, 1, 2, 3].map((i) => squareName(i, 3 - i)));
  return lines;
})();

function qawaleLinesOf(p, colour) {
  return QAWALE_LINES.filter((line) => line.every((sq) => p.squares[sq].slice(-1) === colour));
}

function columnaCounts(p, colour) {
  const heights = [];
  for (const name in p.squares) if (p.squares[name].pawn === colour) heights.push(p.squares[name].height);
  return heights.sort((a, b) => b - a).join(', ');
}

// Why a finished game ended as it did, in the rules' words (RULES.md).
function resultWhy(game, fen, state) {
  const names = COLOUR_NAMES[game];
  const mover = sideToMove(state);
  if (game === 'roomandpillar')
    return `${names[mover]} has no legal removal left; the last player to move wins.`;
  if (game === 'columna') {
    const p = parseColumna(fen);
    const action = p.phase === 's' ? 'stacking' : 'pawn move';
    return `${names[mover]} cannot make the ${action} due. Pawns by stack height: ` +
      `${names.w} ${columnaCounts(p, 'w')}; ${names.b} ${columnaCounts(p, 'b')} (compared from 5 down; ` +
      'if equal, the player who could not act loses).';
  }
  if (game === 'qawale') {
    const p = parseQawale(fen);
    const lines = ['w', 'b'].map((c) => qawaleLinesOf(p, c)).map((l, i) => l.length ? `${names[['w', 'b'][i]]} shows four tops in a line (${l[0].join(' ')})` : '');
    const shown = lines.filter((t) => t);
    return shown.length ? shown.join('; ') + '.' : 'Both reserves are empty and no line of four shows.';
  }
  const p = parseTerritoire(fen);
  const s = territoireScores(p);
  return `All pawns are placed. Score ${names.b} ${s.b}, ${names.w} ${s.w} ` +
    '(own pawns on the board, plus captured pawns, plus 3 for the golden square).';
}

export function resultOf(state) {
  const m = /over, (p1win|p2win|draw)/.exec(statusOf(state));
  return m ? m[1] : null;
}

export function resultText(state) {
  const result = resultOf(state);
  if (!result) return '';
  const names = COLOUR_NAMES[state.game], p1 = p1Colour(state);
  const who = result === 'draw' ? 'Draw' :
    result === 'p1win' ? `${names[p1]} (p1) wins` : `${names[other(p1)]} (p2) wins`;
  const reason = reasonOf(state);
  return reason ? `${who}: ${reason}.` : `${who}. ${resultWhy(state.game, state.fen, state)}`;
}

export function qawaleWinningSquares(state) {
  if (state.game !== 'qawale' || !state.status.startsWith('over')) return [];
  const p = parseQawale(state.fen);
  return [...qawaleLinesOf(p, 'w'), ...qawaleLinesOf(p, 'b')].flat();
}
