// app.js - the Tessera page: play and analyse against the engine, watch an
// arena run or a tuner.  Everything the rules decide (legal moves, results)
// comes from the engine through the server; the page only draws and asks.
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

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
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

// ------------------------------------------------------------ board views

// decor: { clickable: Set of steps, onStep(step), chosen: [steps], pv: [steps], line: [squares] }
function decorate(g, step, x, y, size, decor) {
  const chosen = decor.chosen ? decor.chosen.indexOf(step) : -1;
  const pv = decor.pv ? decor.pv.indexOf(step) : -1;
  if (decor.line && decor.line.includes(step))
    svgEl('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, fill: 'none', stroke: '#d22', 'stroke-width': 4 }, g);
  if (decor.clickable && decor.clickable.has(step)) {
    g.classList.add('clickable');
    svgEl('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: 'rgba(60,170,60,0.08)', stroke: '#2a2', 'stroke-width': 3, rx: 6 }, g);
    g.addEventListener('click', () => decor.onStep(step));
  }
  if (pv >= 0) badge(g, x + size - 12, y + 12, pv + 1, '#2563eb');
  if (chosen >= 0) badge(g, x + 12, y + 12, chosen + 1, '#e67e22');
}

function badge(g, cx, cy, label, colour) {
  svgEl('circle', { cx, cy, r: 10, fill: colour }, g);
  svgEl('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#fff' }, g, String(label));
}

function gridSvg(width, height, cell) {
  const margin = 22;
  const svg = svgEl('svg', { viewBox: `0 0 ${width * cell + margin} ${height * cell + margin}`, role: 'img' });
  for (let f = 0; f < width; f++)
    svgEl('text', { x: margin + f * cell + cell / 2, y: height * cell + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String.fromCharCode(97 + f));
  for (let r = 0; r < height; r++)
    svgEl('text', { x: 10, y: (height - 1 - r) * cell + cell / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#555' }, svg, String(r + 1));
  return { svg, at: (f, r) => [margin + f * cell, (height - 1 - r) * cell] };
}

function drawRoomAndPillar(fen, decor) {
  const p = parseRoomAndPillar(fen);
  const cell = Math.max(28, Math.min(60, Math.floor(520 / Math.max(p.width, p.height))));
  const { svg, at } = gridSvg(p.width, p.height, cell);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), stone = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: stone === '.' ? '#cdbfa6' : (f + r) % 2 ? '#e8dcc3' : '#b99f77', stroke: '#8b7355' }, g);
      if (stone !== '.')
        svgEl('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.36, fill: stone === 'b' ? '#1b1b1b' : '#fafafa', stroke: '#555', 'stroke-width': 1.5 }, g);
      decorate(g, name, x, y, cell, decor);
    }
  return svg;
}

function drawColumna(fen, decor) {
  const p = parseColumna(fen);
  const cell = 80;
  const { svg, at } = gridSvg(p.width, p.height, cell);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), sq = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name, 'data-height': sq.height }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: sq.height ? '#efe6d2' : '#d0d0d0', stroke: '#999' }, g);
      // The stack seen from the side: one bar per tile, tallest 5.
      for (let t = 0; t < sq.height; t++)
        svgEl('rect', { x: x + 10, y: y + cell - 12 - t * 11, width: cell - 20, height: 9, rx: 2, fill: ['#c8a46e', '#b88a4a', '#a0703a', '#8a5a2c', '#6f4420'][t], stroke: '#5a3a1a', 'stroke-width': 0.8 }, g);
      if (sq.height) svgEl('text', { x: x + cell - 8, y: y + 14, 'text-anchor': 'end', 'font-size': 13, 'font-weight': 'bold', fill: '#333' }, g, String(sq.height));
      if (sq.pawn)
        svgEl('circle', { cx: x + cell / 2, cy: y + cell - 22 - Math.max(0, sq.height - 1) * 11, r: 13, fill: sq.pawn === 'b' ? '#1b1b1b' : '#fff', stroke: sq.pawn === 'b' ? '#fff' : '#222', 'stroke-width': 2 }, g);
      decorate(g, name, x, y, cell, decor);
    }
  return svg;
}

const PEBBLE = { n: '#c9a36b', w: '#fafafa', b: '#222' };

function drawQawale(fen, decor) {
  const p = parseQawale(fen);
  const cell = 110;
  const { svg, at } = gridSvg(p.width, p.height, cell);
  for (let r = 0; r < p.height; r++)
    for (let f = 0; f < p.width; f++) {
      const name = squareName(f, r), [x, y] = at(f, r), stack = p.squares[name];
      const g = svgEl('g', { 'data-square': name, 'data-token': name, 'data-stack': stack }, svg);
      svgEl('rect', { x, y, width: cell, height: cell, fill: '#e9e2cf', stroke: '#999' }, g);
      // Bottom to top along the left edge; the top pebble, which counts for lines, large in the middle.
      [...stack].forEach((pebble, i) => {
        svgEl('circle', { cx: x + 12, cy: y + cell - 10 - i * 9, r: 4, fill: PEBBLE[pebble], stroke: '#555', 'stroke-width': 0.8 }, g);
      });
      if (stack) {
        svgEl('circle', { cx: x + cell / 2 + 6, cy: y + cell / 2, r: 26, fill: PEBBLE[stack[stack.length - 1]], stroke: '#555', 'stroke-width': 2 }, g);
        svgEl('text', { x: x + cell - 8, y: y + 16, 'text-anchor': 'end', 'font-size': 13, fill: '#333' }, g, String(stack.length));
      }
      decorate(g, name, x, y, cell, decor);
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
  p.squares.forEach((sq, i) => {
    const number = i + 1, angle = (i / 36) * 2 * Math.PI - Math.PI / 2;
    const cx = centre + radius * Math.cos(angle), cy = centre + radius * Math.sin(angle);
    const g = svgEl('g', { 'data-square': number, 'data-token': String(number) }, svg);
    const golden = number === p.golden;
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
  if (!fen) return;
  try {
    container.appendChild(DRAW[game](fen, decor || {}));
  } catch (e) {
    container.textContent = 'cannot draw this position: ' + e.message;
  }
}

// ------------------------------------------------------ results and why

function p1Colour(state) { const m = /p1 plays (\w)/.exec(state.side || ''); return m ? m[1] : 'w'; }
function sideToMove(state) { return (state.side || 'w')[0]; }
function other(colour) { return colour === 'w' ? 'b' : 'w'; }

function toMove(state) {
  const m = /ongoing, (p[12]) to move/.exec(state.status);
  return m ? m[1] : null;
}
function isOver(state) { return state.status.startsWith('over'); }

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

function resultText(state) {
  const m = /over, (p1win|p2win|draw)/.exec(state.status);
  if (!m) return '';
  const names = COLOUR_NAMES[state.game], p1 = p1Colour(state);
  const who = m[1] === 'draw' ? 'Draw' :
    m[1] === 'p1win' ? `${names[p1]} (p1) wins` : `${names[other(p1)]} (p2) wins`;
  return `${who}. ${resultWhy(state.game, state.fen, state)}`;
}

function qawaleWinningSquares(state) {
  if (state.game !== 'qawale' || !isOver(state)) return [];
  const p = parseQawale(state.fen);
  return [...qawaleLinesOf(p, 'w'), ...qawaleLinesOf(p, 'b')].flat();
}

// ------------------------------------------------------------- play view

const play = {
  id: null, state: null, steps: [], analysing: false, info: null,
  engineBusy: false, events: null, pv: [],
};

function showMessage(text) { $('message').textContent = text || ''; }

function humanSide() { return $('human').value; }

function humanToMove(state) {
  const mover = toMove(state);
  if (!mover) return false;
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
  try {
    onState(await api('POST', `/api/sessions/${play.id}/move`, { move }));
  } catch (e) {
    handleError(e);
  }
}

function handleError(e) {
  showMessage(e.message);
  if (e.status === 404) {
    showMessage('This session has ended (timed out?): start a new game.');
    play.id = null;
  }
}

// An option named with the word Skill, Level, Strength or Elo (words split
// at spaces, underscores and capitals: "Skill Level", "UCI_Elo",
// "UCI_LimitStrength"; not "Development").
function isStrengthOption(line) {
  const m = /^option name (.+?) type /.exec(line);
  const words = m ? m[1].split(/[\s_]+|(?=[A-Z])/).map((w) => w.toLowerCase()) : [];
  return words.some((w) => ['skill', 'level', 'strength', 'elo'].includes(w));
}

function renderOptions(state) {
  const backend = $('backend');
  const strength = $('strength');
  const lines = state.engine_options || [];
  if (backend.options.length === 0) {
    const line = lines.find((l) => / name Backend type combo /.test(l));
    const vars = line ? line.split(' var ').slice(1) : [];
    vars.forEach((v) => { const o = document.createElement('option'); o.value = o.textContent = v; backend.appendChild(o); });
  }
  if (backend.options.length) backend.value = state.backend || ((lines.find((l) => / name Backend type combo /.test(l)) || '').match(/ default (\S+)/) || [])[1] || backend.value;
  // Strength levels appear when the engine declares them; nothing is faked.
  if (!strength.dataset.done) {
    strength.dataset.done = '1';
    lines.filter(isStrengthOption).forEach((l) => {
      const m = /^option name (.+?) type (\w+)(.*)$/.exec(l);
      if (!m) return;
      const label = document.createElement('label');
      label.textContent = m[1] + ' ';
      let input;
      if (m[2] === 'combo') {
        input = document.createElement('select');
        m[3].split(' var ').slice(1).forEach((v) => { const o = document.createElement('option'); o.value = o.textContent = v.trim(); input.appendChild(o); });
      } else if (m[2] === 'check') {
        input = document.createElement('input');
        input.type = 'checkbox';
      } else {
        input = document.createElement('input');
        input.type = 'number';
        const min = / min (-?\d+)/.exec(m[3]), max = / max (-?\d+)/.exec(m[3]);
        if (min) input.min = min[1];
        if (max) input.max = max[1];
      }
      const def = / default (\S+)/.exec(m[3]);
      if (def) { if (input.type === 'checkbox') input.checked = def[1] === 'true'; else input.value = def[1]; }
      input.dataset.option = m[1];
      input.addEventListener('change', () => setOption(m[1], input.type === 'checkbox' ? String(input.checked) : input.value));
      label.appendChild(input);
      strength.appendChild(label);
    });
  }
}

async function setOption(name, value) {
  try {
    onState(await api('POST', `/api/sessions/${play.id}/option`, { name, value }));
  } catch (e) { handleError(e); }
}

function render() {
  const state = play.state;
  if (!state) return;
  renderOptions(state);
  $('game').value = state.game;
  const myTurn = humanToMove(state) && !(state.searching && state.purpose === 'play');
  const left = myTurn ? candidates() : [];
  const next = new Set(left.map((m) => moveSteps(m)[play.steps.length]).filter((s) => s !== undefined));
  const pvMove = play.analysing && play.pv.length ? moveSteps(play.pv[0]) : [];
  drawBoard($('board'), state.game, state.fen, {
    clickable: next, onStep, chosen: play.steps, pv: pvMove, line: qawaleWinningSquares(state),
  });
  // Steps that are not squares (swap, discards) are buttons.
  const buttons = $('step-buttons');
  buttons.textContent = '';
  const onBoard = new Set([...document.querySelectorAll('#board [data-token]')].map((e) => e.getAttribute('data-token')));
  next.forEach((s) => {
    if (onBoard.has(s)) return;
    const b = document.createElement('button');
    b.textContent = s === 'swap' ? 'swap (pie rule)' : /^x\d$/.test(s) ? `discard from group ${s.slice(1)}` : s;
    b.dataset.token = s;
    b.className = 'clickable';
    b.addEventListener('click', () => onStep(s));
    buttons.appendChild(b);
  });
  const complete = left.filter((m) => moveSteps(m).length === play.steps.length);
  if (complete.length === 1 && play.steps.length) {
    const b = document.createElement('button');
    b.textContent = 'end the turn here';
    b.dataset.token = '(end)';
    b.addEventListener('click', () => { play.steps = []; submitMove(complete[0]); });
    buttons.appendChild(b);
  }
  $('step-text').textContent = play.steps.length ? 'steps: ' + play.steps.join(' ') : '';
  $('step-cancel').hidden = play.steps.length === 0;
  $('typed-move').hidden = state.legal_complete || isOver(state);
  const names = COLOUR_NAMES[state.game];
  const mover = toMove(state);
  $('turn').textContent = `${GAME_NAMES[state.game]}: ` + (mover ?
    `${names[sideToMove(state)]} (${mover}) to move` + (state.searching && state.purpose === 'play' ? ', the engine is thinking' : myTurn ? ', your move' : '') :
    'game over');
  $('result').textContent = resultText(state);
  const list = $('move-list');
  list.textContent = '';
  state.moves.forEach((m) => { const li = document.createElement('li'); li.textContent = m; list.appendChild(li); });
  list.scrollTop = list.scrollHeight;
  $('analyse').textContent = play.analysing ? 'Stop analysing' : 'Analyse';
}

function onState(state) {
  const changed = !play.state || play.state.fen !== state.fen || play.state.moves.length !== state.moves.length;
  play.state = state;
  if (changed) { play.steps = []; play.pv = []; }
  if (state.engine_broken) showMessage('The engine cannot run: ' + state.engine_error);
  else if (play.restarts !== undefined && state.restarts > play.restarts)
    showMessage(`The engine crashed (${state.engine_error}); it was restarted with the game as it was.`);
  play.restarts = state.restarts;
  render();
  if (changed && play.analysing && !isOver(state)) startAnalysis();
  maybeEngineMove();
}

function maybeEngineMove() {
  const state = play.state;
  if (!state || play.analysing || play.engineBusy || state.searching || isOver(state)) return;
  const mover = toMove(state), h = humanSide();
  if (h === 'both' || h === mover) return;
  requestEngineMove();
}

async function requestEngineMove() {
  if (play.engineBusy || isOver(play.state)) return;
  play.engineBusy = true;
  try {
    const movetime = Math.max(10, +$('movetime').value || 1000);
    const state = await api('POST', `/api/sessions/${play.id}/go`, { movetime, purpose: 'play', wait: true });
    play.engineBusy = false;
    onState(state);
  } catch (e) {
    play.engineBusy = false;
    handleError(e);
  }
}

async function startAnalysis() {
  try {
    play.info = null;
    await api('POST', `/api/sessions/${play.id}/go`, { infinite: true, purpose: 'analyse' });
    if (!play.events) pollAnalysis();
  } catch (e) { handleError(e); }
}

// Without an event stream (self-test, old browsers) the last info line
// is read from the state instead.
async function pollAnalysis() {
  while (play.analysing && play.id) {
    try {
      const state = await api('GET', `/api/sessions/${play.id}`);
      if (state.last_info) onInfo(state.last_info);
    } catch (e) { handleError(e); return; }
    await sleep(300);
  }
}

function onInfo(line) {
  const info = parseInfo(line);
  if (!info) return;
  if (info.score !== undefined)
    $('an-score').textContent = info.scoreKind === 'mate' ? `mate ${info.score}` : (info.score / 100).toFixed(2) + ' (side to move)';
  if (info.depth) $('an-depth').textContent = info.depth + (info.seldepth ? '/' + info.seldepth : '');
  if (info.nps) $('an-nps').textContent = Number(info.nps).toLocaleString();
  if (info.nodes) $('an-nodes').textContent = Number(info.nodes).toLocaleString();
  if (info.pv) { $('an-pv').textContent = 'pv: ' + info.pv.join(' '); play.pv = info.pv; }
  // The bar appears only when the engine reports win/draw/loss (per mille).
  if (info.wdl) {
    const [w, d, l] = info.wdl, total = w + d + l || 1;
    $('wdl').hidden = false;
    $('wdl-w').style.width = (100 * w / total) + '%';
    $('wdl-d').style.width = (100 * d / total) + '%';
    $('wdl-l').style.width = (100 * l / total) + '%';
    $('wdl-text').textContent = `win ${(100 * w / total).toFixed(1)}%, draw ${(100 * d / total).toFixed(1)}%, loss ${(100 * l / total).toFixed(1)}%`;
  }
  if (play.analysing) render();
}

function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info' || t[1] === 'string') return null;
  const o = {};
  for (let i = 1; i < t.length; i++) {
    switch (t[i]) {
      case 'depth': case 'seldepth': case 'nodes': case 'nps': case 'time': case 'hashfull':
        o[t[i]] = t[++i]; break;
      case 'score': o.scoreKind = t[++i]; o.score = +t[++i]; break;
      case 'wdl': o.wdl = [+t[i + 1], +t[i + 2], +t[i + 3]]; i += 3; break;
      case 'pv': o.pv = t.slice(i + 1); i = t.length; break;
      default: break;
    }
  }
  return o;
}

function openEvents() {
  if (play.events) play.events.close();
  // Headless self-tests run without a stream (an open stream keeps a
  // virtual-time browser waiting), unless ?sse=1 asks for one.
  if ((SELFTEST && !params.has('sse')) || SHOW || params.has('once') || typeof EventSource === 'undefined') return;
  const source = new EventSource(`/api/sessions/${play.id}/events`);
  play.events = source;
  source.addEventListener('state', (e) => {
    const state = JSON.parse(e.data);
    if (!play.engineBusy) onState(state); else { play.state = state; render(); }
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

async function ensureSession() {
  if (play.id) return;
  const body = {};
  const state = await api('POST', '/api/sessions', body);
  play.id = state.id;
  openEvents();
  play.state = state;
}

async function newGame(start) {
  showMessage('');
  try {
    await ensureSession();
    play.analysing = false;
    const body = { game: $('game').value, start: start || 'startpos' };
    onState(await api('POST', `/api/sessions/${play.id}/new`, body));
  } catch (e) { handleError(e); }
}

function undoCount(state) {
  const h = humanSide();
  if (h !== 'p1' && h !== 'p2') return 1;
  // Take back to the last position where the human was to move.
  let i = state.moves.length - 1;
  while (i >= 0 && (i % 2 === 0 ? 'p1' : 'p2') !== h) i--;
  return i >= 0 ? state.moves.length - i : state.moves.length;
}

function copyText(text) {
  const area = $('copy-area');
  area.value = text;
  area.select();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  else document.execCommand('copy');
}

function wirePlay() {
  $('new-game').addEventListener('click', () => newGame());
  $('game').addEventListener('change', () => newGame());
  $('human').addEventListener('change', () => { render(); maybeEngineMove(); });
  $('backend').addEventListener('change', () => setOption('Backend', $('backend').value));
  $('undo').addEventListener('click', async () => {
    if (!play.state || play.state.moves.length === 0) return;
    try { onState(await api('POST', `/api/sessions/${play.id}/undo`, { count: undoCount(play.state) })); } catch (e) { handleError(e); }
  });
  $('engine-move').addEventListener('click', () => { play.analysing = false; requestEngineMove(); });
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
  $('copy-position').addEventListener('click', () => play.state && copyText(play.state.fen));
  $('copy-moves').addEventListener('click', () => play.state && copyText(play.state.moves.join(' ')));
  $('step-cancel').addEventListener('click', () => { play.steps = []; render(); });
  $('move-submit').addEventListener('click', () => submitMove($('move-input').value.trim()));
}

// ------------------------------------------------------------ watch view

const watch = { stopped: false, generation: 0, files: [], file: null, offset: 0, text: '', timer: null, games: [], config: {}, game: null, ply: 0, follow: true, session: null, drawn: '' };

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
      game.moves.push(t);
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
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img' });
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
  const points = runningElo(watch.games, names[0]).map((p) => ({ ...p, x: p.n }));
  const last = points[points.length - 1];
  let w = 0, d = 0, l = 0;
  watch.games.forEach((g) => { const x = scoreFor(g, names[0]); if (x === 1) w++; else if (x === 0) l++; else if (x === 0.5) d++; });
  const extreme = last && (last.mean === 0 || last.mean === 1);
  $('elo-text').textContent = !last ? '' :
    `${names[0]} vs ${names[1] || 'the field'}: +${w} =${d} -${l}, ` + (extreme ?
      `Elo not finite yet (every game ${last.mean ? 'won' : 'lost'}; the chart is cut at ${eloOf(last.mean).toFixed(0)})` :
      `Elo ${last.elo.toFixed(1)} (95%: ${last.lo.toFixed(1)} to ${last.hi.toFixed(1)})`) + ` after ${last.n} games`;
  const chart = $('elo-chart');
  chart.textContent = '';
  chart.appendChild(lineChart(points, 'elo', { xLabel: 'games' }));
  const table = $('watch-games');
  table.textContent = '';
  const head = table.insertRow();
  ['Round', 'p1', 'p2', 'Result', 'Plies', 'Termination'].forEach((t) => { const th = document.createElement('th'); th.textContent = t; head.appendChild(th); });
  watch.games.slice(-200).forEach((g) => {
    const row = table.insertRow();
    [g.tags.Round, g.tags.White, g.tags.Black, g.result, g.moves.length, g.tags.Termination].forEach((t) => { row.insertCell().textContent = t === undefined ? '' : t; });
    if (g === watch.game) row.className = 'current';
    row.addEventListener('click', () => { watch.follow = false; $('watch-follow').checked = false; selectWatchGame(g, g.moves.length); });
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

async function renderWatchGame() {
  const g = watch.game;
  if (!g) return;
  $('watch-pgn').hidden = false;
  const [c1, c2] = clocksAt(g, watch.ply);
  $('watch-title').textContent = `Game ${g.tags.Round || '?'} (${GAME_NAMES[g.tags.Game] || g.tags.Game}): ${g.result}, ${g.tags.Termination || ''}`;
  $('watch-players').textContent = `p1 ${g.tags.White} (${g.tags.P1Colour || '?'}): ${c1} · p2 ${g.tags.Black}: ${c2} · ply ${watch.ply}/${g.moves.length}`;
  $('watch-moves').textContent = g.moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + m + (g.times[i] !== undefined ? ` {${g.times[i]}s}` : '')).join(' ') + (g.comment ? `  {${g.comment}}` : '');
  renderWatchStats();
  const key = `${g.tags.Round}|${g.tags.FEN}|${watch.ply}`;
  if (watch.drawn === key) return;
  watch.drawn = key;
  try {
    if (!watch.session) watch.session = (await api('POST', '/api/sessions', {})).id;
    const start = g.tags.FEN ? 'fen ' + g.tags.FEN : 'startpos';
    const state = await api('POST', `/api/sessions/${watch.session}/new`, { game: g.tags.Game, start, moves: g.moves.slice(0, watch.ply).join(' ') });
    if (watch.drawn === key) drawBoard($('watch-board'), state.game, state.fen, {});
  } catch (e) {
    if (e.status === 404) watch.session = null;
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
    const box = document.createElement('div');
    const points = rows.map((r) => ({ x: r[0], v: r[k + 1] }));
    const title = document.createElement('div');
    title.className = 'chart-title';
    title.textContent = `${name}: ${points.length ? fmt(points[points.length - 1].v) : '-'} (start ${points.length ? fmt(points[0].v) : '-'})`;
    box.appendChild(title);
    box.appendChild(lineChart(points, 'v', { width: 300, height: 140, xLabel: 'iteration' }));
    charts.appendChild(box);
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
    list.files.forEach((f) => { const o = document.createElement('option'); o.value = f.id; o.textContent = `${f.path} (${f.kind})`; select.appendChild(o); });
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

function wireWatch() {
  $('watch-file').addEventListener('change', () => chooseWatchFile(watch.files.find((f) => String(f.id) === $('watch-file').value)));
  const step = (to) => { if (!watch.game) return; watch.ply = Math.max(0, Math.min(watch.game.moves.length, to)); $('watch-ply').value = watch.ply; renderWatchGame(); };
  $('watch-first').addEventListener('click', () => step(0));
  $('watch-prev').addEventListener('click', () => step(watch.ply - 1));
  $('watch-next').addEventListener('click', () => step(watch.ply + 1));
  $('watch-last').addEventListener('click', () => step(watch.game ? watch.game.moves.length : 0));
  $('watch-ply').addEventListener('input', () => step(+$('watch-ply').value));
  $('watch-follow').addEventListener('change', () => { watch.follow = $('watch-follow').checked; });
}

function showTab(name) {
  document.querySelectorAll('.tab').forEach((t) => t.classList.toggle('active', t.dataset.tab === name));
  $('view-play').hidden = name !== 'play';
  $('view-watch').hidden = name !== 'watch';
  if (name === 'watch') openWatch();
}

// -------------------------------------------------------------- self-test

// ?selftest=1: plays a whole game of each kind by clicking the board (the
// human side picks legal steps; the engine answers with the random
// backend), then writes the verdict into #selftest for a headless browser
// to read (`chromium --headless --dump-dom`).
const EXPECTED_SQUARES = { roomandpillar: 64, columna: 36, qawale: 16, territoire: 36 };
const EXPECTED_FIRST_STEPS = { roomandpillar: 32, columna: 4, qawale: 4, territoire: 6 };

async function clickStep(step) {
  const target = [...document.querySelectorAll('[data-token].clickable')].find((e) => e.getAttribute('data-token') === step);
  if (!target) throw new Error(`step ${step} is not clickable`);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

async function selftestGame(game, seed) {
  $('game').value = game;
  $('human').value = 'p1';
  $('movetime').value = '30';
  await newGame();
  if (!play.state || play.state.game !== game) throw new Error('no new game: ' + $('message').textContent);
  if (play.state.backend !== 'random') await setOption('Backend', 'random');
  const squares = document.querySelectorAll('#board [data-square]').length;
  if (squares !== EXPECTED_SQUARES[game]) throw new Error(`the board has ${squares} squares, expected ${EXPECTED_SQUARES[game]}`);
  // The rules' first steps, and nothing else, are clickable: R&P any black
  // stone, Columna the four white pawns, Qawale the four corner stacks,
  // Territoire the six squares of value 6.
  const clickable = document.querySelectorAll('#board .clickable').length;
  if (clickable !== EXPECTED_FIRST_STEPS[game]) throw new Error(`${clickable} squares are clickable at the start, expected ${EXPECTED_FIRST_STEPS[game]}`);
  const dead = document.querySelector('#board [data-square]:not(.clickable)');
  dead.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  if (play.steps.length !== 0) throw new Error('a square that is not clickable took a click');
  const analysis = params.get('analyse') === game ? await selftestAnalysis() + ', ' : '';
  let rng = seed;
  let clicks = 0;
  for (let turn = 0; turn < 400 && !isOver(play.state); turn++) {
    const before = play.state.moves.length;
    if (toMove(play.state) === 'p1') {
      // Only what is clickable may be clicked: a step that is not fails.
      rng = (rng * 1103515245 + 12345) % 2147483648;
      const move = play.state.legal[rng % play.state.legal.length];
      for (const step of moveSteps(move)) { await clickStep(step); clicks++; }
    } else {
      maybeEngineMove();
    }
    await until(() => play.state.moves.length > before || isOver(play.state) || $('message').textContent, 20000, 'a move');
    if ($('message').textContent) throw new Error('message: ' + $('message').textContent);
  }
  if (!isOver(play.state)) throw new Error('the game did not end');
  const result = $('result').textContent;
  if (!/wins|Draw/.test(result)) throw new Error('no result shown: ' + result);
  return `${analysis}${play.state.moves.length} moves, ${clicks} clicks, ${result}`;
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
  return 'c1 then the swap button';
}

// Analysis: live score and depth, and the pv's first move on the board;
// strength controls and the win/draw/loss bar only when the engine has them.
async function selftestAnalysis() {
  $('analyse').click();
  await until(() => $('an-depth').textContent !== '-' && document.querySelector('#board circle[fill="#2563eb"]'), 20000, 'analysis output');
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
  return `analysed (strength controls: ${declared ? 'shown' : 'none'}; wdl bar: ${wdl ? 'shown' : 'none'})`;
}

async function selftest() {
  const out = $('selftest');
  out.hidden = false;
  out.textContent = 'SELFTEST RUNNING';
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
  out.textContent = (ok ? 'SELFTEST PASS' : 'SELFTEST FAIL') + '\n' + lines.join('\n');
  document.title = ok ? 'SELFTEST PASS' : 'SELFTEST FAIL';
}

// ?selftest=watch: the Watch tab follows each watched file (the server is
// started with an arena PGN and a tuner CSV): the games, the running Elo,
// the board of the newest game, one chart per tuned parameter.
async function selftestWatch() {
  const out = $('selftest');
  out.hidden = false;
  const lines = [];
  let ok = true;
  const check = (name, cond, detail) => { ok = ok && cond; lines.push(`${cond ? 'ok' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`); };
  try {
    showTab('watch');
    await until(() => watch.files.length > 0, 10000, 'the list of watched files');
    for (const file of watch.files) {
      $('watch-file').value = String(file.id);
      chooseWatchFile(file);
      if (file.kind === 'pgn') {
        await until(() => watch.games.length > 0 && $('watch-board').querySelector('svg'), 20000, 'a game and its board');
        const games = (watch.text.match(/^\[Round /gm) || []).length;
        check('pgn_games_listed', watch.games.length === games && $('watch-games').rows.length === Math.min(200, games) + 1, `${watch.games.length} games`);
        check('pgn_elo_shown', /Elo (-?\d|not finite)/.test($('elo-text').textContent) && !!$('elo-chart').querySelector('polyline'), $('elo-text').textContent);
        check('pgn_board_drawn', $('watch-board').querySelectorAll('[data-square]').length > 0);
        check('pgn_clocks_shown', /s left|s used/.test($('watch-players').textContent), $('watch-players').textContent);
      } else {
        await until(() => $('csv-charts').querySelector('svg'), 20000, 'the CSV charts');
        const header = watch.text.split('\n')[0].split(',');
        check('csv_one_chart_per_parameter', $('csv-charts').querySelectorAll('svg').length === header.length - 1, `${header.length - 1} parameters`);
      }
    }
  } catch (e) {
    check('watch', false, e.message);
  }
  watch.stopped = true;
  clearTimeout(watch.timer);
  out.textContent = (ok ? 'SELFTEST PASS' : 'SELFTEST FAIL') + '\n' + lines.join('\n');
}

// ?show=GAME&plies=N: the engine (random backend) plays N plies from the
// start, for screenshots.
async function show() {
  if (params.has('board')) ['controls', 'side-panel'].forEach((id) => { $(id).hidden = true; });
  $('game').value = SHOW;
  $('human').value = 'both';
  await newGame();
  await setOption('Backend', 'random');
  const plies = +(params.get('plies') || 0);
  for (let i = 0; i < plies && !isOver(play.state); i++)
    onState(await api('POST', `/api/sessions/${play.id}/go`, { movetime: 20, purpose: 'play', wait: true }));
  document.title = 'SHOW READY';
}

// ------------------------------------------------------------------ start

document.querySelectorAll('.tab').forEach((t) => t.addEventListener('click', () => showTab(t.dataset.tab)));
wirePlay();
wireWatch();
if (params.get('selftest') === 'watch') selftestWatch();
else if (SELFTEST) selftest();
else if (SHOW) show();
else if (params.get('tab') === 'watch') {
  // ?tab=watch&once=1 (screenshots): read the files once, then stop.
  if (params.has('once')) setTimeout(() => { watch.stopped = true; clearTimeout(watch.timer); }, 3000);
  showTab('watch');
  newGame();
}
else newGame();
