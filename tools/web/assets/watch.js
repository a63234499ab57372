// watch.js - the Watch tab: an arena run's games and running Elo, or a
// tuner's parameters, followed as the files grow.

import { $, el } from './util.js';
import { api } from './api.js';
import { GAME_NAMES, moveSteps, START_FENS } from './games.js';
import { replay, RULES } from './replay.js';
import { drawBoard } from './board.js';
import { play } from './state.js';
import { pgnMoveText } from './pgn.js';
import { fmt, lineChart } from './chart.js';

export const watch = { stopped: false, generation: 0, files: [], file: null, offset: 0, text: '', timer: null, games: [], config: {}, game: null, ply: 0, follow: true, session: null, sessionStarting: null, drawn: '' };

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
  if (decisive) chart.appendChild(lineChart(points, 'elo', { name: `running Elo of ${names[0]}`, xLabel: 'games', format: (v) => v.toFixed(0) }));
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
export function watchFens(g) {
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

export async function renderWatchGame() {
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
    box.appendChild(lineChart(points, 'v', { name, width: 300, height: 140, xLabel: 'iteration' }));
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

export async function openWatch() {
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

export function chooseWatchFile(file) {
  clearTimeout(watch.timer);
  Object.assign(watch, { file, offset: 0, text: '', games: [], game: null, drawn: '', generation: watch.generation + 1 });
  $('watch-pgn').hidden = $('watch-stats').hidden = $('watch-csv').hidden = true;
  pollWatch();
}

export function watchStep(to) {
  if (!watch.game) return;
  watch.ply = Math.max(0, Math.min(watch.game.moves.length, to));
  $('watch-ply').value = watch.ply;
  renderWatchGame();
}

export function wireWatch() {
  $('watch-file').addEventListener('change', () => chooseWatchFile(watch.files.find((f) => String(f.id) === $('watch-file').value)));
  $('watch-first').addEventListener('click', () => watchStep(0));
  $('watch-prev').addEventListener('click', () => watchStep(watch.ply - 1));
  $('watch-next').addEventListener('click', () => watchStep(watch.ply + 1));
  $('watch-last').addEventListener('click', () => watchStep(watch.game ? watch.game.moves.length : 0));
  $('watch-ply').addEventListener('input', () => watchStep(+$('watch-ply').value));
  $('watch-follow').addEventListener('change', () => { watch.follow = $('watch-follow').checked; });
}
