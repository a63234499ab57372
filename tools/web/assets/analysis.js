// analysis.js - the engine's view: score, depth, best line, win/draw/loss,
// several lines, and the evaluation over the game.

import { $, el, svgEl } from './util.js';
import { plyMover } from './result.js';
import { play } from './state.js';
import { humanSide, live, render, setView } from './play.js';

const MATE_BASE = 100000;

export function scoreText(v) {
  if (Math.abs(v) >= MATE_BASE - 1000) {
    const n = MATE_BASE - Math.abs(v);
    return `${v > 0 ? '+' : '-'}M${n}`;
  }
  return (v > 0 ? '+' : '') + (v / 100).toFixed(2);
}

function povSide() { return humanSide() === 'p2' ? 'p2' : 'p1'; }
export function povLabel() {
  const h = humanSide();
  return h === 'p1' || h === 'p2' ? `for you (${h})` : 'for the first player (p1)';
}

// A score from the side to move at ply root, as p1 sees it.
function p1Score(info, root) {
  const v = info.scoreKind === 'mate' ? (info.score > 0 ? 1 : -1) * (MATE_BASE - Math.abs(info.score)) : info.score;
  return plyMover(root) === 'p1' ? v : -v;
}

function winChance(cp) { return 2 / (1 + Math.exp(-0.004 * cp)) - 1; }

export function renderEvalGraph() {
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

// The ply whose answer came from the engine's proven table (ProvenBook):
// its mate is then a proven win, said so beside the score.
let provenRoot = -1;

export function onInfo(line, root) {
  if (root === undefined) root = play.searchRoot;
  if (/^info string ProvenBook: /.test(line)) provenRoot = root;
  const info = parseInfo(line);
  if (!info) return;
  if (root === provenRoot && Number(info.nodes) > 0) provenRoot = -1; // searched here since
  const state = play.state;
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
    const n = Math.abs(info.score);
    const mate = root === provenRoot ? ` (proven, within ${n} turns)` : ` (mate in ${n})`;
    $('an-score').textContent = scoreText(pov) + (info.scoreKind === 'mate' ? mate : '');
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

// The best line belongs to the position it was searched from: it goes with
// a new game, and at the game's end (it would start with the move just
// played).
export function clearBestLine() {
  play.pv = [];
  play.multipv = {};
  $('an-pv').textContent = '';
  renderMultiPv();
}

export function renderMultiPv() {
  const box = $('an-lines');
  box.textContent = '';
  Object.keys(play.multipv).sort().forEach((k) => {
    const info = play.multipv[k];
    const v = info.score !== undefined ? (povSide() === plyMover(play.pvRoot) ? 1 : -1) * (info.scoreKind === 'mate' ? (info.score > 0 ? 1 : -1) * (MATE_BASE - Math.abs(info.score)) : info.score) : null;
    el('div', {}, box, `line ${k}: ${v === null ? '' : scoreText(v) + ' '}${info.pv.slice(0, 6).join(' ')}`);
  });
}

export function parseInfo(line) {
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
