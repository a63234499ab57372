// games.js - what the page knows of the four games: names, colours,
// start positions, position strings read into squares, the steps of a
// move.

export function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }

// Splits a whole move into the steps a player clicks, in the games' own
// notations (RULES.md): squares (d4, b2b3,c4c5, a1a2b2b1), ring numbers
// and discards (17,3,x4), and swap.
export function moveSteps(move) { return move.match(/swap|x\d+|[a-z]\d+|\d+/g) || [move]; }

export const GAME_NAMES = { roomandpillar: 'Room and Pillar', columna: 'Columna', qawale: 'Qawale', territoire: 'Territoire' };
export const COLOUR_NAMES = {
  roomandpillar: { b: 'Black', w: 'White' },
  columna: { w: 'White', b: 'Black' },
  qawale: { w: 'Light', b: 'Dark' },
  territoire: { b: 'Dark', w: 'Light' },
};
// Games whose rules know a draw (RULES.md): only there can one be offered.
export const DRAWS_POSSIBLE = new Set(['qawale', 'territoire']);
export const START_FENS = {
  roomandpillar: 'wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -',
  columna: '111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p',
  qawale: 'nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8',
  territoire: '3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0',
};

export function parseRoomAndPillar(fen) {
  const [ranks, side, pie] = fen.split(' ');
  const rows = ranks.split('/');
  const height = rows.length, width = rows[0].length;
  const squares = {};
  rows.forEach((row, r) => {
    for (let f = 0; f < width; f++) squares[squareName(f, height - 1 - r)] = row[f];
  });
  return { width, height, squares, side, pie };
}

export function parseColumna(fen) {
  const [ranks, side, phase] = fen.split(' ');
  const rows = ranks.split('/');
  const squares = {};
  rows.forEach((row, r) => {
    let f = -1;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') squares[squareName(++f, rows.length - 1 - r)] = { height: +ch, pawn: null };
      else squares[squareName(f, rows.length - 1 - r)].pawn = ch;
    }
  });
  return { width: 6, height: rows.length, squares, side, phase };
}

export function parseQawale(fen) {
  const [ranks, side, wReserve, bReserve] = fen.split(' ');
  const rows = ranks.split('/');
  const squares = {};
  rows.forEach((row, r) => {
    row.split(',').forEach((stack, f) => { squares[squareName(f, rows.length - 1 - r)] = stack === '.' ? '' : stack; });
  });
  return { width: 4, height: rows.length, squares, side, reserve: { w: +wReserve, b: +bReserve } };
}

export function parseTerritoire(fen) {
  const [ring, golden, side, dark, light, darkCaptures, lightCaptures] = fen.split(' ');
  const squares = [];
  for (let i = 0; i + 1 < ring.length; i += 2) squares.push({ value: +ring[i], occupant: ring[i + 1] });
  return {
    squares, golden: +golden, side,
    groups: { b: dark, w: light }, captures: { b: +darkCaptures, w: +lightCaptures },
  };
}

export function other(colour) { return colour === 'w' ? 'b' : 'w'; }

export function territoireScores(p) {
  const score = { b: p.captures.b, w: p.captures.w };
  p.squares.forEach((sq, i) => {
    if (sq.occupant === 'b' || sq.occupant === 'w') score[sq.occupant] += 1 + (i + 1 === p.golden ? 3 : 0);
  });
  return score;
}
