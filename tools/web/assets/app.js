// app.js - the Tessera page: play and analyse against the engine, watch an
// arena run or a tuner.  Whatever the rules decide for the live game (legal
// moves, results) comes from the engine through the server; the page draws,
// asks, and replays moves it already knows to be legal to show the earlier
// positions of a game (the move list, the Watch tab) without an engine.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const params = new URLSearchParams(location.search);
const SELFTEST = params.has('selftest');
const SHOW = params.get('show');

// ---------------------------------------------------------------- helpers

function svgEl(tag, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function el(tag, attrs, parent, text) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// Every request, for the self-tests (which sessions were created, what a
// go asked for).
const apiLog = [];

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  apiLog.push({ method, path, body });
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || (res.status + ' ' + res.statusText));
    err.status = res.status;
    throw err;
  }
  return data;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(cond, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for ' + what);
    await sleep(20);
  }
}

function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }

// Splits a whole move into the steps a player clicks, in the games' own
// notations (RULES.md): squares (d4, b2b3,c4c5, a1a2b2b1), ring numbers
// and discards (17,3,x4), and swap.
function moveSteps(move) { return move.match(/swap|x\d+|[a-z]\d+|\d+/g) || [move]; }

const GAME_NAMES = { roomandpillar: 'Room and Pillar', columna: 'Columna', qawale: 'Qawale', territoire: 'Territoire' };
const COLOUR_NAMES = {
  roomandpillar: { b: 'Black', w: 'White' },
  columna: { w: 'White', b: 'Black' },
  qawale: { w: 'Light', b: 'Dark' },
  territoire: { b: 'Dark', w: 'Light' },
};
// Games whose rules know a draw (RULES.md): only there can one be offered.
const DRAWS_POSSIBLE = new Set(['qawale', 'territoire']);
const START_FENS = {
  roomandpillar: 'wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -',
  columna: '111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p',
  qawale: 'nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8',
  territoire: '3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0',
};

const store = {
  get(area, key) { try { return window[area].getItem(key); } catch (e) { return null; } },
  set(area, key, value) { try { window[area].setItem(key, value); } catch (e) { /* private mode */ } },
  remove(area, key) { try { window[area].removeItem(key); } catch (e) { /* private mode */ } },
};

// ------------------------------------------------------- position strings

function parseRoomAndPillar(fen) {
  const [ranks, side, pie] = fen.split(' ');
  const rows = ranks.split('/');
  const height = rows.length, width = rows[0].length;
  const squares = {};
  rows.forEach((row, r) => {
    for (let f = 0; f < width; f++) squares[squareName(f, height - 1 - r)] = row[f];
  });
  return { width, height, squares, side, pie };
}

function parseColumna(fen) {
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

function parseQawale(fen) {
  const [ranks, side, wReserve, bReserve] = fen.split(' ');
  const rows = ranks.split('/');
  const squares = {};
  rows.forEach((row, r) => {
    row.split(',').forEach((stack, f) => { squares[squareName(f, rows.length - 1 - r)] = stack === '.' ? '' : stack; });
  });
  return { width: 4, height: rows.length, squares, side, reserve: { w: +wReserve, b: +bReserve } };
}

function parseTerritoire(fen) {
  const [ring, golden, side, dark, light, darkCaptures, lightCaptures] = fen.split(' ');
  const squares = [];
  for (let i = 0; i + 1 < ring.length; i += 2) squares.push({ value: +ring[i], occupant: ring[i + 1] });
  return {
    squares, golden: +golden, side,
    groups: { b: dark, w: light }, captures: { b: +darkCaptures, w: +lightCaptures },
  };
}

// ------------------------------------------------- replaying known moves
//
// The moves of a game the page shows were all accepted by the engine (or
// written by the arena), so replaying them needs no legality check: each
// notation names the squares it changes (RULES.md).  The self-test checks
// every replayed position against the engine's.

function other(colour) { return colour === 'w' ? 'b' : 'w'; }

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

const RULES = {
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
function replay(game, startFen, moves) {
  const rules = RULES[game];
  const p = rules.parse(startFen);
  const fens = [startFen];
  for (const m of moves) { rules.apply(p, m); fens.push(rules.format(p)); }
  return fens;
}

// ------------------------------------------------------------ board views

// decor: { clickable: Set of steps, onStep(step), chosen: [steps],
//          pv: [moves], line: [squares], last: Set of squares, flipped }
function decorate(g, step, x, y, size, decor) {
  const chosen = decor.chosen ? decor.chosen.indexOf(step) : -1;
  if (decor.line && decor.line.includes(step))
    svgEl('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, fill: 'none', stroke: '#d22', 'stroke-width': 4 }, g);
  if (decor.clickable && decor.clickable.has(step)) {
    g.classList.add('clickable');
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('aria-label', `play ${step}`);
    svgEl('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: 'rgba(60,170,60,0.08)', stroke: '#2a2', 'stroke-width': 3, rx: 6 }, g);
    svgEl('rect', { class: 'focus-ring', x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: 6 }, g);
    g.addEventListener('click', () => decor.onStep(step));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); decor.onStep(step); }
    });
  }
  if (chosen >= 0) badge(g, x + 12, y + 12, chosen + 1, '#e67e22');
}

// The last move's squares, under the pieces.
function markLast(g, step, x, y, size, decor, round) {
  if (!decor.last || !decor.last.has(step)) return;
  g.classList.add('last-move');
  if (round) svgEl('circle', { class: 'last-move-mark', cx: x + size / 2, cy: y + size / 2, r: size / 2 + 4, fill: 'none', stroke: '#e8b800', 'stroke-width': 6 }, g);
  else svgEl('rect', { class: 'last-move-mark', x, y, width: size, height: size, fill: 'rgba(255,208,0,0.42)' }, g);
}

function badge(g, cx, cy, label, colour) {
  svgEl('circle', { cx, cy, r: 10, fill: colour }, g);
  svgEl('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#fff' }, g, String(label));
}

const PV_COLOURS = ['#2563eb', '#c2410c', '#7c3aed'];

// The best line's first moves over the board: numbered marks on each
// move's squares, arrows along a move's path (pawn and stack moves,
// sowings).
function drawPv(svg, game, moves, centres) {
  const layer = svgEl('g', { class: 'pv-layer' }, svg);
  moves.slice(0, 3).forEach((move, i) => {
    const colour = PV_COLOURS[i];
    const steps = moveSteps(move).filter((s) => centres[s]);
    if (!steps.length) return;
    const g = svgEl('g', { class: 'pv-mark', 'data-pv': i + 1, 'data-move': move }, layer);
    const pairs = [];
    if (game === 'columna') for (let k = 0; k + 1 < steps.length; k += 2) pairs.push([steps[k], steps[k + 1]]);
    if (game === 'qawale') for (let k = 0; k + 1 < steps.length; k++) pairs.push([steps[k], steps[k + 1]]);
    pairs.forEach(([a, b]) => arrow(g, centres[a], centres[b], colour));
    const marked = game === 'territoire' ? steps : [steps[0]];
    marked.forEach((s) => {
      const [cx, cy] = centres[s];
      svgEl('circle', { cx: cx - 14 + i * 4, cy: cy - 14, r: 11, fill: colour, stroke: '#fff', 'stroke-width': 1.5, opacity: 0.92 }, g);
      svgEl('text', { x: cx - 14 + i * 4, y: cy - 10, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold', fill: '#fff' }, g, String(i + 1));
    });
  });
}

function arrow(g, [x1, y1], [x2, y2], colour) {
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, head = 14;
  const sx = x1 + ux * 8, sy = y1 + uy * 8, ex = x2 - ux * 10, ey = y2 - uy * 10;
  svgEl('line', { x1: sx, y1: sy, x2: ex - ux * head * 0.6, y2: ey - uy * head * 0.6, stroke: colour, 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.75 }, g);
  const bx = ex - ux * head, by = ey - uy * head;
  svgEl('polygon', { points: `${ex},${ey} ${bx - uy * head * 0.6},${by + ux * head * 0.6} ${bx + uy * head * 0.6},${by - ux * head * 0.6}`, fill: colour, opacity: 0.85 }, g);
}

function gridSvg(width, height, cell, flipped) {
  const margin = 22;
  const svg = svgEl('svg', { viewBox: `0 0 ${width * cell + margin} ${height * cell + margin}`, role: 'img' });
  const col = (f) => (flipped ? width - 1 - f : f), row = (r) => (flipped ? r : height - 1 - r);
  for (let f = 0; f < width; f++)
    svgEl('text', { x: margin + col(f) * cell + cell / 2, y: height * cell + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String.fromCharCode(97 + f));
  for (let r = 0; r < height; r++)
    svgEl('text', { x: 10, y: row(r) * cell + cell / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String(r + 1));
  return { svg, at: (f, r) => [margin + col(f) * cell, row(r) * cell] };
}

function drawRoomAndPillar(fen, decor) {
  const p = parseRoomAndPillar(fen);
  const cell = Math.max(28, Math.min(60, Math.floor(520 / Math.max(p.width, p.height))));
  const { svg, at } = gridSvg(p.width, p.height, cell, decor.flipped);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), stone = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: stone === '.' ? '#cdbfa6' : (f + r) % 2 ? '#e8dcc3' : '#b99f77', stroke: '#8b7355' }, g);
      markLast(g, name, x, y, cell, decor);
      if (stone !== '.')
        svgEl('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.36, fill: stone === 'b' ? '#1b1b1b' : '#fafafa', stroke: '#555', 'stroke-width': 1.5 }, g);
      decorate(g, name, x, y, cell, decor);
      decor.centres[name] = [x + cell / 2, y + cell / 2];
    }
  return svg;
}

function drawColumna(fen, decor) {
  const p = parseColumna(fen);
  const cell = 80;
  const { svg, at } = gridSvg(p.width, p.height, cell, decor.flipped);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), sq = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name, 'data-height': sq.height }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: sq.height ? '#efe6d2' : '#d0d0d0', stroke: '#999' }, g);
      markLast(g, name, x, y, cell, decor);
      // The stack seen from the side: one bar per tile, tallest 5.
      for (let t = 0; t < sq.height; t++)
        svgEl('rect', { x: x + 10, y: y + cell - 12 - t * 11, width: cell - 20, height: 9, rx: 2, fill: ['#c8a46e', '#b88a4a', '#a0703a', '#8a5a2c', '#6f4420'][t], stroke: '#5a3a1a', 'stroke-width': 0.8 }, g);
      if (sq.height) svgEl('text', { x: x + cell - 8, y: y + 14, 'text-anchor': 'end', 'font-size': 13, 'font-weight': 'bold', fill: '#333' }, g, String(sq.height));
      if (sq.pawn)
        svgEl('circle', { cx: x + cell / 2, cy: y + cell - 22 - Math.max(0, sq.height - 1) * 11, r: 13, fill: sq.pawn === 'b' ? '#1b1b1b' : '#fff', stroke: sq.pawn === 'b' ? '#fff' : '#222', 'stroke-width': 2 }, g);
      decorate(g, name, x, y, cell, decor);
      decor.centres[name] = [x + cell / 2, y + cell / 2];
    }
  return svg;
}

const PEBBLE = { n: '#c9a36b', w: '#fafafa', b: '#222' };

function drawQawale(fen, decor) {
  const p = parseQawale(fen);
  const cell = 110;
  const { svg, at } = gridSvg(p.width, p.height, cell, decor.flipped);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), stack = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name, 'data-stack': stack }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: '#e9e2cf', stroke: '#999' }, g);
      markLast(g, name, x, y, cell, decor);
      // Bottom to top along the left edge; the top pebble, which counts for lines, large in the middle.
      [...stack].forEach((pebble, i) => {
        svgEl('circle', { cx: x + 12, cy: y + cell - 10 - i * 9, r: 4, fill: PEBBLE[pebble], stroke: '#555', 'stroke-width': 0.8 }, g);
      });
      if (stack) {
        svgEl('circle', { cx: x + cell / 2 + 6, cy: y + cell / 2, r: 26, fill: PEBBLE[stack[stack.length - 1]], stroke: '#555', 'stroke-width': 2 }, g);
        svgEl('text', { x: x + cell - 8, y: y + 16, 'text-anchor': 'end', 'font-size': 13, fill: '#333' }, g, String(stack.length));
      }
      decorate(g, name, x, y, cell, decor);
      decor.centres[name] = [x + cell / 2 + 6, y + cell / 2];
    }
  const names = COLOUR_NAMES.qawale;
  svgEl('text', { x: 22, y: p.height * cell + 40, 'font-size': 14 }, svg,
    `reserves: ${names.w} ${p.reserve.w}, ${names.b} ${p.reserve.b}`);
  svg.setAttribute('viewBox', `0 0 ${p.width * cell + 22} ${p.height * cell + 50}`);
  return svg;
}

const VALUE_TINT = ['#fff', '#f7e8c8', '#f0d9a0', '#e6c27a', '#d9a85a', '#c98d3e', '#b57228'];

function drawTerritoire(fen, decor) {
  const p = parseTerritoire(fen);
  const size = 600, centre = size / 2, radius = 240, r = 27;
  const svg = svgEl('svg', { viewBox: `0 0 ${size} ${size}`, role: 'img' });
  svgEl('circle', { cx: centre, cy: centre, r: radius, fill: 'none', stroke: '#ccc', 'stroke-width': 2 }, svg);
  const turn = decor.flipped ? Math.PI / 2 : -Math.PI / 2;
  p.squares.forEach((sq, i) => {
    const number = i + 1, angle = (i / 36) * 2 * Math.PI + turn;
    const cx = centre + radius * Math.cos(angle), cy = centre + radius * Math.sin(angle);
    const g = svgEl('g', { 'data-square': number, 'data-token': String(number) }, svg);
    const golden = number === p.golden;
    markLast(g, String(number), cx - r, cy - r, 2 * r, decor, true);
    svgEl('circle', { cx, cy, r, fill: sq.occupant === 'x' ? '#9a9a9a' : VALUE_TINT[sq.value], stroke: golden ? '#d4a000' : '#777', 'stroke-width': golden ? 5 : 1.5 }, g);
    if (sq.occupant === 'b' || sq.occupant === 'w')
      svgEl('circle', { cx, cy, r: r - 8, fill: sq.occupant === 'b' ? '#222' : '#fff', stroke: '#444', 'stroke-width': 1.5 }, g);
    if (sq.occupant === 'x') {
      svgEl('line', { x1: cx - 12, y1: cy - 12, x2: cx + 12, y2: cy + 12, stroke: '#444', 'stroke-width': 3 }, g);
      svgEl('line', { x1: cx - 12, y1: cy + 12, x2: cx + 12, y2: cy - 12, stroke: '#444', 'stroke-width': 3 }, g);
    }
    svgEl('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: sq.occupant === 'b' ? '#fff' : '#222' }, g, String(sq.value));
    const lx = centre + (radius + 44) * Math.cos(angle), ly = centre + (radius + 44) * Math.sin(angle);
    svgEl('text', { x: lx, y: ly + 4, 'text-anchor': 'middle', 'font-size': 11, fill: '#666' }, svg, String(number));
    decorate(g, String(number), cx - r, cy - r, 2 * r, decor);
    decor.centres[String(number)] = [cx + 8, cy + 8];
  });
  const names = COLOUR_NAMES.territoire;
  const lines = [
    `${names[p.side]} to place`,
    `${names.b} groups ${p.groups.b.split('').join(' ')}, captured ${p.captures.b}`,
    `${names.w} groups ${p.groups.w.split('').join(' ')}, captured ${p.captures.w}`,
    `golden square ${p.golden}`,
    ...territoireScoreLines(p),
  ];
  lines.forEach((text, i) => svgEl('text', { x: centre, y: centre - 50 + i * 22, 'text-anchor': 'middle', 'font-size': 15, fill: '#333' }, svg, text));
  return svg;
}

function territoireScores(p) {
  const score = { b: p.captures.b, w: p.captures.w };
  p.squares.forEach((sq, i) => {
    if (sq.occupant === 'b' || sq.occupant === 'w') score[sq.occupant] += 1 + (i + 1 === p.golden ? 3 : 0);
  });
  return score;
}

function territoireScoreLines(p) {
  const s = territoireScores(p), names = COLOUR_NAMES.territoire;
  return [`score: ${names.b} ${s.b}, ${names.w} ${s.w}`];
}

const DRAW = { roomandpillar: drawRoomAndPillar, columna: drawColumna, qawale: drawQawale, territoire: drawTerritoire };

function drawBoard(container, game, fen, decor) {
  container.textContent = '';
  container.dataset.fen = fen || '';
  if (!fen) return;
  const d = Object.assign({ centres: {} }, decor || {});
  try {
    const svg = DRAW[game](fen, d);
    if (d.flipped) svg.classList.add('flipped');
    if (d.pv && d.pv.length) drawPv(svg, game, d.pv, d.centres);
    container.appendChild(svg);
  } catch (e) {
    container.textContent = 'cannot draw this position: ' + e.message;
  }
}

// ------------------------------------------------------ results and why

function p1Colour(state) { const m = /p1 plays (\w)/.exec(state.side || ''); return m ? m[1] : 'w'; }
function sideToMove(state) { return (state.side || 'w')[0]; }
function plyMover(ply) { return ply % 2 === 0 ? 'p1' : 'p2'; }
function otherPlayer(p) { return p === 'p1' ? 'p2' : 'p1'; }

// The status the page goes by: the server's, or an end the page declared
// itself when the server could not take it (a server without /end).
function statusOf(state) {
  if (play.localEnd && state === play.state && play.localEnd.ply === state.moves.length && !state.status.startsWith('over'))
    return 'over, ' + play.localEnd.result;
  return state.status;
}
function reasonOf(state) {
  if (state.reason) return state.reason;
  return play.localEnd && statusOf(state) !== state.status ? play.localEnd.reason : '';
}
function toMove(state) {
  const m = /ongoing, (p[12]) to move/.exec(statusOf(state));
  return m ? m[1] : null;
}
function isOver(state) { return statusOf(state).startsWith('over'); }

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

function resultOf(state) {
  const m = /over, (p1win|p2win|draw)/.exec(statusOf(state));
  return m ? m[1] : null;
}

function resultText(state) {
  const result = resultOf(state);
  if (!result) return '';
  const names = COLOUR_NAMES[state.game], p1 = p1Colour(state);
  const who = result === 'draw' ? 'Draw' :
    result === 'p1win' ? `${names[p1]} (p1) wins` : `${names[other(p1)]} (p2) wins`;
  const reason = reasonOf(state);
  return reason ? `${who}: ${reason}.` : `${who}. ${resultWhy(state.game, state.fen, state)}`;
}

function qawaleWinningSquares(state) {
  if (state.game !== 'qawale' || !state.status.startsWith('over')) return [];
  const p = parseQawale(state.fen);
  return [...qawaleLinesOf(p, 'w'), ...qawaleLinesOf(p, 'b')].flat();
}

// ------------------------------------------------------------- play view

const play = {
  id: null, state: null, steps: [], analysing: false, info: null,
  engineBusy: false, events: null, pv: [], pvRoot: -1,
  view: null,            // null: the live position; else the ply shown (read-only)
  flipped: store.get('localStorage', 'tessera.flipped') === '1',
  startFen: null, fens: null, evals: {}, times: [], seed: 0,
  localEnd: null,        // {result, reason, ply}: an end the server could not take
  searchRoot: 0, turnStart: Date.now(),
  clock: { tc: null, left: { p1: 0, p2: 0 }, ply: 0, running: false },
  flagPending: null, flagging: false, hooks: {}, replayErrors: [],
  started: false, multipv: {},
};

function showMessage(text) { $('message').textContent = text || ''; }

function humanSide() { return $('human').value; }
// The engine's side: p1, p2, both (it plays itself) or null (you play both).
function engineSide() {
  const h = humanSide();
  return h === 'p1' ? 'p2' : h === 'p2' ? 'p1' : h === 'none' ? 'both' : null;
}

function live() { return play.view === null; }

function humanToMove(state) {
  const mover = toMove(state);
  if (!mover || !live()) return false;
  const h = humanSide();
  return h === 'both' || h === mover || play.analysing;
}

function candidates() {
  const state = play.state;
  return state.legal.filter((m) => {
    const steps = moveSteps(m);
    return play.steps.every((s, i) => steps[i] === s) && steps.length >= play.steps.length;
  });
}

function onStep(step) {
  if (!live()) return;
  play.steps.push(step);
  const left = candidates();
  const complete = left.filter((m) => moveSteps(m).length === play.steps.length);
  if (complete.length === 1 && left.length === 1) {
    const move = complete[0];
    play.steps = [];
    submitMove(move);
    return;
  }
  if (left.length === 0) play.steps = [];
  render();
}

async function submitMove(move) {
  showMessage('');
  const root = play.state.moves.length;
  try {
    const state = await api('POST', `/api/sessions/${play.id}/move`, { move });
    if (state.moves.length === root + 1) play.times[root] = Date.now() - play.turnStart;
    onState(state);
  } catch (e) {
    handleError(e);
  }
}

function handleError(e) {
  showMessage(e.message);
  if (e.status === 404 && /session/.test(e.message)) {
    showMessage('This session has ended (timed out?): start a new game.');
    play.id = null;
    store.remove('sessionStorage', 'tessera.session');
  }
}

// ---------------------------------------------------------- engine options

// An option named with the word Skill, Level, Strength or Elo (words split
// at spaces, underscores and capitals: "Skill Level", "UCI_Elo",
// "UCI_LimitStrength"; not "Development").
function isStrengthOption(line) {
  const m = /^option name (.+?) type /.exec(line);
  const words = m ? m[1].split(/[\s_]+|(?=[A-Z])/).map((w) => w.toLowerCase()) : [];
  return words.some((w) => ['skill', 'level', 'strength', 'elo'].includes(w));
}

// Names people read; the raw option name stays in the title.
const OPTION_LABELS = {
  UCI_LimitStrength: 'Limit strength',
  UCI_Elo: 'Strength (Elo)',
  'Skill Level': 'Skill level',
  MultiPV: 'Lines shown in analysis',
  Threads: 'Threads',
  Hash: 'Hash (MB)',
};
const OPTION_HINTS = {
  UCI_Elo: 'used when "Limit strength" is ticked',
  'Skill Level': '0 weakest, 20 full strength',
};
const ENGINE_SETTINGS = ['MultiPV', 'Threads', 'Hash'];

function optionControl(line, current) {
  const m = /^option name (.+?) type (\w+)(.*)$/.exec(line);
  if (!m) return null;
  const name = m[1];
  const label = el('label', { title: `engine option ${name}` + (OPTION_HINTS[name] ? `: ${OPTION_HINTS[name]}` : '') });
  label.dataset.rawName = name;
  let input;
  if (m[2] === 'combo') {
    input = el('select');
    m[3].split(' var ').slice(1).forEach((v) => { const o = el('option', {}, input, v.trim()); o.value = v.trim(); });
  } else if (m[2] === 'check') {
    input = el('input', { type: 'checkbox' });
  } else {
    input = el('input', { type: 'number' });
    const min = / min (-?\d+)/.exec(m[3]), max = / max (-?\d+)/.exec(m[3]);
    if (min) input.min = min[1];
    if (max) input.max = max[1];
  }
  const def = / default (\S+)/.exec(m[3]);
  const value = current !== undefined ? current : def ? def[1] : undefined;
  if (value !== undefined) { if (input.type === 'checkbox') input.checked = value === 'true'; else input.value = value; }
  input.dataset.option = name;
  input.title = name;
  const text = el('span', { class: 'option-name' }, null, OPTION_LABELS[name] || name);
  if (input.type === 'checkbox') { label.classList.add('check'); label.appendChild(input); label.appendChild(text); }
  else { label.appendChild(text); label.appendChild(input); }
  input.addEventListener('change', () => {
    let v = input.type === 'checkbox' ? String(input.checked) : input.value;
    if (input.type === 'number') {
      const n = Math.round(+v);
      if (!isFinite(n)) return;
      v = String(Math.min(+(input.max || n), Math.max(+(input.min || n), n)));
      input.value = v;
    }
    setOption(name, v);
  });
  return label;
}

function renderOptions(state) {
  const backend = $('backend');
  // One control per option name (an engine may repeat a line).
  const seen = new Set();
  const lines = (state.engine_options || []).filter((l) => {
    const m = /^option name (.+?) type /.exec(l);
    if (!m || seen.has(m[1])) return false;
    seen.add(m[1]);
    return true;
  });
  const set = state.set_options || {};
  if (backend.options.length === 0) {
    const line = lines.find((l) => / name Backend type combo /.test(l));
    const vars = line ? line.split(' var ').slice(1) : [];
    vars.forEach((v) => { const o = el('option', {}, backend, v.trim()); o.value = v.trim(); });
  }
  if (backend.options.length) backend.value = state.backend || ((lines.find((l) => / name Backend type combo /.test(l)) || '').match(/ default (\S+)/) || [])[1] || backend.value;
  // Strength levels appear when the engine declares them; nothing is faked.
  const strength = $('strength');
  if (!strength.dataset.done && lines.length) {
    strength.dataset.done = '1';
    lines.filter(isStrengthOption).forEach((l) => {
      const m = /^option name (.+?) type /.exec(l);
      const c = optionControl(l, m ? set[m[1]] : undefined);
      if (c) strength.appendChild(c);
    });
    const settings = $('engine-settings-list');
    lines.filter((l) => ENGINE_SETTINGS.some((n) => l.startsWith(`option name ${n} type `))).forEach((l) => {
      const m = /^option name (.+?) type /.exec(l);
      const c = optionControl(l, set[m[1]]);
      if (c) settings.appendChild(c);
    });
    $('engine-settings').hidden = settings.children.length === 0;
  }
}

async function setOption(name, value) {
  try {
    onState(await api('POST', `/api/sessions/${play.id}/option`, { name, value }));
  } catch (e) { handleError(e); }
}

// ------------------------------------------------------------------ clock

const TIME_CONTROLS = { '': null, '60+0': [60, 0], '180+2': [180, 2], '300+3': [300, 3], '600+5': [600, 5] };

function chosenTimeControl() {
  const tc = TIME_CONTROLS[$('time-control').value];
  return tc ? { base: tc[0] * 1000, inc: tc[1] * 1000 } : null;
}

function clockReset(tc) {
  play.clock = { tc, left: { p1: tc ? tc.base : 0, p2: tc ? tc.base : 0 }, ply: 0, running: !!tc };
  play.turnStart = Date.now();
  play.flagging = false;
  play.flagPending = null;
}

// What a clock shows now: the side to move's falls while it thinks.
function clockLeft(side) {
  const c = play.clock;
  if (!c.tc) return 0;
  const running = c.running && play.state && toMove(play.state) === side;
  return c.left[side] - (running ? Date.now() - play.turnStart : 0);
}

// Moves were played (or taken back): the mover's clock pays for its think
// time and earns the increment.
function clockOnMoves(state) {
  const c = play.clock, n = state.moves.length, now = Date.now();
  if (n > c.ply) {
    for (let k = c.ply; k < n; k++) {
      const elapsed = k === c.ply ? now - play.turnStart : 0;
      if (play.times[k] === undefined) play.times[k] = elapsed;
      if (c.tc && c.running) c.left[plyMover(k)] += c.tc.inc - elapsed;
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

function renderClocks() {
  const c = play.clock, state = play.state;
  ['p1', 'p2'].forEach((side) => {
    const box = $('clock-' + side);
    box.hidden = !c.tc;
    if (!c.tc || !state) return;
    const left = clockLeft(side);
    box.querySelector('.time').textContent = formatClock(left);
    const names = COLOUR_NAMES[state.game], colour = side === 'p1' ? p1Colour(state) : other(p1Colour(state));
    const you = humanSide() === side ? ', you' : engineSide() === side || engineSide() === 'both' ? ', engine' : '';
    box.querySelector('.who').textContent = `${names[colour]} (${side}${you})`;
    box.classList.toggle('running', c.running && toMove(state) === side);
    box.classList.toggle('low', left < 10000);
  });
  $('board-stack').classList.toggle('flipped', play.flipped);
}

function tick() {
  const state = play.state;
  if (!state || !play.clock.tc) return;
  renderClocks();
  const mover = toMove(state);
  if (play.clock.running && mover && clockLeft(mover) <= 0) flag(mover);
}

// A clock reached zero: that side loses.  An engine still thinking is
// stopped first, and the move it then plays is taken back (the game ended
// before it).
async function flag(side) {
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

async function endOnTime(side) {
  const names = COLOUR_NAMES[play.state.game];
  const colour = side === 'p1' ? p1Colour(play.state) : other(p1Colour(play.state));
  await declareEnd(side === 'p1' ? 'p2win' : 'p1win', `${names[colour]} (${side}) ran out of time`);
}

// --------------------------------------------------------- ending a game

// Tells the server how the game ended (resignation, agreement, time).  A
// server without /end: the page keeps the end itself and plays no further.
async function declareEnd(result, reason) {
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

function resign() {
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

function scoreText(v) {
  if (Math.abs(v) >= MATE_BASE - 1000) {
    const n = MATE_BASE - Math.abs(v);
    return `${v > 0 ? '+' : '-'}M${n}`;
  }
  return (v > 0 ? '+' : '') + (v / 100).toFixed(2);
}

// The engine's last known evaluation, from its own side (centi-units).
function engineOwnEval() {
  const eng = engineSide();
  const n = play.state.moves.length;
  const plies = Object.keys(play.evals).map(Number).filter((k) => k <= n);
  if (!plies.length || (eng !== 'p1' && eng !== 'p2')) return null;
  const v = play.evals[Math.max(...plies)];
  return eng === 'p1' ? v : -v;
}

// A draw offer: the engine accepts when its last evaluation, from its own
// side, is 0 or below; with none yet it looks at the position briefly.
async function offerDraw() {
  const state = play.state;
  const eng = engineSide();
  if (!state || isOver(state) || !DRAWS_POSSIBLE.has(state.game) || (eng !== 'p1' && eng !== 'p2')) return;
  showMessage('');
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

function rematch() {
  const h = humanSide();
  if (h === 'p1' || h === 'p2') $('human').value = h === 'p1' ? 'p2' : 'p1';
  const state = play.state;
  const start = play.startFen ? (state && state.start === 'startpos' ? 'startpos' : 'fen ' + play.startFen) : state ? state.start : 'startpos';
  newGame(start);
}

// ------------------------------------------------------------- rendering

function flip() {
  play.flipped = !play.flipped;
  store.set('localStorage', 'tessera.flipped', play.flipped ? '1' : '0');
  render();
  if (watch.game) renderWatchGame();
}

function setView(ply) {
  const state = play.state;
  if (!state) return;
  const n = state.moves.length;
  if (ply === null || ply >= n || !play.fens) { play.view = null; }
  else { play.view = Math.max(0, ply); play.steps = []; }
  render();
}

function focusedToken() {
  const a = document.activeElement;
  return a && a.closest && a.closest('#board') && a.getAttribute('data-token');
}

function render() {
  const state = play.state;
  if (!state) return;
  renderOptions(state);
  $('game').value = state.game;
  $('rules-link').href = `rules.html#${state.game}`;
  $('rules-link').textContent = `Rules of ${GAME_NAMES[state.game]}`;
  const n = state.moves.length;
  const viewing = !live() && play.fens;
  const ply = viewing ? play.view : n;
  const fen = viewing ? play.fens[play.view] : state.fen;
  const myTurn = humanToMove(state) && !(state.searching && state.purpose === 'play') && !isOver(state);
  const left = myTurn ? candidates() : [];
  const next = new Set(left.map((m) => moveSteps(m)[play.steps.length]).filter((s) => s !== undefined));
  const pvShown = live() && play.pv.length && play.pvRoot === n && (play.analysing || SHOW) ? play.pv : [];
  const last = ply > 0 ? new Set(moveSteps(state.moves[ply - 1])) : new Set();
  const focus = focusedToken();
  drawBoard($('board'), state.game, fen, {
    clickable: next, onStep, chosen: play.steps, pv: pvShown, line: viewing ? [] : qawaleWinningSquares(state),
    last, flipped: play.flipped,
  });
  if (focus) {
    const again = [...document.querySelectorAll('#board [data-token].clickable')];
    const target = again.find((e) => e.getAttribute('data-token') === focus) || again[0];
    if (target) target.focus(); else $('board').focus();
  }
  // Steps that are not squares (swap, discards) are buttons.
  const buttons = $('step-buttons');
  buttons.textContent = '';
  const onBoard = new Set([...document.querySelectorAll('#board [data-token]')].map((e) => e.getAttribute('data-token')));
  next.forEach((s) => {
    if (onBoard.has(s)) return;
    const b = el('button', {}, buttons, s === 'swap' ? 'swap (pie rule)' : /^x\d$/.test(s) ? `discard from group ${s.slice(1)}` : s);
    b.dataset.token = s;
    b.className = 'clickable';
    b.addEventListener('click', () => onStep(s));
  });
  const complete = left.filter((m) => moveSteps(m).length === play.steps.length);
  if (complete.length === 1 && play.steps.length) {
    const b = el('button', {}, buttons, 'end the turn here');
    b.dataset.token = '(end)';
    b.addEventListener('click', () => { play.steps = []; submitMove(complete[0]); });
  }
  $('step-text').textContent = play.steps.length ? 'steps: ' + play.steps.join(' ') : '';
  $('step-cancel').hidden = play.steps.length === 0;
  $('typed-move').hidden = state.legal_complete || isOver(state) || !live();
  const names = COLOUR_NAMES[state.game];
  const mover = toMove(state);
  $('turn').textContent = `${GAME_NAMES[state.game]}: ` + (mover ?
    `${names[sideToMove(state)]} (${mover}) to move` + (state.searching && state.purpose === 'play' ? ', the engine is thinking' : myTurn ? ', your move' : '') :
    'game over');
  $('result').textContent = resultText(state);
  // Viewing an earlier position.
  $('view-note').hidden = !viewing;
  if (viewing) {
    const mv = play.view > 0 ? `after ${Math.ceil(play.view / 2)}${play.view % 2 ? '.' : '...'} ${state.moves[play.view - 1]}` : 'at the start';
    $('view-text').textContent = `Viewing the position ${mv} (read-only).`;
  }
  $('nav-first').disabled = $('nav-prev').disabled = !play.fens || ply === 0;
  $('nav-next').disabled = $('nav-live').disabled = !viewing;
  renderMoveList(state, ply);
  // Game actions.
  const over = isOver(state), h = humanSide();
  $('resign').disabled = over || h === 'none' || !toMove(state);
  const drawn = DRAWS_POSSIBLE.has(state.game);
  $('offer-draw').hidden = $('draw-note').hidden = !drawn;
  $('offer-draw').disabled = over || (h !== 'p1' && h !== 'p2');
  $('rematch').disabled = !over;
  $('rematch').classList.toggle('primary', over);
  $('analyse').textContent = play.analysing ? 'Stop analysing' : 'Analyse';
  $('an-pov').textContent = `Scores ${povLabel()}.`;
  renderClocks();
  renderEvalGraph();
}

function renderMoveList(state, ply) {
  const list = $('move-list');
  list.textContent = '';
  const moves = state.moves;
  for (let i = 0; i < moves.length; i += 2) {
    el('span', { class: 'move-no' }, list, `${i / 2 + 1}.`);
    for (let k = i; k < i + 2; k++) {
      if (k >= moves.length) { el('span', { class: 'move empty' }, list); continue; }
      const span = el('span', { class: 'move', tabindex: '-1', 'data-ply': String(k + 1), role: 'button' }, list, moves[k]);
      if (k + 1 === ply) span.classList.add('current');
      if (play.times[k] !== undefined) span.title = `${(play.times[k] / 1000).toFixed(1)} s`;
      span.addEventListener('click', () => setView(k + 1));
    }
  }
  if (!moves.length) el('span', { class: 'muted none' }, list, 'no moves yet');
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) list.scrollTop = top - list.clientHeight / 2;
  }
}

// ------------------------------------------------------------- analysis

const MATE_BASE = 100000;

function povSide() { return humanSide() === 'p2' ? 'p2' : 'p1'; }
function povLabel() {
  const h = humanSide();
  return h === 'p1' || h === 'p2' ? `for you (${h})` : 'for the first player (p1)';
}

// A score from the side to move at ply root, as p1 sees it.
function p1Score(info, root) {
  const v = info.scoreKind === 'mate' ? (info.score > 0 ? 1 : -1) * (MATE_BASE - Math.abs(info.score)) : info.score;
  return plyMover(root) === 'p1' ? v : -v;
}

function winChance(cp) { return 2 / (1 + Math.exp(-0.004 * cp)) - 1; }

function renderEvalGraph() {
  const box = $('eval-box');
  box.textContent = '';
  const n = play.state ? play.state.moves.length : 0;
  const sign = povSide() === 'p1' ? 1 : -1;
  const points = Object.keys(play.evals).map(Number).filter((k) => k <= n).sort((a, b) => a - b)
    .map((k) => ({ ply: k, v: sign * play.evals[k] }));
  const w = 260, h = 84, pad = 6;
  const svg = svgEl('svg', { id: 'eval-graph', viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': `evaluation over the game, ${povLabel()}` }, box);
  svgEl('rect', { x: 0, y: 0, width: w, height: h / 2, fill: '#f4f4f4' }, svg);
  svgEl('rect', { x: 0, y: h / 2, width: w, height: h / 2, fill: '#dcdcdc' }, svg);
  svgEl('line', { x1: 0, y1: h / 2, x2: w, y2: h / 2, stroke: '#999' }, svg);
  const maxPly = Math.max(n, 1, ...points.map((p) => p.ply));
  const X = (ply) => pad + (ply / maxPly) * (w - 2 * pad);
  const Y = (v) => h / 2 - winChance(v) * (h / 2 - pad);
  const shown = live() ? n : play.view;
  svgEl('line', { x1: X(shown), y1: 0, x2: X(shown), y2: h, stroke: '#e8b800', 'stroke-width': 2 }, svg);
  if (points.length > 1)
    svgEl('polyline', { points: points.map((p) => `${X(p.ply)},${Y(p.v)}`).join(' '), fill: 'none', stroke: '#2563eb', 'stroke-width': 1.5 }, svg);
  points.forEach((p) => {
    const c = svgEl('circle', { class: 'eval-point', cx: X(p.ply), cy: Y(p.v), r: 3, fill: '#2563eb', 'data-ply': p.ply }, svg);
    svgEl('title', {}, c, `ply ${p.ply}: ${scoreText(p.v)} ${povLabel()}`);
    c.addEventListener('click', () => setView(p.ply));
  });
  $('eval-caption').textContent = points.length ? `${points.length} evaluation${points.length > 1 ? 's' : ''} ${povLabel()}; up is good ${povLabel().replace('for ', 'for ')}.` :
    'No evaluation yet: the engine\'s moves and analysis add points.';
}

function onInfo(line, root) {
  const info = parseInfo(line);
  if (!info) return;
  const state = play.state;
  if (root === undefined) root = play.searchRoot;
  if (info.multipv && info.multipv > 1) {
    if (info.pv) play.multipv[info.multipv] = info;
    renderMultiPv();
    return;
  }
  const current = state && root === state.moves.length;
  const sign = povSide() === 'p1' ? 1 : -1;
  let pov = null;
  if (info.score !== undefined && state && root <= state.moves.length) {
    const p1 = p1Score(info, root);
    play.evals[root] = p1;
    pov = sign * p1;
    $('an-score').textContent = scoreText(pov) + (info.scoreKind === 'mate' ? ` (mate in ${Math.abs(info.score)})` : '');
    $('an-score').dataset.value = String(pov);
  }
  if (info.depth) $('an-depth').textContent = info.depth + (info.seldepth ? '/' + info.seldepth : '');
  if (info.nps) $('an-nps').textContent = Number(info.nps).toLocaleString();
  if (info.nodes) $('an-nodes').textContent = Number(info.nodes).toLocaleString();
  if (info.pv) {
    const start = Math.floor(root / 2) + 1;
    $('an-pv').textContent = 'best line: ' + info.pv.slice(0, 12).map((m, i) => {
      const ply = root + i;
      return (ply % 2 === 0 ? `${ply / 2 + 1}. ` : i === 0 ? `${start}... ` : '') + m;
    }).join(' ');
    play.pv = info.pv;
    play.pvRoot = root;
  }
  // The bar appears only when the engine reports win/draw/loss (per mille),
  // from the side to move: turned to the page's point of view.
  if (info.wdl) {
    let [w, d, l] = info.wdl;
    if (plyMover(root) !== povSide()) [w, l] = [l, w];
    const total = w + d + l || 1;
    $('wdl').hidden = false;
    $('wdl-w').style.width = (100 * w / total) + '%';
    $('wdl-d').style.width = (100 * d / total) + '%';
    $('wdl-l').style.width = (100 * l / total) + '%';
    $('wdl-text').textContent = `${povLabel()}: win ${(100 * w / total).toFixed(1)}%, draw ${(100 * d / total).toFixed(1)}%, loss ${(100 * l / total).toFixed(1)}%`;
    $('wdl-text').dataset.win = String(w / total);
  }
  if (play.analysing || current) render(); else renderEvalGraph();
}

function renderMultiPv() {
  const box = $('an-lines');
  box.textContent = '';
  Object.keys(play.multipv).sort().forEach((k) => {
    const info = play.multipv[k];
    const v = info.score !== undefined ? (povSide() === plyMover(play.pvRoot) ? 1 : -1) * (info.scoreKind === 'mate' ? (info.score > 0 ? 1 : -1) * (MATE_BASE - Math.abs(info.score)) : info.score) : null;
    el('div', {}, box, `line ${k}: ${v === null ? '' : scoreText(v) + ' '}${info.pv.slice(0, 6).join(' ')}`);
  });
}

function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info' || t[1] === 'string') return null;
  const o = {};
  for (let i = 1; i < t.length; i++) {
    switch (t[i]) {
      case 'depth': case 'seldepth': case 'nodes': case 'nps': case 'time': case 'hashfull':
        o[t[i]] = t[++i]; break;
      case 'multipv': o.multipv = +t[++i]; break;
      case 'score': o.scoreKind = t[++i]; o.score = +t[++i]; break;
      case 'wdl': o.wdl = [+t[i + 1], +t[i + 2], +t[i + 3]]; i += 3; break;
      case 'pv': o.pv = t.slice(i + 1); i = t.length; break;
      default: break;
    }
  }
  return o;
}

// ------------------------------------------------------------ game state

function startString(state) {
  if (state.start.startsWith('deal') && play.startFen) return 'fen ' + play.startFen;
  return state.start;
}

function saveSession() {
  if (!play.id || !play.state) return;
  store.set('sessionStorage', 'tessera.session', JSON.stringify({
    id: play.id, startFen: play.startFen, evals: play.evals, times: play.times, seed: play.seed,
    human: humanSide(), tcName: $('time-control').value, clock: play.clock, turnStart: play.turnStart,
    ply: play.state.moves.length, localEnd: play.localEnd, movetime: $('movetime').value,
  }));
}

function onState(state) {
  // Compared with what was last drawn, not with play.state (the event
  // stream may have put a state there without drawing it).
  const key = `${state.game}|${state.start}|${state.fen}|${state.moves.join(' ')}`;
  const changed = key !== play.key;
  play.key = key;
  const n = state.moves.length;
  play.state = state;
  if (n === 0) play.startFen = state.fen;
  else if (!play.startFen && state.start.startsWith('fen ')) play.startFen = state.start.slice(4);
  else if (!play.startFen && state.start === 'startpos') play.startFen = START_FENS[state.game];
  if (changed) {
    play.steps = [];
    if (play.pvRoot !== n) { play.pv = []; play.multipv = {}; renderMultiPv(); }
    Object.keys(play.evals).forEach((k) => { if (+k > n) delete play.evals[k]; });
    play.times.length = Math.min(play.times.length, n);
    if (play.localEnd && play.localEnd.ply !== n) play.localEnd = null;
    try {
      play.fens = play.startFen ? replay(state.game, play.startFen, state.moves) : null;
      if (play.fens && play.fens[n] !== state.fen) {
        play.replayErrors.push(`after ${state.moves.join(' ')}: replayed ${play.fens[n]}, the engine says ${state.fen}`);
        play.fens = null;
      }
    } catch (e) {
      play.replayErrors.push(`${state.moves.join(' ')}: ${e.message}`);
      play.fens = null;
    }
    if (play.view !== null && (!play.fens || play.view >= n)) play.view = null;
  }
  clockOnMoves(state);
  if (state.engine_broken) showMessage('The engine cannot run: ' + state.engine_error);
  else if (play.restarts !== undefined && state.restarts > play.restarts)
    showMessage(`The engine crashed (${state.engine_error}); it was restarted with the game as it was.`);
  play.restarts = state.restarts;
  render();
  saveSession();
  if (changed && play.analysing && !isOver(state)) startAnalysis();
  maybeEngineMove();
  if (state.searching && state.purpose === 'play' && !play.engineBusy) followSearch();
}

function maybeEngineMove() {
  const state = play.state;
  if (!state || play.analysing || play.engineBusy || state.searching || isOver(state) || play.flagging) return;
  const mover = toMove(state), h = humanSide();
  if (h === 'both' || h === mover) return;
  requestEngineMove();
}

// A search for a move that this page did not wait for (the page was
// reloaded meanwhile): its end comes as a state.
async function followSearch() {
  if (play.following) return;
  play.following = true;
  try {
    while (play.id && play.state.searching && play.state.purpose === 'play' && !play.engineBusy) {
      await sleep(300);
      const state = await api('GET', `/api/sessions/${play.id}`);
      if (!state.searching || state.moves.length !== play.state.moves.length) { play.following = false; onState(state); return; }
    }
  } catch (e) { handleError(e); }
  play.following = false;
}

async function requestEngineMove() {
  const state = play.state;
  if (play.engineBusy || !state || isOver(state)) return;
  const mover = toMove(state);
  const c = play.clock;
  if (c.tc && c.running && clockLeft(mover) <= 0) { flag(mover); return; }
  play.engineBusy = true;
  const root = state.moves.length;
  play.searchRoot = root;
  let body;
  if (c.tc && c.running) {
    const t = (side) => Math.min(86400000, Math.max(0, Math.round(clockLeft(side))));
    body = { purpose: 'play', wait: true, p1time: t('p1'), p2time: t('p2'), p1inc: c.tc.inc, p2inc: c.tc.inc };
  } else {
    body = { movetime: Math.max(10, +$('movetime').value || 1000), purpose: 'play', wait: true };
  }
  play.lastGo = body;
  const started = Date.now();
  try {
    const pending = api('POST', `/api/sessions/${play.id}/go`, body);
    if (play.hooks.afterGo) play.hooks.afterGo();
    let after = await pending;
    play.engineBusy = false;
    if (play.flagPending) {
      const side = play.flagPending;
      play.flagPending = null;
      if (after.moves.length > root) after = await api('POST', `/api/sessions/${play.id}/undo`, { count: after.moves.length - root });
      play.clock.ply = after.moves.length;
      onState(after);
      await endOnTime(side);
      return;
    }
    if (after.moves.length === root + 1) {
      play.times[root] = Date.now() - started;
      if (after.last_info) onInfo(after.last_info, root);
    }
    onState(after);
  } catch (e) {
    play.engineBusy = false;
    handleError(e);
  }
}

async function startAnalysis() {
  try {
    play.info = null;
    play.searchRoot = play.state.moves.length;
    await api('POST', `/api/sessions/${play.id}/go`, { infinite: true, purpose: 'analyse' });
    if (!play.events) pollAnalysis();
  } catch (e) { handleError(e); }
}

// Without an event stream (self-test, old browsers) the last info line
// is read from the state instead.
async function pollAnalysis() {
  if (play.polling) return;
  play.polling = true;
  while (play.analysing && play.id) {
    try {
      const state = await api('GET', `/api/sessions/${play.id}`);
      if (state.last_info && state.moves.length === play.state.moves.length) onInfo(state.last_info, state.moves.length);
    } catch (e) { handleError(e); break; }
    await sleep(300);
  }
  play.polling = false;
}

function openEvents() {
  if (play.events) play.events.close();
  play.events = null;
  // Headless self-tests run without a stream (an open stream keeps a
  // virtual-time browser waiting), unless ?sse=1 asks for one.
  if ((SELFTEST && !params.has('sse')) || SHOW || params.has('once') || typeof EventSource === 'undefined') return;
  const source = new EventSource(`/api/sessions/${play.id}/events`);
  play.events = source;
  source.addEventListener('state', (e) => {
    const state = JSON.parse(e.data);
    if (!play.engineBusy) onState(state);
    else if (play.state && state.moves.length === play.state.moves.length) { play.state = state; render(); }
  });
  source.addEventListener('info', (e) => onInfo(JSON.parse(e.data).line));
  source.addEventListener('engine', (e) => {
    const d = JSON.parse(e.data);
    showMessage(d.restarted ? `The engine crashed (${d.why}); it was restarted with the game as it was.` : `The engine crashed and could not be restarted: ${d.why}`);
  });
  source.addEventListener('message', (e) => showMessage(JSON.parse(e.data).error));
  source.onopen = () => { $('connection').textContent = 'connected'; };
  source.onerror = () => { $('connection').textContent = 'connection lost; retrying'; };
}

// The session of this tab: the one it had before a reload if the server
// still holds it, else a new one.
async function ensureSession() {
  if (play.id) return false;
  const saved = SELFTEST && params.get('selftest') !== 'reload' ? null : store.get('sessionStorage', 'tessera.session');
  if (saved) {
    try {
      const s = JSON.parse(saved);
      const state = await api('GET', `/api/sessions/${s.id}`);
      play.id = state.id;
      restoreSaved(s, state);
      openEvents();
      onState(state);
      return true;
    } catch (e) { store.remove('sessionStorage', 'tessera.session'); }
  }
  const state = await api('POST', '/api/sessions', {});
  play.id = state.id;
  openEvents();
  play.state = state;
  return false;
}

function restoreSaved(s, state) {
  if (s.human) $('human').value = s.human;
  if (s.tcName !== undefined && s.tcName in TIME_CONTROLS) $('time-control').value = s.tcName;
  if (s.movetime) $('movetime').value = s.movetime;
  showMovetime();
  play.startFen = s.startFen || null;
  play.evals = s.evals || {};
  play.times = s.times || [];
  play.seed = s.seed || Date.now();
  play.localEnd = s.localEnd || null;
  if (s.clock && s.clock.tc) {
    play.clock = s.clock;
    play.turnStart = s.ply === state.moves.length && s.turnStart ? s.turnStart : Date.now();
    play.clock.ply = s.ply === state.moves.length ? s.ply : state.moves.length;
  }
}

async function newGame(start, moves) {
  showMessage('');
  $('draw-answer').textContent = '';
  try {
    await ensureSession();
    play.analysing = false;
    const body = { game: $('game').value, start: start || 'startpos' };
    if (moves) body.moves = moves;
    const state = await api('POST', `/api/sessions/${play.id}/new`, body);
    play.state = null;
    play.key = null;
    play.startFen = null;
    play.evals = {};
    play.times = [];
    play.view = null;
    play.pv = [];
    play.multipv = {};
    play.localEnd = null;
    play.seed = Date.now();
    for (const id of ['an-score', 'an-depth', 'an-nps', 'an-nodes']) $(id).textContent = '-';
    $('an-pv').textContent = '';
    $('wdl').hidden = true;
    clockReset(chosenTimeControl());
    if (state.moves.length) {
      // Reopened from a link: the start's position comes from the start.
      if (state.start.startsWith('fen ')) play.startFen = state.start.slice(4);
      else if (state.start === 'startpos') play.startFen = START_FENS[state.game];
      play.clock.ply = state.moves.length;
    }
    onState(state);
  } catch (e) { handleError(e); }
}

function undoCount(state) {
  const h = humanSide();
  if (h !== 'p1' && h !== 'p2') return 1;
  // Take back to the last position where the human was to move.
  let i = state.moves.length - 1;
  while (i >= 0 && plyMover(i) !== h) i--;
  return i >= 0 ? state.moves.length - i : state.moves.length;
}

function copyText(text) {
  const area = $('copy-area');
  area.value = text;
  area.select();
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(() => {});
  else try { document.execCommand('copy'); } catch (e) { /* shown in the area */ }
}

// ---------------------------------------------------- links and records

// A link that reopens this game at the position shown: the game, its
// start and its moves in the fragment (never sent to the server).
function gameLink() {
  const state = play.state;
  const q = new URLSearchParams();
  q.set('game', state.game);
  q.set('start', startString(state));
  q.set('moves', state.moves.join(' '));
  q.set('human', humanSide());
  if (!live()) q.set('ply', String(play.view));
  return `${location.origin}${location.pathname}#${q.toString()}`;
}

function readLink() {
  if (!location.hash || !/[#&]game=/.test(location.hash)) return null;
  const q = new URLSearchParams(location.hash.slice(1));
  const game = q.get('game');
  if (!GAME_NAMES[game]) return null;
  return { game, start: q.get('start') || 'startpos', moves: q.get('moves') || '', human: q.get('human'), ply: q.get('ply') };
}

async function openLink(link) {
  $('game').value = link.game;
  if (['p1', 'p2', 'both', 'none'].includes(link.human)) $('human').value = link.human;
  // A reopened game is looked at first: the engine waits until you choose.
  if (link.moves && $('human').value !== 'none') $('human').value = 'both';
  await newGame(link.start, link.moves);
  if (link.ply !== null && play.state && play.fens) setView(+link.ply);
  history.replaceState(null, '', location.pathname + location.search);
}

function pgnTag(name, value) { return `[${name} "${String(value).replace(/[\\"]/g, '\\$&')}"]`; }

// A move as a PGN symbol token, and back (tools/arena/pgn_move.h defines
// the encoding): writing, every ',' becomes ':' and an 'M' goes in front
// of a text that starts with a digit or an 'M' (or is empty): b2b3,c4c5 ->
// b2b3:c4c5, 17,3,x4 -> M17:3:x4, d4 and swap unchanged.  Reading drops one
// leading 'M' and turns every ':' back into ','; a token of an older file
// (b2b3,c4c5, 17,3,x4: no ':', no leading 'M') reads unchanged.
function pgnMoveToken(move) {
  const t = move.replace(/,/g, ':');
  return t === '' || /^[0-9M]/.test(t) ? 'M' + t : t;
}
function pgnMoveText(token) { return token.replace(/^M/, '').replace(/:/g, ','); }

// PGN export format movetext (as tools/arena/pgn.c writes it): tokens one
// blank apart on lines of fewer than 80 characters; "N." before the first
// player's moves, "N..." before a second player's move that follows a
// comment (a think time) and never otherwise; comments wrapped at their
// blanks, no line starting with '%' or '['.
const PGN_LINE_MAX = 79;
function pgnMovetext(moves, times, closing, result) {
  const lines = [];
  let line = '';
  const put = (t) => {
    if (line && line.length + 1 + t.length > PGN_LINE_MAX) { lines.push(line); line = t; } else line = line ? line + ' ' + t : t;
  };
  let afterComment = false;
  moves.forEach((m, i) => {
    if (i % 2 === 0 || afterComment) put(`${Math.floor(i / 2) + 1}${i % 2 === 0 ? '.' : '...'}`);
    put(pgnMoveToken(m));
    afterComment = times[i] !== undefined;
    if (afterComment) put(`{${(times[i] / 1000).toFixed(3)}s}`);
  });
  // The closing comment: braces inside become parentheses, control
  // characters blanks, runs of blanks one; a word starting with '%' or '['
  // stays on the line of the word before it.
  const words = closing.replace(/[{}]/g, (c) => (c === '{' ? '(' : ')')).replace(/[\x00-\x1f\x7f]/g, ' ').split(' ').filter((w) => w);
  const comment = `{${words.join(' ')}}`.split(' ');
  const units = [];
  for (const w of comment) {
    if (units.length && /^[%[]/.test(w)) units[units.length - 1] += ' ' + w; else units.push(w);
  }
  for (let u of units) {
    if (u.length <= PGN_LINE_MAX) { put(u); continue; }
    // Longer than a line: in pieces, one a line, none starting or ending
    // with a blank nor starting with '%' or '['.
    if (line) { lines.push(line); line = ''; }
    while (u.length > PGN_LINE_MAX) {
      let k = PGN_LINE_MAX;
      while (k > 1 && (/[ %[]/.test(u[k]) || u[k - 1] === ' ')) k--;
      if (k === 1) k = PGN_LINE_MAX;
      lines.push(u.slice(0, k));
      u = u.slice(k);
    }
    line = u;
  }
  put(result);
  lines.push(line);
  return lines;
}

function playerName(side) {
  const h = humanSide(), backend = (play.state && play.state.backend) || 'engine';
  const human = h === side || h === 'both';
  const name = human ? 'Human' : `Tessera ${backend}`;
  return h === 'both' || h === 'none' ? `${name} ${side}` : name;
}

// The game as the arena writes it (tools/arena/pgn.c), with the run
// configuration block `tessera-arena merge` needs (a seed of its own, so
// that two downloaded games never count as one).
function pgnText() {
  const state = play.state;
  const result = resultOf(state);
  const token = result === 'p1win' ? '1-0' : result === 'p2win' ? '0-1' : result === 'draw' ? '1/2-1/2' : '*';
  const reason = reasonOf(state);
  const termination = !result ? 'unterminated' : /time/.test(reason) ? 'time forfeit' : 'normal';
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const tc = play.clock.tc ? `${play.clock.tc.base / 1000}+${play.clock.tc.inc / 1000}` : '-';
  const start = play.startFen || state.fen;
  const lines = ['% tessera-arena run', `% game=${state.game}`, `% seed=${play.seed || 0}`, '% repeat=off', '% source=tessera-web', ''];
  // Export format: the seven tag roster in its order, then the others in
  // ASCII order of their names.
  const roster = [['Event', 'tessera-web game'], ['Site', location.host || '?'], ['Date', date], ['Round', 1],
    ['White', playerName('p1')], ['Black', playerName('p2')], ['Result', token]];
  const more = [['Game', state.game], ['Variant', state.game], ['SetUp', 1], ['FEN', start],
    ['P1Colour', start.split(' ')[state.game === 'territoire' ? 2 : 1]], ['TimeControl', tc],
    ['Termination', termination], ['PlyCount', state.moves.length]];
  more.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  roster.concat(more).forEach(([name, value]) => lines.push(pgnTag(name, value)));
  lines.push('');
  const why = result ? (reason || resultText(state)) : 'the game goes on';
  return lines.concat(pgnMovetext(state.moves, play.times, `${termination}: ${why}`, token)).join('\n') + '\n\n';
}

function downloadPgn() {
  if (!play.state) return;
  const text = pgnText();
  if (SELFTEST) { $('pgn-out').textContent = text; return; }
  const blob = new Blob([text], { type: 'application/x-chess-pgn' });
  const a = el('a', { href: URL.createObjectURL(blob), download: `tessera-${play.state.game}-${play.seed}.pgn` });
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// -------------------------------------------------------------- wiring

function showMovetime() { $('movetime-label').hidden = !!chosenTimeControl(); }

function typing(target) { return target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName); }

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
  const watching = !$('view-watch').hidden;
  if (e.key === 'f' || e.key === 'F') { flip(); e.preventDefault(); return; }
  if (e.key === 'Escape' && !watching) { play.steps = []; render(); return; }
  if (watching) {
    const steps = { ArrowLeft: () => watchStep(watch.ply - 1), ArrowRight: () => watchStep(watch.ply + 1), Home: () => watchStep(0), End: () => watchStep(watch.game ? watch.game.moves.length : 0) };
    if (steps[e.key]) { steps[e.key](); e.preventDefault(); }
    return;
  }
  if (!play.state) return;
  const n = play.state.moves.length, shown = live() ? n : play.view;
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: null }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  setView(to === null || to >= n ? null : Math.max(0, to));
}

function wirePlay() {
  $('new-game').addEventListener('click', () => newGame());
  $('game').addEventListener('change', () => newGame());
  $('human').addEventListener('change', () => { render(); saveSession(); maybeEngineMove(); });
  $('time-control').addEventListener('change', () => { showMovetime(); newGame(); });
  $('backend').addEventListener('change', () => setOption('Backend', $('backend').value));
  $('undo').addEventListener('click', async () => {
    if (!play.state || (play.state.moves.length === 0 && !play.state.reason)) return;
    play.view = null;
    try {
      const count = play.state.moves.length ? undoCount(play.state) : 1;
      const state = await api('POST', `/api/sessions/${play.id}/undo`, { count });
      // Taken back past an end: play goes on, on the clock while both
      // have time left (after a loss on time, without it).
      play.flagging = false;
      play.flagPending = null;
      const c = play.clock;
      if (c.tc && !state.status.startsWith('over') && !c.running && c.left.p1 > 0 && c.left.p2 > 0) {
        c.running = true;
        play.turnStart = Date.now();
      }
      onState(state);
    } catch (e) { handleError(e); }
  });
  $('engine-move').addEventListener('click', () => { play.analysing = false; play.view = null; requestEngineMove(); });
  $('analyse').addEventListener('click', async () => {
    if (play.analysing) {
      play.analysing = false;
      try { onState(await api('POST', `/api/sessions/${play.id}/stop`)); } catch (e) { handleError(e); }
    } else {
      play.analysing = true;
      render();
      startAnalysis();
    }
  });
  $('stop').addEventListener('click', async () => {
    play.analysing = false;
    try { onState(await api('POST', `/api/sessions/${play.id}/stop`)); } catch (e) { handleError(e); }
  });
  $('set-position').addEventListener('click', () => {
    const text = $('position-input').value.trim();
    // "deal N" deals a Territoire layout from a seed (protocol.md).
    newGame(!text ? 'startpos' : /^deal \d+$/.test(text) ? text : 'fen ' + text);
  });
  $('copy-position').addEventListener('click', () => play.state && copyText(live() || !play.fens ? play.state.fen : play.fens[play.view]));
  $('copy-moves').addEventListener('click', () => play.state && copyText(play.state.moves.join(' ')));
  $('copy-link').addEventListener('click', () => play.state && copyText(gameLink()));
  $('download-pgn').addEventListener('click', downloadPgn);
  $('step-cancel').addEventListener('click', () => { play.steps = []; render(); });
  $('move-submit').addEventListener('click', () => submitMove($('move-input').value.trim()));
  $('flip').addEventListener('click', flip);
  $('resign').addEventListener('click', resign);
  $('offer-draw').addEventListener('click', offerDraw);
  $('rematch').addEventListener('click', rematch);
  $('nav-first').addEventListener('click', () => setView(0));
  $('nav-prev').addEventListener('click', () => setView((live() ? play.state.moves.length : play.view) - 1));
  $('nav-next').addEventListener('click', () => setView(live() ? null : play.view + 1));
  $('nav-live').addEventListener('click', () => setView(null));
  $('nav-live-note').addEventListener('click', () => setView(null));
  document.addEventListener('keydown', onKey);
  // The server ends a session about 10 s after its page goes away, unless
  // the page comes back (a reload) and asks for it first.
  window.addEventListener('pagehide', () => {
    saveSession();
    if (!navigator.sendBeacon) return;
    if (play.id) navigator.sendBeacon(`/api/sessions/${play.id}/leave`);
    if (watch.session) navigator.sendBeacon(`/api/sessions/${watch.session}/leave`);
  });
  setInterval(tick, 100);
}

// Starts the Play tab's session (once): a link in the fragment, the
// session this tab had before a reload, or a new game.
async function startPlay() {
  if (play.started) return;
  play.started = true;
  const link = readLink();
  try {
    if (link) { await openLink(link); return; }
    const reattached = await ensureSession();
    if (!reattached) await newGame();
  } catch (e) { handleError(e); }
}

// ------------------------------------------------------------ watch view

const watch = { stopped: false, generation: 0, files: [], file: null, offset: 0, text: '', timer: null, games: [], config: {}, game: null, ply: 0, follow: true, session: null, sessionStarting: null, drawn: '' };

function parsePgn(text) {
  const config = {}, games = [];
  let tags = null, movetext = [];
  const finish = () => { if (tags) games.push(makeGame(tags, movetext.join(' '))); tags = null; movetext = []; };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.startsWith('%')) {
      const m = /^% ([^=]+)=(.*)$/.exec(line);
      if (m) config[m[1]] = m[2];
      continue;
    }
    if (line.startsWith('[')) {
      if (movetext.length) finish();
      const m = /^\[(\w+) "(.*)"\]$/.exec(line);
      if (m) { tags = tags || {}; tags[m[1]] = m[2].replace(/\\"/g, '"').replace(/\\\\/g, '\\'); }
      continue;
    }
    if (line.trim() === '') { if (movetext.length) finish(); continue; }
    if (tags) movetext.push(line);
  }
  if (movetext.length) finish();
  return { config, games: games.filter((g) => g.result !== null) };
}

function makeGame(tags, text) {
  const game = { tags, moves: [], times: [], comment: '', result: null };
  for (const t of text.match(/\{[^}]*\}|\S+/g) || []) {
    if (t[0] === '{') {
      const c = t.slice(1, -1).trim(), m = /^(-?[\d.]+)s$/.exec(c);
      if (m && game.moves.length) game.times[game.moves.length - 1] = +m[1];
      else game.comment = c;
    } else if (/^\d+\.+$/.test(t)) {
      continue;
    } else if (['1-0', '0-1', '1/2-1/2', '*'].includes(t)) {
      game.result = t;
    } else {
      game.moves.push(pgnMoveText(t));
    }
  }
  return game;
}

function parseTimeControl(tc) {
  const m = /^(?:(\d+)\/)?([\d.]+)(?:\+([\d.]+))?$/.exec(tc || '');
  return m ? { base: +m[2], inc: +(m[3] || 0) } : null;
}

function clocksAt(game, ply) {
  const tc = parseTimeControl(game.tags.TimeControl);
  const used = [0, 0], count = [0, 0];
  for (let i = 0; i < ply; i++) { used[i % 2] += game.times[i] || 0; count[i % 2]++; }
  return [0, 1].map((p) => tc ? `${(tc.base - used[p] + tc.inc * count[p]).toFixed(2)} s left` : `${used[p].toFixed(2)} s used`);
}

function scoreFor(game, name) {
  const r = game.result;
  const p1 = r === '1-0' ? 1 : r === '0-1' ? 0 : r === '1/2-1/2' ? 0.5 : null;
  if (p1 === null) return null;
  if (game.tags.White === name) return p1;
  if (game.tags.Black === name) return 1 - p1;
  return null;
}

function eloOf(score) {
  const s = Math.min(0.999, Math.max(0.001, score));
  return -400 * Math.log10(1 / s - 1);
}

// The running Elo of the first engine with its 95% interval (per game,
// trinomial, as the arena computes it without pairs).
function runningElo(games, name) {
  const points = [];
  let n = 0, sum = 0, squares = 0;
  for (const g of games) {
    const x = scoreFor(g, name);
    if (x === null) continue;
    n++; sum += x; squares += x * x;
    const mean = sum / n, variance = Math.max(0, squares / n - mean * mean);
    const half = 1.96 * Math.sqrt(variance / n);
    points.push({ n, elo: eloOf(mean), lo: eloOf(mean - half), hi: eloOf(mean + half), mean });
  }
  return points;
}

function lineChart(points, key, options) {
  const w = options.width || 560, h = options.height || 200, pad = 36;
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img', class: 'chart' });
  if (points.length === 0) return svg;
  const xs = points.map((p) => p.x);
  const ys = points.flatMap((p) => [p[key], p.lo, p.hi]).filter((v) => v !== undefined && isFinite(v));
  let lo = Math.min(...ys), hi = Math.max(...ys);
  if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const x0 = Math.min(...xs), x1 = Math.max(...xs) || 1;
  const X = (x) => pad + (x1 === x0 ? 0 : (x - x0) / (x1 - x0)) * (w - pad - 10);
  const Y = (y) => h - 20 - (y - lo) / (hi - lo) * (h - 30);
  svgEl('line', { x1: pad, y1: h - 20, x2: w - 10, y2: h - 20, stroke: '#999' }, svg);
  svgEl('line', { x1: pad, y1: 10, x2: pad, y2: h - 20, stroke: '#999' }, svg);
  svgEl('text', { x: pad - 4, y: 14, 'text-anchor': 'end', 'font-size': 10 }, svg, fmt(hi));
  svgEl('text', { x: pad - 4, y: h - 22, 'text-anchor': 'end', 'font-size': 10 }, svg, fmt(lo));
  svgEl('text', { x: w - 10, y: h - 6, 'text-anchor': 'end', 'font-size': 10 }, svg, `${options.xLabel || ''} ${x1}`);
  if (points[0].lo !== undefined) {
    const band = points.map((p) => `${X(p.x)},${Y(p.hi)}`).concat(points.slice().reverse().map((p) => `${X(p.x)},${Y(p.lo)}`));
    svgEl('polygon', { points: band.join(' '), fill: 'rgba(37,99,235,0.15)', stroke: 'none' }, svg);
  }
  if (lo < 0 && hi > 0) svgEl('line', { x1: pad, y1: Y(0), x2: w - 10, y2: Y(0), stroke: '#ccc', 'stroke-dasharray': '4 3' }, svg);
  svgEl('polyline', { points: points.map((p) => `${X(p.x)},${Y(p[key])}`).join(' '), fill: 'none', stroke: '#2563eb', 'stroke-width': 2 }, svg);
  return svg;
}

function fmt(v) { return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3); }

function renderWatchStats() {
  const names = watch.config['engine.1.name'] ? [watch.config['engine.1.name'], watch.config['engine.2.name']] :
    watch.games.length ? [watch.games[0].tags.White, watch.games[0].tags.Black] : [];
  $('watch-stats').hidden = watch.games.length === 0;
  let w = 0, d = 0, l = 0;
  watch.games.forEach((g) => { const x = scoreFor(g, names[0]); if (x === 1) w++; else if (x === 0) l++; else if (x === 0.5) d++; });
  const decisive = w + l > 0;
  const points = decisive ? runningElo(watch.games, names[0]).map((p) => ({ ...p, x: p.n })) : [];
  const last = points[points.length - 1];
  const counted = w + d + l;
  const extreme = last && (last.mean === 0 || last.mean === 1);
  $('elo-text').textContent = !counted ? '' :
    `${names[0]} vs ${names[1] || 'the field'}: +${w} =${d} -${l}, ` + (!decisive ?
      `no decisive game yet (Elo needs a win or a loss) after ${counted} games` : extreme ?
      `Elo not finite yet (every game ${last.mean ? 'won' : 'lost'}; the chart is cut at ${eloOf(last.mean).toFixed(0)}) after ${last.n} games` :
      `Elo ${last.elo.toFixed(1)} (95%: ${last.lo.toFixed(1)} to ${last.hi.toFixed(1)}) after ${last.n} games`);
  const chart = $('elo-chart');
  chart.textContent = '';
  if (decisive) chart.appendChild(lineChart(points, 'elo', { xLabel: 'games' }));
  const table = $('watch-games');
  table.textContent = '';
  const head = table.insertRow();
  ['Round', 'p1', 'p2', 'Result', 'Plies', 'Termination'].forEach((t) => el('th', {}, head, t));
  watch.games.slice(-200).forEach((g) => {
    const row = table.insertRow();
    [g.tags.Round, g.tags.White, g.tags.Black, g.result, g.moves.length, g.tags.Termination].forEach((t) => { row.insertCell().textContent = t === undefined ? '' : t; });
    if (g === watch.game) row.className = 'current';
    row.tabIndex = 0;
    const open = () => { watch.follow = false; $('watch-follow').checked = false; selectWatchGame(g, g.moves.length); };
    row.addEventListener('click', open);
    row.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } });
  });
}

function selectWatchGame(game, ply) {
  watch.game = game;
  watch.ply = ply;
  const slider = $('watch-ply');
  slider.max = game.moves.length;
  slider.value = ply;
  renderWatchGame();
}

// The positions of a watched game, replayed on the page (no engine); null
// when a move cannot be replayed.
function watchFens(g) {
  if (g.fens === undefined) {
    const game = g.tags.Game, start = g.tags.FEN || START_FENS[game];
    try { g.fens = RULES[game] && start ? replay(game, start, g.moves) : null; } catch (e) { g.fens = null; }
  }
  return g.fens;
}

// One engine session at most, started only when a board cannot be
// replayed on the page.
function watchSession() {
  if (!watch.sessionStarting) {
    watch.sessionStarting = api('POST', '/api/sessions', {}).then((s) => { watch.session = s.id; return s.id; });
    watch.sessionStarting.catch(() => { watch.sessionStarting = null; });
  }
  return watch.sessionStarting;
}

async function renderWatchGame() {
  const g = watch.game;
  if (!g) return;
  $('watch-pgn').hidden = false;
  const [c1, c2] = clocksAt(g, watch.ply);
  $('watch-title').textContent = `Game ${g.tags.Round || '?'} (${GAME_NAMES[g.tags.Game] || g.tags.Game}): ${g.result}, ${g.tags.Termination || ''}`;
  $('watch-players').textContent = `p1 ${g.tags.White} (${g.tags.P1Colour || '?'}): ${c1} · p2 ${g.tags.Black}: ${c2} · ply ${watch.ply}/${g.moves.length}`;
  $('watch-moves').textContent = g.moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + m + (g.times[i] !== undefined ? ` {${g.times[i]}s}` : '')).join(' ') + (g.comment ? `  {${g.comment}}` : '');
  renderWatchStats();
  const key = `${g.tags.Round}|${g.tags.FEN}|${watch.ply}|${play.flipped}`;
  if (watch.drawn === key) return;
  watch.drawn = key;
  const decor = { last: watch.ply > 0 ? new Set(moveSteps(g.moves[watch.ply - 1])) : new Set(), flipped: play.flipped };
  const fens = watchFens(g);
  if (fens) { drawBoard($('watch-board'), g.tags.Game, fens[watch.ply], decor); return; }
  try {
    const id = await watchSession();
    const start = g.tags.FEN ? 'fen ' + g.tags.FEN : 'startpos';
    const state = await api('POST', `/api/sessions/${id}/new`, { game: g.tags.Game, start, moves: g.moves.slice(0, watch.ply).join(' ') });
    if (watch.drawn === key) drawBoard($('watch-board'), state.game, state.fen, decor);
  } catch (e) {
    if (e.status === 404) { watch.session = null; watch.sessionStarting = null; }
    $('watch-board').textContent = 'cannot show this position: ' + e.message;
  }
}

function renderCsv(text) {
  const lines = text.split('\n').filter((l) => l.trim());
  $('watch-csv').hidden = false;
  const charts = $('csv-charts');
  charts.textContent = '';
  if (lines.length < 2) { charts.textContent = 'no rows yet'; return; }
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(',').map(Number)).filter((r) => r.length === header.length && r.every(isFinite));
  header.slice(1).forEach((name, k) => {
    const box = el('div', {}, charts);
    const points = rows.map((r) => ({ x: r[0], v: r[k + 1] }));
    el('div', { class: 'chart-title' }, box, `${name}: ${points.length ? fmt(points[points.length - 1].v) : '-'} (start ${points.length ? fmt(points[0].v) : '-'})`);
    box.appendChild(lineChart(points, 'v', { width: 300, height: 140, xLabel: 'iteration' }));
  });
  $('watch-status').textContent = `${rows.length} rows (iteration ${rows.length ? rows[rows.length - 1][0] : '-'})`;
}

async function pollWatch() {
  clearTimeout(watch.timer);
  const file = watch.file, generation = watch.generation;
  if (!file) return;
  try {
    const chunk = await api('GET', `/api/watch/${file.id}?offset=${watch.offset}`);
    // Another file (or the same one afresh) was chosen meanwhile.
    if (generation !== watch.generation) return;
    if (chunk.reset) watch.text = '';
    const grew = chunk.text.length > 0 || chunk.reset;
    watch.text += chunk.text;
    watch.offset = chunk.next;
    // A long file comes in pieces: read on at once, draw when caught up.
    if (chunk.text.length > 0 && chunk.next < chunk.size) {
      watch.timer = setTimeout(pollWatch, 0);
      return;
    }
    if (grew) {
      if (file.kind === 'csv') {
        renderCsv(watch.text);
      } else {
        const parsed = parsePgn(watch.text);
        watch.config = parsed.config;
        watch.games = parsed.games;
        $('watch-status').textContent = `${parsed.games.length} finished games in ${file.path} (a game appears when the arena writes it, at its end)`;
        if (watch.follow && parsed.games.length) {
          const g = parsed.games[parsed.games.length - 1];
          selectWatchGame(g, g.moves.length);
        } else {
          renderWatchStats();
        }
      }
    }
  } catch (e) {
    if (generation !== watch.generation) return;
    $('watch-status').textContent = e.message;
  }
  // A self-test reads the DOM once: it stops following when done.
  if (!watch.stopped) watch.timer = setTimeout(pollWatch, 1000);
}

async function openWatch() {
  try {
    const list = await api('GET', '/api/watch');
    watch.files = list.files;
    const select = $('watch-file');
    select.textContent = '';
    list.files.forEach((f) => { const o = el('option', {}, select, `${f.path} (${f.kind})`); o.value = f.id; });
    $('watch-none').hidden = list.files.length > 0;
    if (list.files.length && !watch.file) chooseWatchFile(list.files[0]);
  } catch (e) { $('watch-status').textContent = e.message; }
}

function chooseWatchFile(file) {
  clearTimeout(watch.timer);
  Object.assign(watch, { file, offset: 0, text: '', games: [], game: null, drawn: '', generation: watch.generation + 1 });
  $('watch-pgn').hidden = $('watch-stats').hidden = $('watch-csv').hidden = true;
  pollWatch();
}

function watchStep(to) {
  if (!watch.game) return;
  watch.ply = Math.max(0, Math.min(watch.game.moves.length, to));
  $('watch-ply').value = watch.ply;
  renderWatchGame();
}

function wireWatch() {
  $('watch-file').addEventListener('change', () => chooseWatchFile(watch.files.find((f) => String(f.id) === $('watch-file').value)));
  $('watch-first').addEventListener('click', () => watchStep(0));
  $('watch-prev').addEventListener('click', () => watchStep(watch.ply - 1));
  $('watch-next').addEventListener('click', () => watchStep(watch.ply + 1));
  $('watch-last').addEventListener('click', () => watchStep(watch.game ? watch.game.moves.length : 0));
  $('watch-ply').addEventListener('input', () => watchStep(+$('watch-ply').value));
  $('watch-follow').addEventListener('change', () => { watch.follow = $('watch-follow').checked; });
}

function showTab(name) {
  document.querySelectorAll('.tab').forEach((t) => {
    t.classList.toggle('active', t.dataset.tab === name);
    t.setAttribute('aria-selected', t.dataset.tab === name ? 'true' : 'false');
  });
  $('view-play').hidden = name !== 'play';
  $('view-watch').hidden = name !== 'watch';
  if (name === 'watch') openWatch();
  if (name === 'play') startPlay();
}

// -------------------------------------------------------------- self-test

// ?selftest=1: plays a whole game of each kind by clicking the board (the
// human side picks legal steps; the engine answers with the random
// backend), then writes the verdict into #selftest for a headless browser
// to read (`chromium --headless --dump-dom`).  Along the way: every
// position the page replays must be the engine's, the engine's moves are
// marked, the move list numbers stay whole, earlier positions can be
// viewed, the board flips, one game is played from the keyboard, and each
// game's PGN is left in the page for `tessera-arena merge`.
const EXPECTED_SQUARES = { roomandpillar: 64, columna: 36, qawale: 16, territoire: 36 };
const EXPECTED_FIRST_STEPS = { roomandpillar: 32, columna: 4, qawale: 4, territoire: 6 };

function clickable(step) {
  return [...document.querySelectorAll('[data-token].clickable')].find((e) => e.getAttribute('data-token') === step);
}

async function clickStep(step) {
  const target = clickable(step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

// The same step from the keyboard: focus, then Enter (or Space).
async function keyStep(step, key) {
  const target = clickable(step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  target.focus();
  if (document.activeElement !== target) throw new Error(`step ${step} cannot take the focus (tabindex ${target.getAttribute('tabindex')})`);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

function pressKey(key) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })); }

const selftestNotes = [];

function checkLastMove(state) {
  const last = state.moves[state.moves.length - 1];
  const marked = [...document.querySelectorAll('#board .last-move')].map((e) => e.getAttribute('data-token'));
  const squares = moveSteps(last).filter((s) => document.querySelector(`#board [data-token="${s}"]`));
  if (squares.length && !marked.length) throw new Error(`the engine's move ${last} is not marked on the board`);
  if (marked.some((s) => !squares.includes(s))) throw new Error(`squares ${marked.join(' ')} are marked, the last move was ${last}`);
}

function checkMoveNumber12() {
  const numbers = document.querySelectorAll('#move-list .move-no');
  const twelfth = numbers[11];
  if (!twelfth) throw new Error(`the move list has ${numbers.length} numbers`);
  if (twelfth.textContent !== '12.') throw new Error(`the 12th number reads "${twelfth.textContent}"`);
  if (twelfth.scrollWidth > twelfth.clientWidth || twelfth.clientWidth === 0) throw new Error(`the 12th number is clipped (content ${twelfth.scrollWidth} px, box ${twelfth.clientWidth} px)`);
  return `"${twelfth.textContent}" in ${twelfth.clientWidth} px (content ${twelfth.scrollWidth} px)`;
}

async function checkNavigation() {
  const n = play.state.moves.length;
  const first = document.querySelector('#move-list .move[data-ply="1"]');
  first.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  if (play.view !== 1 || $('board').dataset.fen !== play.fens[1]) throw new Error('clicking the first move does not show the position after it');
  if (document.querySelector('#board .clickable')) throw new Error('an earlier position takes clicks');
  if ($('view-note').hidden) throw new Error('viewing an earlier position is not said');
  pressKey('ArrowRight');
  if (play.view !== 2 || $('board').dataset.fen !== play.fens[2]) throw new Error('ArrowRight does not step forward');
  pressKey('ArrowLeft'); pressKey('ArrowLeft');
  if (play.view !== 0 || $('board').dataset.fen !== play.fens[0]) throw new Error('ArrowLeft does not step back to the start');
  pressKey('End');
  if (play.view !== null || $('board').dataset.fen !== play.state.fen || !$('view-note').hidden) throw new Error('End does not return to the live position');
  return `stepped 1, 2, 0 and back to the live position of ${n} moves`;
}

async function checkFlip() {
  const before = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  $('flip').click();
  const after = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  if (!(after.top < before.top && after.left > before.left)) throw new Error('the flip button does not turn the board');
  if (store.get('localStorage', 'tessera.flipped') !== '1') throw new Error('the flip is not kept');
  pressKey('f');
  const back = document.querySelector('#board [data-square="a1"]').getBoundingClientRect();
  if (Math.abs(back.top - before.top) > 1 || play.flipped) throw new Error('the F key does not turn the board back');
  return 'a1 moved from the bottom left to the top right and back (button, then F)';
}

async function selftestGame(game, seed) {
  $('game').value = game;
  $('human').value = 'p1';
  $('time-control').value = '';
  $('movetime').value = '30';
  showMovetime();
  await newGame();
  if (!play.state || play.state.game !== game) throw new Error('no new game: ' + $('message').textContent);
  if (play.state.backend !== 'random') await setOption('Backend', 'random');
  const squares = document.querySelectorAll('#board [data-square]').length;
  if (squares !== EXPECTED_SQUARES[game]) throw new Error(`the board has ${squares} squares, expected ${EXPECTED_SQUARES[game]}`);
  // The rules' first steps, and nothing else, are clickable: R&P any black
  // stone, Columna the four white pawns, Qawale the four corner stacks,
  // Territoire the six squares of value 6.
  const clickables = document.querySelectorAll('#board .clickable');
  if (clickables.length !== EXPECTED_FIRST_STEPS[game]) throw new Error(`${clickables.length} squares are clickable at the start, expected ${EXPECTED_FIRST_STEPS[game]}`);
  if ([...clickables].some((e) => e.getAttribute('tabindex') !== '0')) throw new Error('a clickable square is not focusable');
  const dead = document.querySelector('#board [data-square]:not(.clickable)');
  if (dead.hasAttribute('tabindex')) throw new Error('a square that takes no click takes the focus');
  dead.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  if (play.steps.length !== 0) throw new Error('a square that is not clickable took a click');
  const analysis = params.get('analyse') === game ? await selftestAnalysis() + ', ' : '';
  const keyboard = game === 'columna';
  let rng = seed;
  let clicks = 0, engineMoves = 0;
  play.replayErrors = [];
  for (let turn = 0; turn < 400 && !isOver(play.state); turn++) {
    const before = play.state.moves.length;
    const engine = toMove(play.state) !== 'p1';
    if (!engine) {
      // Only what is clickable may be clicked: a step that is not fails.
      rng = (rng * 1103515245 + 12345) % 2147483648;
      const move = play.state.legal[rng % play.state.legal.length];
      for (const [i, step] of moveSteps(move).entries()) {
        if (keyboard) await keyStep(step, i % 2 ? ' ' : 'Enter'); else await clickStep(step);
        clicks++;
      }
    } else {
      maybeEngineMove();
    }
    await until(() => play.state.moves.length > before || isOver(play.state) || $('message').textContent, 20000, 'a move');
    if ($('message').textContent) throw new Error('message: ' + $('message').textContent);
    if (engine && play.state.moves.length > before) { checkLastMove(play.state); engineMoves++; }
    if (play.state.moves.length >= 23 && !selftestNotes.some((l) => l.startsWith('ok move_number_12'))) selftestNotes.push(`ok move_number_12 (${game}): ${checkMoveNumber12()}`);
  }
  if (!isOver(play.state)) throw new Error('the game did not end');
  if (play.replayErrors.length) throw new Error('replayed positions differ: ' + play.replayErrors[0]);
  const result = $('result').textContent;
  if (!/wins|Draw/.test(result)) throw new Error('no result shown: ' + result);
  let extra = '';
  if (game === 'columna') extra += `; navigation: ${await checkNavigation()}; flip: ${await checkFlip()}`;
  // The PGN it would download, for the shell to merge.
  downloadPgn();
  const pgn = $('pgn-out').textContent;
  const token = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2' }[resultOf(play.state)];
  if (!pgn.includes(`[Result "${token}"]`) || !pgn.trim().endsWith(token)) throw new Error('the PGN does not carry the result ' + token);
  el('pre', { id: 'pgn-' + game, class: 'pgn-out', hidden: '' }, document.body, pgn);
  return `${analysis}${play.state.moves.length} moves (every one replayed as the engine has it), ${clicks} ${keyboard ? 'key presses' : 'clicks'}, ${engineMoves} engine moves marked, ${result}${extra}`;
}

// Room and Pillar's pie rule: after the first removal, swap is a button.
async function selftestSwap() {
  $('game').value = 'roomandpillar';
  $('human').value = 'both';
  await newGame();
  await clickStep('c1');
  await until(() => play.state.moves.length === 1, 10000, 'the first removal');
  await clickStep('swap');
  await until(() => play.state.moves.length === 2, 10000, 'the swap');
  if (play.state.moves.join(' ') !== 'c1 swap') throw new Error('moves: ' + play.state.moves.join(' '));
  if (play.replayErrors.length) throw new Error('replayed positions differ: ' + play.replayErrors[0]);
  return 'c1 then the swap button';
}

// Analysis: live score and depth, and the pv's first moves on the board;
// strength controls and the win/draw/loss bar only when the engine has them.
async function selftestAnalysis() {
  $('analyse').click();
  await until(() => $('an-depth').textContent !== '-' && document.querySelector('#board .pv-mark'), 20000, 'analysis output');
  $('analyse').click();
  let after = await api('GET', `/api/sessions/${play.id}`);
  for (let i = 0; after.searching && i < 200; i++) {
    await sleep(50);
    after = await api('GET', `/api/sessions/${play.id}`);
  }
  if (after.searching) throw new Error('the analysis did not stop');
  const declared = after.engine_options.some(isStrengthOption);
  if (declared !== ($('strength').children.length > 0)) throw new Error('strength controls do not follow the engine\'s options');
  const wdl = /wdl \d+ \d+ \d+/.test(after.last_info);
  if (wdl === $('wdl').hidden) throw new Error(`the win/draw/loss bar is ${wdl ? 'missing' : 'shown without wdl'}`);
  if (!/for you \(p1\)/.test($('an-pov').textContent)) throw new Error('the analysis does not say whose scores: ' + $('an-pov').textContent);
  return `analysed (strength controls: ${declared ? 'shown' : 'none'}; wdl bar: ${wdl ? 'shown' : 'none'}; ${$('an-pov').textContent})`;
}

// Whatever the server's Content-Security-Policy blocks fails a self-test.
const cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => cspViolations.push(`${e.violatedDirective} ${e.blockedURI || ''}`.trim()));

function finishSelftest(ok, lines) {
  if (cspViolations.length) { ok = false; lines = lines.concat(`FAIL content_security_policy: ${cspViolations.join('; ')}`); }
  const out = $('selftest');
  out.hidden = false;
  out.textContent = (ok ? 'SELFTEST PASS' : 'SELFTEST FAIL') + '\n' + lines.join('\n');
  document.title = ok ? 'SELFTEST PASS' : 'SELFTEST FAIL';
}

async function selftest() {
  $('selftest').hidden = false;
  $('selftest').textContent = 'SELFTEST RUNNING';
  await startPlay();
  const games = (params.get('games') || 'roomandpillar,columna,qawale,territoire').split(',');
  if (!params.has('analyse')) params.set('analyse', 'columna');
  const lines = [];
  let ok = true;
  for (let i = 0; i < games.length; i++) {
    try {
      lines.push(`ok ${games[i]}: ${await selftestGame(games[i], 7 + i)}`);
    } catch (e) {
      ok = false;
      lines.push(`FAIL ${games[i]}: ${e.message}`);
    }
  }
  try {
    lines.push(`ok swap: ${await selftestSwap()}`);
  } catch (e) {
    ok = false;
    lines.push(`FAIL swap: ${e.message}`);
  }
  if (games.length === 4 && !selftestNotes.length) { ok = false; lines.push('FAIL move_number_12: no game reached move 12'); }
  lines.push(...selftestNotes);
  finishSelftest(ok, lines);
}

// ?selftest=features: the game actions and the engine's view with the
// real engine (alpha-beta, short thinks): labels, rules, draw offers
// (refused in a lost position, accepted in a won one), resign, rematch,
// the analysis' point of view after a lost game, the evaluation graph,
// clocks for both sides, the link to a position.
async function selftestFeatures() {
  const lines = [];
  let ok = true;
  const check = (name, cond, detail) => { ok = ok && !!cond; lines.push(`${cond ? 'ok' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`); };
  const step = async (name, fn) => { try { await fn(); } catch (e) { check(name, false, e.message); } };
  const newAt = async (game, human, start, tc) => {
    $('game').value = game;
    $('human').value = human;
    $('time-control').value = tc || '';
    $('movetime').value = '60';
    showMovetime();
    await newGame(start);
    if (!play.state || play.state.game !== game) throw new Error('no new game: ' + $('message').textContent);
  };
  const randomHumanMove = async (rng) => {
    const before = play.state.moves.length;
    const move = play.state.legal[rng % play.state.legal.length];
    for (const s of moveSteps(move)) await clickStep(s);
    await until(() => play.state.moves.length > before || isOver(play.state), 20000, 'the human move');
  };
  const engineReplied = (n) => until(() => (play.state.moves.length >= n && !play.engineBusy) || isOver(play.state) || $('message').textContent, 30000, 'the engine move');
  $('selftest').hidden = false;
  $('selftest').textContent = 'SELFTEST RUNNING';
  await startPlay();
  await until(() => play.state, 10000, 'a session');

  await step('labels', async () => {
    const names = [...document.querySelectorAll('#strength label')].map((l) => `${l.querySelector('.option-name').textContent} [${l.dataset.rawName}]`);
    const want = { UCI_LimitStrength: 'Limit strength', UCI_Elo: 'Strength (Elo)', 'Skill Level': 'Skill level' };
    const wrong = Object.keys(want).filter((raw) => {
      const label = [...document.querySelectorAll('#strength label')].find((l) => l.dataset.rawName === raw);
      return !label || label.querySelector('.option-name').textContent !== want[raw] || !label.title.includes(raw) || label.textContent.includes(raw);
    });
    check('strength_labels_readable', wrong.length === 0, wrong.length ? `wrong for ${wrong.join(', ')}` : names.join(', '));
    const settings = [...document.querySelectorAll('#engine-settings-list input')].map((i) => `${i.dataset.option} max ${i.max}`);
    const lines2 = play.state.engine_options.filter((l) => /^option name (Threads|Hash) /.test(l));
    const maxOk = lines2.every((l) => { const m = /^option name (\w+) .* max (\d+)/.exec(l); const i = document.querySelector(`#engine-settings-list [data-option="${m[1]}"]`); return i && i.max === m[2]; });
    check('threads_and_hash_controls', maxOk && lines2.length > 0, settings.join(', '));
  });

  await step('rules_link', async () => {
    const hrefs = [];
    for (const g of ['columna', 'qawale']) {
      $('game').value = g;
      await newGame();
      hrefs.push($('rules-link').getAttribute('href'));
    }
    const text = await (await fetch('rules.html')).text();
    const sections = Object.keys(GAME_NAMES).filter((g) => new RegExp(`id="${g}"`).test(text));
    check('rules_link', hrefs[0] === 'rules.html#columna' && hrefs[1] === 'rules.html#qawale' && sections.length === 4, `${hrefs.join(', ')}; rules.html has ${sections.length} game sections`);
  });

  await step('draw_button_where_draws_exist', async () => {
    const shown = {};
    for (const g of Object.keys(GAME_NAMES)) { await newAt(g, 'both'); shown[g] = !$('offer-draw').hidden; }
    check('draw_button_where_draws_exist', !shown.columna && !shown.roomandpillar && shown.qawale && shown.territoire, JSON.stringify(shown));
  });

  // Declined: the engine (p1) has a mate in 2 here; after its move its
  // evaluation for itself is a win.  The game then runs out to its loss
  // for the human (p2): the analysis must still speak for the human.
  await step('draw_declined', async () => {
    await newAt('qawale', 'p2', 'fen .,nww,.,./nb,wwn,nwn,b/.,n,bn,b/.,b,n,. w 3 3');
    if (play.state.backend !== 'alphabeta') await setOption('Backend', 'alphabeta');
    await engineReplied(1);
    checkLastMove(play.state);
    const own = engineOwnEval();
    $('offer-draw').click();
    await until(() => $('draw-answer').textContent, 20000, 'an answer to the draw offer');
    check('draw_declined', own > 0 && /declines/.test($('draw-answer').textContent) && !isOver(play.state), `engine's own evaluation ${own}: ${$('draw-answer').textContent}`);
    check('draw_rule_said', /0 or below/.test($('draw-note').textContent), $('draw-note').textContent);
    let rng = 11;
    for (let i = 0; i < 20 && !isOver(play.state); i++) {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      if (toMove(play.state) === 'p2') await randomHumanMove(rng);
      await engineReplied(play.state.moves.length);
    }
    const result = resultOf(play.state);
    const value = +$('an-score').dataset.value, win = +$('wdl-text').dataset.win;
    const raw = parseInfo(play.state.last_info || 'info');
    check('analysis_for_you_after_a_loss', result === 'p1win' && /for you \(p2\)/.test($('an-pov').textContent) && value < 0 && !(win > 0.5),
      `result ${result}; the engine's last line "${(play.state.last_info || '').slice(0, 60)}" (its own side, ${raw && raw.scoreKind} ${raw && raw.score}) shows as ${$('an-score').textContent}, ${$('wdl-text').textContent}; ${$('an-pov').textContent}`);
    const points = document.querySelectorAll('#eval-graph .eval-point').length;
    check('eval_graph', points === Object.keys(play.evals).length && points >= 2, `${points} points for ${Object.keys(play.evals).length} evaluated plies of ${play.state.moves.length}`);
  });

  // The same with the engine second (p2): its scores, from the side to
  // move, must be turned round for the human (p1).  Every move of the
  // human's loses to a mate in one here.
  await step('analysis_for_you_engine_second', async () => {
    await newAt('qawale', 'p1', 'fen .,nwww,w,n/nb,.,nwn,bw/.,n,bn,b/.,b,n,. b 2 3');
    await randomHumanMove(7);
    await engineReplied(2);
    const value = +$('an-score').dataset.value, win = +$('wdl-text').dataset.win;
    check('analysis_for_you_engine_second', resultOf(play.state) === 'p2win' && /for you \(p1\)/.test($('an-pov').textContent) && value < 0 && !(win > 0.5) && play.evals[1] < 0,
      `result ${resultOf(play.state)}; the engine's "${(play.state.last_info || '').slice(0, 50)}" shows as ${$('an-score').textContent}, ${$('wdl-text').textContent}`);
  });

  // Accepted: the human (p1) wins at once here, so the engine's
  // evaluation for itself is a loss.
  await step('draw_accepted', async () => {
    await newAt('qawale', 'p1', 'fen nn,n,.,nn/.,b,b,n/b,.,.,./w,w,w,nn w 5 5');
    $('offer-draw').click();
    await until(() => isOver(play.state) || $('draw-answer').textContent, 20000, 'an answer to the draw offer');
    check('draw_accepted', resultOf(play.state) === 'draw' && /draw agreed/.test($('result').textContent) && engineOwnEval() <= 0,
      `${$('draw-answer').textContent} ${$('result').textContent} (server status "${play.state.status}", reason "${play.state.reason}")`);
  });

  await step('resign_and_rematch', async () => {
    await newAt('columna', 'p1');
    await randomHumanMove(5);
    await engineReplied(2);
    checkLastMove(play.state);
    $('resign').click();
    await until(() => isOver(play.state), 10000, 'the resignation');
    const resigned = resultOf(play.state) === 'p2win' && /resigns/.test($('result').textContent);
    let refused = false;
    try { await api('POST', `/api/sessions/${play.id}/move`, { move: play.state.legal[0] || 'b2b3' }); } catch (e) { refused = e.status === 409 || e.status === 422 || !!play.localEnd; }
    check('resign', resigned && refused, `${$('result').textContent} (server status "${play.state.status}"; a move after it refused: ${refused})`);
    const seed = play.seed;
    $('rematch').click();
    await until(() => play.seed !== seed && play.state && play.state.moves.length >= 1 && !play.engineBusy, 30000, 'the engine\'s first move in the rematch');
    const marked = document.querySelectorAll('#board .last-move').length;
    check('rematch', humanSide() === 'p2' && play.state.game === 'columna' && play.seed !== seed && !isOver(play.state) && marked > 0,
      `you now play ${humanSide()}, the engine opened with ${play.state.moves[0]} (${marked} squares marked; seed ${seed} then ${play.seed}; status ${play.state.status})`);
  });

  await step('copy_link', async () => {
    $('copy-link').click();
    const link = $('copy-area').value;
    const hash = link.slice(link.indexOf('#'));
    const q = new URLSearchParams(hash.slice(1));
    const good = q.get('game') === 'columna' && q.get('moves') === play.state.moves.join(' ') && link.startsWith(location.origin);
    check('copy_link', good, link);
    el('pre', { id: 'reopen-url', hidden: '' }, document.body,
      `${location.origin}${location.pathname}?selftest=reopen&expect=${encodeURIComponent(play.state.fen)}&plies=${play.state.moves.length}${hash}`);
  });

  // The human's clock falls and runs out; the engine is told the real
  // times.
  await step('clock_human', async () => {
    await newAt('columna', 'p1', 'startpos', '60+0');
    const read = () => $('clock-p1').querySelector('.time').textContent;
    const first = read();
    await sleep(1500);
    const second = read();
    const ms = (t) => { const [m, s] = t.split(':'); return 60000 * +m + 1000 * +s; };
    check('clock_falls', !$('clock-p1').hidden && !$('clock-p2').hidden && ms(second) < ms(first) && $('clock-p1').classList.contains('running'), `${first} then ${second}`);
    await randomHumanMove(3);
    await engineReplied(2);
    const go = play.lastGo || {};
    check('engine_told_the_clocks', go.p1time > 0 && go.p2time > 0 && go.p1inc === 0 && go.p2inc === 0 && go.movetime === undefined, JSON.stringify(go));
    await until(() => isOver(play.state), 200000, 'the human\'s clock to run out');
    const text1 = $('clock-p2').querySelector('.time').textContent;
    await sleep(500);
    check('human_loses_on_time', resultOf(play.state) === 'p2win' && /ran out of time/.test($('result').textContent) && $('clock-p1').querySelector('.time').textContent === '0:00.0' && $('clock-p2').querySelector('.time').textContent === text1,
      `${$('result').textContent} (server status "${play.state.status}")`);
  });

  // The engine's clock runs out while it thinks: it is stopped, its move
  // taken back, and it loses.
  await step('clock_engine', async () => {
    play.hooks.afterGo = () => { play.hooks.afterGo = null; play.clock.left.p1 = 0; tick(); };
    await newAt('columna', 'p2', 'startpos', '180+2');
    await until(() => isOver(play.state), 30000, 'the engine\'s clock to run out');
    check('engine_loses_on_time', resultOf(play.state) === 'p2win' && play.state.moves.length === 0 && /\(p1\) ran out of time/.test($('result').textContent),
      `${$('result').textContent} after ${play.state.moves.length} moves (server status "${play.state.status}")`);
  });
  play.hooks.afterGo = null;
  await newAt('columna', 'both');
  finishSelftest(ok, lines);
}

// ?selftest=reopen&expect=FEN&plies=N#game=...: the page opened from a
// copied link shows the position it was copied at.
async function selftestReopen() {
  const lines = [];
  await startPlay();
  try {
    await until(() => play.state && play.state.moves.length === +params.get('plies'), 20000, 'the linked game');
  } catch (e) { lines.push('FAIL ' + e.message); }
  const good = play.state && play.state.fen === params.get('expect') && $('board').dataset.fen === params.get('expect') && !location.hash;
  lines.push(`${good ? 'ok' : 'FAIL'} link_reopens_the_position: ${play.state ? play.state.moves.length : 0} moves, ${play.state ? play.state.fen : '-'}`);
  finishSelftest(good, lines);
}

// ?selftest=phone (at 390 px): the board first and full width, the
// controls below it, nothing wider than the screen.
async function selftestPhone() {
  // Headless Chromium makes no window under 500 px wide, but a popup can
  // be 390 px: the test then runs there and its verdict is copied here.
  if (window.innerWidth > 390 && !window.opener) {
    const w = window.open(location.href, 'phone', 'width=390,height=844');
    if (!w) {
      finishSelftest(false, [`FAIL phone: this window is ${window.innerWidth} px wide and a 390 px one could not be opened (chromium needs --disable-popup-blocking)`]);
      return;
    }
    const verdict = () => { try { const t = w.document.getElementById('selftest'); return t && /SELFTEST (PASS|FAIL)/.test(t.textContent) ? t.textContent : ''; } catch (e) { return ''; } };
    try { await until(verdict, 60000, 'the 390 px window'); } catch (e) { finishSelftest(false, ['FAIL phone: ' + e.message]); return; }
    const text = verdict();
    w.close();
    finishSelftest(/^SELFTEST PASS/.test(text), [`(run in a ${390} px wide window; this one is ${window.innerWidth} px)`, ...text.split('\n').slice(1)]);
    return;
  }
  await startPlay();
  await until(() => play.state && document.querySelector('#board svg'), 20000, 'the board');
  $('time-control').value = '300+3';
  showMovetime();
  await newGame();
  await sleep(300);
  const width = document.documentElement.scrollWidth, screen = window.innerWidth;
  const board = $('board').getBoundingClientRect(), controls = $('controls').getBoundingClientRect();
  const lines = [];
  const check = (name, cond, detail) => lines.push(`${cond ? 'ok' : 'FAIL'} ${name}: ${detail}`);
  check('no_horizontal_overflow', width <= 390 && width <= screen, `page ${width} px wide in a ${screen} px window`);
  check('board_first', board.top < controls.top && board.bottom <= controls.top + 1, `board ${Math.round(board.top)}-${Math.round(board.bottom)} px, controls from ${Math.round(controls.top)} px`);
  check('board_full_width', board.width >= 0.85 * screen, `board ${Math.round(board.width)} px of ${screen}`);
  const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > screen + 1 && e.offsetParent !== null);
  check('nothing_sticks_out', wide.length === 0, wide.slice(0, 3).map((e) => e.id || e.tagName).join(', ') || 'none');
  finishSelftest(lines.every((l) => l.startsWith('ok')), lines);
}

// ?selftest=reload: a game survives a reload of the page (its session id
// is kept in sessionStorage and the server still holds it).
async function selftestReload() {
  const before = store.get('sessionStorage', 'tessera.reload-test');
  if (!before) {
    await startPlay();
    await until(() => play.state, 10000, 'a session');
    $('game').value = 'columna';
    $('human').value = 'both';
    await newGame();
    await clickStep('b2');
    await clickStep('b3');
    await clickStep('a1');
    await clickStep('a2');
    await until(() => play.state.moves.length === 1, 10000, 'a move');
    store.set('sessionStorage', 'tessera.reload-test', JSON.stringify({ id: play.id, moves: play.state.moves }));
    location.reload();
    return;
  }
  const saved = JSON.parse(before);
  store.remove('sessionStorage', 'tessera.reload-test');
  await startPlay();
  await until(() => play.state, 10000, 'the session');
  const good = play.id === saved.id && play.state.moves.join(' ') === saved.moves.join(' ');
  finishSelftest(good, [`${good ? 'ok' : 'FAIL'} reload_keeps_the_game: session ${play.id === saved.id ? 'kept' : 'new'}, moves ${play.state.moves.join(' ')}`]);
}

// ?selftest=watch: the Watch tab follows each watched file (the server is
// started with arena PGNs and a tuner CSV): the games, the running Elo
// (or that no game was decided), the board of the newest game replayed on
// the page with its last move marked, one chart per tuned parameter, and
// no engine session started for any of it.  A file NAME-old.pgn (the
// arena's moves before PGN symbols: commas, Territoire moves starting with
// a digit) must read as NAME.pgn does: the same moves, the same board.
async function selftestWatch() {
  const lines = [];
  let ok = true;
  const check = (name, cond, detail) => { ok = ok && cond; lines.push(`${cond ? 'ok' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`); };
  const seen = {};
  try {
    showTab('watch');
    await until(() => watch.files.length > 0, 10000, 'the list of watched files');
    check('watch_paths_are_base_names', watch.files.every((f) => !f.path.includes('/')), watch.files.map((f) => f.path).join(', '));
    for (const file of watch.files) {
      $('watch-file').value = String(file.id);
      chooseWatchFile(file);
      if (file.kind === 'pgn') {
        await until(() => watch.games.length > 0 && $('watch-board').querySelector('svg'), 20000, 'a game and its board');
        const games = (watch.text.match(/^\[Round /gm) || []).length;
        // draws.pgn (test-browser.sh) holds no decisive game.
        const decisive = /^\[Result "(1-0|0-1)"\]$/m.test(watch.text);
        check(`pgn_games_listed (${file.path})`, watch.games.length === games && $('watch-games').rows.length === Math.min(200, games) + 1, `${watch.games.length} games`);
        if (decisive) check(`pgn_elo_shown (${file.path})`, /Elo (-?\d|not finite)/.test($('elo-text').textContent) && !!$('elo-chart').querySelector('polyline'), $('elo-text').textContent);
        else check(`pgn_no_decisive_game (${file.path})`, /no decisive game yet/.test($('elo-text').textContent) && !/Elo 0\.0/.test($('elo-text').textContent), $('elo-text').textContent);
        const g = watch.game, fens = watchFens(g);
        check(`pgn_board_replayed (${file.path})`, $('watch-board').querySelectorAll('[data-square]').length > 0 && !!fens && $('watch-board').dataset.fen === fens[g.moves.length] && $('watch-board').querySelector('.last-move'), `${g.moves.length} moves replayed on the page`);
        check(`pgn_clocks_shown (${file.path})`, /s left|s used/.test($('watch-players').textContent), $('watch-players').textContent);
        seen[file.path] = { moves: JSON.stringify(watch.games.map((x) => x.moves)), last: g.moves.join(' '), fen: $('watch-board').dataset.fen };
      } else {
        await until(() => $('csv-charts').querySelector('svg'), 20000, 'the CSV charts');
        const header = watch.text.split('\n')[0].split(',');
        check('csv_one_chart_per_parameter', $('csv-charts').querySelectorAll('svg').length === header.length - 1, `${header.length - 1} parameters`);
      }
    }
    for (const path of Object.keys(seen).filter((p) => /-old\.pgn$/.test(p))) {
      const old = seen[path], now = seen[path.replace(/-old\.pgn$/, '.pgn')];
      check(`old_pgn_reads_as_new (${path})`, !!now && old.moves === now.moves && old.fen === now.fen && old.last !== '',
        now ? `last game ${old.last}; final position ${old.fen}${old.fen === now.fen ? '' : ' vs ' + now.fen}` : 'no new-format file to compare with');
    }
    const created = apiLog.filter((c) => c.method === 'POST' && c.path === '/api/sessions').length;
    check('watch_starts_no_engine', created === 0, `${created} sessions created`);
  } catch (e) {
    check('watch', false, e.message);
  }
  watch.stopped = true;
  clearTimeout(watch.timer);
  finishSelftest(ok, lines);
}

// ?show=GAME&plies=N: the engine (random backend) plays N plies from the
// start, for screenshots.
async function show() {
  if (params.has('board')) ['controls', 'side-panel', 'nav-buttons', 'game-actions', 'draw-note'].forEach((id) => { $(id).hidden = true; });
  $('game').value = SHOW;
  $('human').value = 'both';
  if (params.has('tc')) $('time-control').value = params.get('tc');
  showMovetime();
  play.started = true;
  await ensureSession();
  await newGame();
  await setOption('Backend', 'random');
  const plies = +(params.get('plies') || 0);
  for (let i = 0; i < plies && !isOver(play.state); i++) {
    const root = play.state.moves.length;
    play.turnStart = Date.now();
    const state = await api('POST', `/api/sessions/${play.id}/go`, { movetime: 20, purpose: 'play', wait: true });
    if (state.last_info) onInfo(state.last_info, root);
    onState(state);
  }
  // &pv=1: a short look by the real search, its best line on the board.
  if (params.has('pv') && !isOver(play.state)) {
    await setOption('Backend', 'alphabeta');
    const root = play.state.moves.length;
    const state = await api('POST', `/api/sessions/${play.id}/go`, { movetime: 400, purpose: 'analyse', wait: true });
    play.state = state;
    if (state.last_info) onInfo(state.last_info, root);
    render();
  }
  // A screenshot waits out its virtual time: the clocks stop here.
  play.clock.running = false;
  renderClocks();
  document.title = 'SHOW READY';
}

// ------------------------------------------------------------------ start

document.querySelectorAll('.tab').forEach((t) => t.addEventListener('click', () => showTab(t.dataset.tab)));
wirePlay();
wireWatch();
showMovetime();
const mode = params.get('selftest');
if (mode === 'watch') selftestWatch();
else if (mode === 'features') selftestFeatures();
else if (mode === 'reopen') selftestReopen();
else if (mode === 'phone') selftestPhone();
else if (mode === 'reload') selftestReload();
else if (SELFTEST) selftest();
else if (SHOW) show();
else if (params.get('tab') === 'watch' || location.hash === '#watch') {
  // ?tab=watch&once=1 (screenshots): read the files once, then stop.
  if (params.has('once')) setTimeout(() => { watch.stopped = true; clearTimeout(watch.timer); }, 3000);
  showTab('watch');
}
else showTab('play');
