// replay.js - the position after each known move, without an engine.

import { other, parseColumna, parseQawale, parseRoomAndPillar, parseTerritoire, squareName } from './games.js';

//
// The moves of a game the page shows were all accepted by the engine (or
// written by the arena), so replaying them needs no legality check: each
// notation names the squares it changes (RULES.md).  The self-test checks
// every replayed position against the engine's.

function gridRanks(p, cell) {
  const rows = [];
  for (let r = p.height - 1; r >= 0; r--) {
    const row = [];
    for (let f = 0; f < p.width; f++) row.push(cell(p.squares[squareName(f, r)]));
    rows.push(row);
  }
  return rows;
}

function takeFromGroup(groups, size) {
  const digits = groups.split('').map(Number);
  const i = digits.indexOf(size);
  if (i < 0) throw new Error(`no group of ${size} in ${groups}`);
  digits[i]--;
  return digits.sort((a, b) => b - a).join('');
}

// A maximal run of one colour's pawns through square i, and whether
// opponent pawns flank it directly on both sides.
function territoireSeries(squares, i) {
  const n = squares.length, colour = squares[i].occupant;
  const members = [i];
  let left = i, right = i;
  for (;;) {
    const j = (left - 1 + n) % n;
    if (j === i || squares[j].occupant !== colour) break;
    members.push(j); left = j;
  }
  if (members.length === n) return { members, flanked: false };
  for (;;) {
    const j = (right + 1) % n;
    if (j === left || squares[j].occupant !== colour) break;
    members.push(j); right = j;
  }
  const before = squares[(left - 1 + n) % n].occupant, after = squares[(right + 1) % n].occupant;
  const foe = other(colour);
  return { members, flanked: members.length < n && before === foe && after === foe };
}

function territoirePlace(p, i, colour) {
  const squares = p.squares, n = squares.length, foe = other(colour);
  squares[i].occupant = colour;
  let captured = false;
  for (const j of [(i - 1 + n) % n, (i + 1) % n]) {
    if (squares[j].occupant !== foe) continue;
    const s = territoireSeries(squares, j);
    if (!s.flanked) continue;
    s.members.forEach((m) => { squares[m].occupant = 'x'; });
    p.captures[colour] += s.members.length;
    captured = true;
  }
  if (captured) return;
  const own = territoireSeries(squares, i);
  if (own.flanked) {
    own.members.forEach((m) => { squares[m].occupant = 'x'; });
    p.captures[foe] += own.members.length;
  }
}

export const RULES = {
  roomandpillar: {
    parse: parseRoomAndPillar,
    format: (p) => `${gridRanks(p, (s) => s).map((r) => r.join('')).join('/')} ${p.side} ${p.pie}`,
    apply(p, move) {
      if (move === 'swap') { p.pie = '-'; return; }
      const full = Object.values(p.squares).every((s) => s !== '.');
      if (!(move in p.squares)) throw new Error('no square ' + move);
      p.squares[move] = '.';
      p.side = other(p.side);
      p.pie = full ? 's' : '-';
    },
  },
  columna: {
    parse: parseColumna,
    format: (p) => `${gridRanks(p, (s) => s.height + (s.pawn || '')).map((r) => r.join('')).join('/')} ${p.side} ${p.phase}`,
    apply(p, move) {
      const parts = move.split(',').map((m) => m.match(/[a-z]\d+/g));
      const stack = (q) => {
        const [from, to] = q;
        p.squares[to].height += p.squares[from].height;
        p.squares[from].height = 0;
        p.side = other(p.side);
        p.phase = 'p';
      };
      if (p.phase === 's') { stack(parts[0]); return; }
      const [from, to] = parts[0];
      p.squares[to].pawn = p.squares[from].pawn;
      p.squares[from].pawn = null;
      if (parts[1]) stack(parts[1]);
      else p.phase = 's';
    },
  },
  qawale: {
    parse: parseQawale,
    format: (p) => `${gridRanks(p, (s) => s || '.').map((r) => r.join(',')).join('/')} ${p.side} ${p.reserve.w} ${p.reserve.b}`,
    apply(p, move) {
      const path = move.match(/[a-z]\d+/g);
      const stack = p.squares[path[0]] + p.side;
      if (stack.length !== path.length - 1) throw new Error(`${move} sows ${path.length - 1} pebbles from a stack of ${stack.length}`);
      p.squares[path[0]] = '';
      path.slice(1).forEach((sq, i) => { p.squares[sq] += stack[i]; });
      p.reserve[p.side]--;
      p.side = other(p.side);
    },
  },
  territoire: {
    parse: parseTerritoire,
    format: (p) => `${p.squares.map((s) => s.value + s.occupant).join('')} ${p.golden} ${p.side} ${p.groups.b} ${p.groups.w} ${p.captures.b} ${p.captures.w}`,
    apply(p, move) {
      for (const step of move.split(',')) {
        if (step[0] === 'x') { p.groups[p.side] = takeFromGroup(p.groups[p.side], +step.slice(1)); continue; }
        const i = +step - 1;
        p.groups[p.side] = takeFromGroup(p.groups[p.side], p.squares[i].value);
        territoirePlace(p, i, p.side);
      }
      p.side = other(p.side);
    },
  },
};

// The position after each move: fens[k] is the position after k moves.
// Throws when a move does not fit (a notation the page does not know).
export function replay(game, startFen, moves) {
  const rules = RULES[game];
  const p = rules.parse(startFen);
  const fens = [startFen];
  for (const m of moves) { rules.apply(p, m); fens.push(rules.format(p)); }
  return fens;
}
