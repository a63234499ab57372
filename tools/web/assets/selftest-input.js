// selftest-input.js - ?selftest=input: a move dragged (press on one square,
// release on the next: Columna's b2 to b3, then a1 to a2), the move tone
// (played for a move, not when muted, the switch kept, not while the
// engine analyses), and a premove.

import { $, store } from './util.js';
import { moveSteps } from './games.js';
import { play } from './state.js';
import { newGame } from './session.js';
import { showMovetime, startPlay } from './controls.js';
import { tones } from './sound.js';
import { checklist, clickStep, until } from './selftest-kit.js';

function centre(token) {
  const square = document.querySelector(`#board [data-token="${token}"]`);
  if (!square) throw new Error(`no square ${token} on the board`);
  const r = square.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, pointerId: 1, isPrimary: true };
}

// A press on one square and a release on another, as a mouse does.
function drag(from, to) {
  const start = centre(from), end = centre(to);
  document.elementFromPoint(start.clientX, start.clientY).dispatchEvent(new PointerEvent('pointerdown', start));
  document.elementFromPoint(end.clientX, end.clientY).dispatchEvent(new PointerEvent('pointerup', end));
}

async function clickMove() {
  const before = play.state.moves.length;
  for (const step of moveSteps(play.state.legal[0])) await clickStep(step);
  await until(() => play.state.moves.length > before, 10000, 'the clicked move');
}

// While the engine (p1) thinks over its first move, a click on the
// human's pawn b5 is kept as a premove (marked, said); once the engine has
// moved it is the first step chosen if it is legal then, else dropped
// with a message.  Esc drops a premove.
async function premove(check) {
  $('human').value = 'p2';
  $('movetime').value = '1500';
  await newGame();
  await until(() => play.engineBusy, 10000, 'the engine thinking');
  const square = () => document.querySelector('#board [data-token="b5"].premovable');
  if (!square()) throw new Error('b5 cannot be chosen while the engine thinks');
  square().dispatchEvent(new MouseEvent('click', { bubbles: true }));
  check('premove_kept', play.premove.join(' ') === 'b5' && /premove: b5/.test($('step-text').textContent) && !!document.querySelector('#board [data-token="b5"] circle[fill="#2563eb"]'),
    `"${$('step-text').textContent}"`);
  await until(() => play.state.moves.length === 1 && !play.engineBusy, 30000, 'the engine\'s move');
  const legal = play.state.legal.some((m) => moveSteps(m)[0] === 'b5');
  check('premove_played_or_dropped', legal ? play.steps.join(' ') === 'b5' : play.steps.length === 0 && /premove b5 is not legal/.test($('message').textContent),
    `after ${play.state.moves[0]}: b5 ${legal ? 'legal' : 'not legal'}, steps "${play.steps.join(' ')}", message "${$('message').textContent}"`);
  play.steps = [];
  play.premove = ['c2'];
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  check('escape_drops_a_premove', play.premove.length === 0, `${play.premove.length} premove steps left`);
}

export async function selftestInput() {
  const { check, finish } = checklist();
  try {
    await startPlay();
    await until(() => play.state, 10000, 'a session');
    $('game').value = 'columna';
    $('human').value = 'both';
    $('time-control').value = '';
    showMovetime();
    await newGame();
    const sound = $('sound');
    const heard = tones.played;
    drag('b2', 'b3');
    drag('a1', 'a2');
    await until(() => play.state.moves.length === 1, 10000, 'the dragged move');
    check('drag_and_drop', play.state.moves[0] === 'b2b3,a1a2', `moves ${play.state.moves.join(' ')}`);
    check('move_said_for_screen_readers', $('announce').textContent === 'White (p1) played b2b3,a1a2.', `"${$('announce').textContent}"`);
    check('tone_for_a_move', sound.checked && tones.played === heard + 1, `${tones.played - heard} tone(s) for one move`);
    sound.click();
    await clickMove();
    check('muted', !sound.checked && tones.played === heard + 1 && store.get('localStorage', 'tessera.sound') === 'off', `${tones.played - heard} tone(s) after a muted move; kept "${store.get('localStorage', 'tessera.sound')}"`);
    sound.click();
    $('analyse').click();
    await clickMove();
    check('no_tone_while_analysing', play.analysing && tones.played === heard + 1, `${tones.played - heard} tone(s) after a move during analysis`);
    $('analyse').click();
    await premove(check);
  } catch (e) {
    check('input', false, e.message);
  }
  finish();
}
