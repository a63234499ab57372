// board.js - a position drawn as SVG, with the marks play and analysis
// put on it (steps that can be clicked, the last move, the best line).

import { svgEl } from './util.js';
import { COLOUR_NAMES, GAME_NAMES, moveSteps, parseColumna, parseQawale, parseRoomAndPillar, parseTerritoire, squareName, territoireScores } from './games.js';

// decor: { clickable: Set of steps, onStep(step), chosen: [steps],
//          pv: [moves], line: [squares], last: Set of squares, flipped,
//          focus: the step whose square takes the Tab (roving tabindex) }
// what: what stands there, in words (WHAT below).  Every square is a
// cell of the board's grid (gridGroups below), named with where it is
// and what stands there, and can take the focus; one that can be played
// (or, while a premove can be chosen, any square: decor.onPremove) acts
// on a click, Enter or Space.
function decorate(g, step, x, y, size, decor, what) {
  const chosen = decor.chosen ? decor.chosen.indexOf(step) : -1;
  const playable = decor.clickable && decor.clickable.has(step);
  const act = playable ? decor.onStep : decor.onPremove;
  g.setAttribute('role', 'gridcell');
  g.setAttribute('tabindex', '-1');
  g.setAttribute('aria-label', `${step}: ${what}` + (act ? (playable ? ', playable' : ', premove') : '') + (chosen >= 0 ? `, step ${chosen + 1} chosen` : ''));
  decor.cells.push({ g, x, y });
  if (decor.line && decor.line.includes(step))
    svgEl('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, fill: 'none', stroke: '#d22', 'stroke-width': 4 }, g);
  svgEl('rect', { class: 'focus-ring', x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: 6 }, g);
  if (act) {
    g.classList.add(playable ? 'clickable' : 'premovable');
    if (playable) svgEl('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: 'rgba(60,170,60,0.08)', stroke: '#2a2', 'stroke-width': 3, rx: 6 }, g);
    g.addEventListener('click', () => act(step));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); act(step); }
    });
  }
  // Steps chosen: orange, or blue for a premove.
  if (chosen >= 0) badge(g, x + 12, y + 12, chosen + 1, decor.onPremove ? '#2563eb' : '#e67e22');
}

// The squares as the rows of a grid (the WAI-ARIA grid pattern): rows
// top to bottom and cells left to right as drawn (a flipped board too),
// or Territoire's ring as one row in its squares' order.  One cell takes
// the Tab (decor.focus, else the first playable, else the first), the
// arrow keys move the focus between cells, Home and End to a row's ends
// (with Ctrl, the grid's).
function gridGroups(svg, game, decor) {
  const grid = svgEl('g', { role: 'grid', 'aria-label': `${GAME_NAMES[game]} squares` }, svg);
  const rows = new Map();
  const ring = game === 'territoire';
  for (const cell of decor.cells) {
    const key = ring ? 0 : cell.y;
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push(cell);
  }
  [...rows.keys()].sort((a, b) => a - b).forEach((key) => {
    const row = svgEl('g', { role: 'row' }, grid);
    const cells = rows.get(key);
    if (!ring) cells.sort((a, b) => a.x - b.x);
    cells.forEach((c) => row.appendChild(c.g));
  });
  const all = decor.cells.map((c) => c.g);
  const tab = all.find((g) => g.getAttribute('data-token') === decor.focus) || all.find((g) => g.classList.contains('clickable')) || all[0];
  if (tab) tab.setAttribute('tabindex', '0');
  grid.addEventListener('keydown', (e) => {
    const to = gridTarget(grid, e.target.closest('[role=gridcell]'), e.key, e.ctrlKey);
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    for (const g of all) g.setAttribute('tabindex', g === to ? '0' : '-1');
    to.focus();
  });
}

// The cell a grid key moves the focus to from cell, or null.
function gridTarget(grid, cell, key, ctrl) {
  if (!cell) return null;
  const rows = [...grid.children].map((r) => [...r.children]);
  const r = rows.findIndex((row) => row.includes(cell)), c = rows[r].indexOf(cell);
  const at = (i, j) => (rows[i] ? rows[i][Math.min(j, rows[i].length - 1)] : null);
  switch (key) {
    case 'ArrowRight': return rows[r][c + 1] || null;
    case 'ArrowLeft': return c > 0 ? rows[r][c - 1] : null;
    case 'ArrowDown': return at(r + 1, c);
    case 'ArrowUp': return r > 0 ? at(r - 1, c) : null;
    case 'Home': return ctrl ? rows[0][0] : rows[r][0];
    case 'End': return ctrl ? rows[rows.length - 1][rows[rows.length - 1].length - 1] : rows[r][rows[r].length - 1];
    default: return null;
  }
}

const pebbleName = (c) => (c === 'n' ? 'neutral' : COLOUR_NAMES.qawale[c]);
const count = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;
// What stands on a square, in words: "White stone", "2 tiles, Black
// pawn", "3 pebbles, Dark on top", "value 4, Light pawn".
const WHAT = {
  roomandpillar: (stone) => (stone === '.' ? 'empty' : `${COLOUR_NAMES.roomandpillar[stone]} stone`),
  columna: (sq) => (sq.height ? count(sq.height, 'tile') : 'no tile') + (sq.pawn ? `, ${COLOUR_NAMES.columna[sq.pawn]} pawn` : ''),
  qawale: (stack) => (stack ? `${count(stack.length, 'pebble')}, ${pebbleName(stack[stack.length - 1])} on top` : 'empty'),
  territoire: (sq) => `value ${sq.value}` + (sq.occupant === 'x' ? ', captured' : COLOUR_NAMES.territoire[sq.occupant] ? `, ${COLOUR_NAMES.territoire[sq.occupant]} pawn` : ''),
};

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
  const layer = svgEl('g', { class: 'pv-layer', 'aria-hidden': 'true' }, svg);
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
  const svg = svgEl('svg', { viewBox: `0 0 ${width * cell + margin} ${height * cell + margin}` });
  const col = (f) => (flipped ? width - 1 - f : f), row = (r) => (flipped ? r : height - 1 - r);
  for (let f = 0; f < width; f++)
    svgEl('text', { x: margin + col(f) * cell + cell / 2, y: height * cell + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#555', 'aria-hidden': 'true' }, svg, String.fromCharCode(97 + f));
  for (let r = 0; r < height; r++)
    svgEl('text', { x: 10, y: row(r) * cell + cell / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#555', 'aria-hidden': 'true' }, svg, String(r + 1));
  return { svg, at: (f, r) => [margin + col(f) * cell, row(r) * cell] };
}

// A board of squares: each square a group (its name and the look's data-
// attributes), its background, the last move's mark, what the look draws
// on it, the decorations, and the point arrows start from.  look(sq, f, r)
// gives { data, fill, stroke, draw(g, x, y), what, centreDx }.
function drawGrid(p, cell, decor, look) {
  const { svg, at } = gridSvg(p.width, p.height, cell, decor.flipped);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), square = look(p.squares[name], f, r);
      const g = svgEl('g', { 'data-square': name, 'data-token': name, ...square.data }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: square.fill, stroke: square.stroke }, g);
      markLast(g, name, x, y, cell, decor);
      square.draw(g, x, y);
      decorate(g, name, x, y, cell, decor, square.what);
      decor.centres[name] = [x + cell / 2 + (square.centreDx || 0), y + cell / 2];
    }
  return svg;
}

function drawRoomAndPillar(fen, decor) {
  const p = parseRoomAndPillar(fen);
  const cell = Math.max(28, Math.min(60, Math.floor(520 / Math.max(p.width, p.height))));
  return drawGrid(p, cell, decor, (stone, f, r) => ({
    data: {},
    fill: stone === '.' ? '#cdbfa6' : (f + r) % 2 ? '#e8dcc3' : '#b99f77',
    stroke: '#8b7355',
    draw: (g, x, y) => {
      if (stone !== '.')
        svgEl('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.36, fill: stone === 'b' ? '#1b1b1b' : '#fafafa', stroke: '#555', 'stroke-width': 1.5 }, g);
    },
    what: WHAT.roomandpillar(stone),
  }));
}

function drawColumna(fen, decor) {
  const p = parseColumna(fen);
  const cell = 80;
  return drawGrid(p, cell, decor, (sq) => ({
    data: { 'data-height': sq.height },
    fill: sq.height ? '#efe6d2' : '#d0d0d0',
    stroke: '#999',
    draw: (g, x, y) => {
      // The stack seen from the side: one bar per tile, tallest 5.
      for (let t = 0; t < sq.height; t++)
        svgEl('rect', { x: x + 10, y: y + cell - 12 - t * 11, width: cell - 20, height: 9, rx: 2, fill: ['#c8a46e', '#b88a4a', '#a0703a', '#8a5a2c', '#6f4420'][t], stroke: '#5a3a1a', 'stroke-width': 0.8 }, g);
      if (sq.height) svgEl('text', { x: x + cell - 8, y: y + 14, 'text-anchor': 'end', 'font-size': 13, 'font-weight': 'bold', fill: '#333' }, g, String(sq.height));
      if (sq.pawn)
        svgEl('circle', { cx: x + cell / 2, cy: y + cell - 22 - Math.max(0, sq.height - 1) * 11, r: 13, fill: sq.pawn === 'b' ? '#1b1b1b' : '#fff', stroke: sq.pawn === 'b' ? '#fff' : '#222', 'stroke-width': 2 }, g);
    },
    what: WHAT.columna(sq),
  }));
}

const PEBBLE = { n: '#c9a36b', w: '#fafafa', b: '#222' };

function drawQawale(fen, decor) {
  const p = parseQawale(fen);
  const cell = 110;
  const svg = drawGrid(p, cell, decor, (stack) => ({
    data: { 'data-stack': stack },
    fill: '#e9e2cf',
    stroke: '#999',
    draw: (g, x, y) => {
      // Bottom to top along the left edge; the top pebble, which counts for lines, large in the middle.
      [...stack].forEach((pebble, i) => {
        svgEl('circle', { cx: x + 12, cy: y + cell - 10 - i * 9, r: 4, fill: PEBBLE[pebble], stroke: '#555', 'stroke-width': 0.8 }, g);
      });
      if (stack) {
        svgEl('circle', { cx: x + cell / 2 + 6, cy: y + cell / 2, r: 26, fill: PEBBLE[stack[stack.length - 1]], stroke: '#555', 'stroke-width': 2 }, g);
        svgEl('text', { x: x + cell - 8, y: y + 16, 'text-anchor': 'end', 'font-size': 13, fill: '#333' }, g, String(stack.length));
      }
    },
    what: WHAT.qawale(stack),
    centreDx: 6,
  }));
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
  const svg = svgEl('svg', { viewBox: `0 0 ${size} ${size}` });
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
    svgEl('text', { x: lx, y: ly + 4, 'text-anchor': 'middle', 'font-size': 11, fill: '#666', 'aria-hidden': 'true' }, svg, String(number));
    decorate(g, String(number), cx - r, cy - r, 2 * r, decor, WHAT.territoire(sq));
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

function territoireScoreLines(p) {
  const s = territoireScores(p), names = COLOUR_NAMES.territoire;
  return [`score: ${names.b} ${s.b}, ${names.w} ${s.w}`];
}

const DRAW = { roomandpillar: drawRoomAndPillar, columna: drawColumna, qawale: drawQawale, territoire: drawTerritoire };

export function drawBoard(container, game, fen, decor) {
  container.textContent = '';
  container.dataset.fen = fen || '';
  if (!fen) return;
  const d = Object.assign({ centres: {}, cells: [] }, decor || {});
  try {
    const svg = DRAW[game](fen, d);
    gridGroups(svg, game, d);
    // A group: the grid of squares, and what the board says besides
    // (reserves, scores); an image would hide the squares from screen
    // readers.
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', `${GAME_NAMES[game]} board`);
    if (d.flipped) svg.classList.add('flipped');
    if (d.pv && d.pv.length) drawPv(svg, game, d.pv, d.centres);
    container.appendChild(svg);
  } catch (e) {
    container.textContent = 'cannot draw this position: ' + e.message;
  }
}
