// pgn.js - the game as PGN, as tessera-arena writes it, and PGN moves
// read back.

import { $, el, SELFTEST } from './util.js';
import { reasonOf, resultOf, resultText } from './result.js';
import { play } from './state.js';
import { humanSide } from './play.js';

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
export function pgnMoveText(token) { return token.replace(/^M/, '').replace(/:/g, ','); }

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
  // The server's words for the ending where its state gives them (PGN's
  // Termination, and a closing comment such as "White resigns"), else
  // the page's.
  const termination = state.termination || (!result ? 'unterminated' : /time/.test(reason) ? 'time forfeit' : 'normal');
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
  const closing = state.termination ? state.ending || 'the game goes on' : `${termination}: ${why}`;
  return lines.concat(pgnMovetext(state.moves, play.times, closing, token)).join('\n') + '\n\n';
}

export function downloadPgn() {
  if (!play.state) return;
  const text = pgnText();
  if (SELFTEST) { $('pgn-out').textContent = text; return; }
  const blob = new Blob([text], { type: 'application/x-chess-pgn' });
  const a = el('a', { href: URL.createObjectURL(blob), download: `tessera-${play.state.game}-${play.seed}.pgn` });
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
