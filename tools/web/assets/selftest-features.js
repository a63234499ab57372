// selftest-features.js - ?selftest=features.

import { $, el, sleep } from './util.js';
import { api } from './api.js';
import { GAME_NAMES, moveSteps } from './games.js';
import { isOver, resultOf, toMove } from './result.js';
import { play } from './state.js';
import { engineSide, humanSide } from './play.js';
import { setOption } from './options.js';
import { tick } from './clock.js';
import { parseInfo } from './analysis.js';
import { newGame } from './session.js';
import { showMovetime, startPlay } from './controls.js';
import { checklist, clickStep, until } from './selftest-kit.js';
import { checkLastMove } from './selftest-games.js';

// The engine's last known evaluation, from its own side (centi-units).
function engineOwnEval() {
  const eng = engineSide();
  const n = play.state.moves.length;
  const plies = Object.keys(play.evals).map(Number).filter((k) => k <= n);
  if (!plies.length || (eng !== 'p1' && eng !== 'p2')) return null;
  const v = play.evals[Math.max(...plies)];
  return eng === 'p1' ? v : -v;
}

// ?selftest=features: the game actions and the engine's view with the
// real engine (alpha-beta, short thinks): labels, rules, draw offers
// (refused in a lost position, accepted in a won one), resign, rematch,
// the analysis' point of view after a lost game, the evaluation graph,
// clocks for both sides, the link to a position.
const QAWALE_LEVEL = 'a1a2b2c2 d1d2d3d4 d4d3c3b3b4 b3b4a4 a4b4b3b2c2 b4b3b2a2a1 b2a2a1b1c1 a2b2c2c1b1 b1b2c2c1 c2d2d3c3b3b4 a1a2a3b3 c1b1b2c2d2 c2c1d1 b2a2a1b1c1';

export async function selftestFeatures() {
  const { check, finish } = checklist();
  const step = async (name, fn) => { try { await fn(); } catch (e) { check(name, false, e.message); } };
  const newAt = async (game, human, start, tc, moves) => {
    $('game').value = game;
    $('human').value = human;
    $('time-control').value = tc || '';
    $('movetime').value = '60';
    showMovetime();
    await newGame(start, moves);
    if (!play.state || play.state.game !== game) throw new Error('no new game: ' + $('message').textContent);
  };
  const randomHumanMove = async (rng) => {
    const before = play.state.moves.length;
    const move = play.state.legal[rng % play.state.legal.length];
    for (const s of moveSteps(move)) await clickStep(s);
    await until(() => play.state.moves.length > before || isOver(play.state), 20000, 'the human move');
  };
  // The result over the board (inside it, in the window), its title from
  // the human's side, its words never green for a loss.
  const checkBanner = (kind, title) => {
    const banner = $('result-banner'), b = banner.getBoundingClientRect(), board = $('board').getBoundingClientRect();
    const [r, g, bl] = getComputedStyle($('result')).color.match(/\d+/g).map(Number);
    const edge = getComputedStyle(banner).borderTopColor;
    check(`result_banner_over_the_board (${kind})`, !banner.hidden && banner.classList.contains(kind) && $('result-title').textContent === title &&
      b.top >= board.top && b.bottom <= board.bottom && b.bottom <= window.innerHeight && !(g > r + 40 && g > bl + 40) && (kind !== 'loss' || !/rgb\(21, 128, 61\)/.test(edge)),
      `"${$('result-title').textContent}: ${$('result').textContent}" at ${Math.round(b.top)}-${Math.round(b.bottom)} px over the board's ${Math.round(board.top)}-${Math.round(board.bottom)} px, edge ${edge}`);
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

  // A new game from the start empties the position-string box.
  await step('position_box_cleared', async () => {
    const seed = play.seed;
    $('position-input').value = 'deal 5';
    $('new-game').click();
    await until(() => play.seed !== seed && play.state, 10000, 'the new game');
    check('position_box_cleared', $('position-input').value === '', `"${$('position-input').value}" after New game`);
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
    // The rule the page states: the server's (level, after both moved).
    check('draw_rule_said', /within 0\.20 of 0/.test($('draw-note').textContent), $('draw-note').textContent);
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
    check('no_best_line_after_the_end', isOver(play.state) && !/best line/.test($('an-pv').textContent), `"${$('an-pv').textContent}" after ${play.state.moves.join(' ')}`);
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

  // Accepted: a game of Qawale the engine played against itself, at a
  // drawn end after 14 moves (level for the engine, p2, by any rule).
  await step('draw_accepted', async () => {
    await newAt('qawale', 'p1', 'startpos', '', QAWALE_LEVEL);
    $('offer-draw').click();
    await until(() => isOver(play.state) || $('draw-answer').textContent, 20000, 'an answer to the draw offer');
    check('draw_accepted', resultOf(play.state) === 'draw' && /draw agreed/.test($('result').textContent) && /accepts/.test($('draw-answer').textContent),
      `${$('draw-answer').textContent} ${$('result').textContent} (server status "${play.state.status}", reason "${play.state.reason}")`);
    check('draw_agreed_said', /draw agreed/.test($('announce').textContent), `live region: "${$('announce').textContent}"`);
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
    checkBanner('loss', 'You lose');
    const seed = play.seed;
    $('banner-rematch').click();
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

  // The clocks wait for each side's first move (as on lichess); then the
  // human's falls and runs out, and stays marked; the engine is told the
  // real times; the result comes over the board, not green for a loss.
  await step('clock_human', async () => {
    await newAt('columna', 'p1', 'startpos', '60+0');
    const read = (side) => $('clock-' + side).querySelector('.time').textContent;
    const ms = (t) => { const [m, s] = t.split(':'); return 60000 * +m + 1000 * +s; };
    const start = read('p1');
    await sleep(1500);
    check('clock_waits_for_the_first_move', !$('clock-p1').hidden && !$('clock-p2').hidden && start === '1:00' && read('p1') === '1:00' && !$('clock-p1').classList.contains('running'),
      `${start} then ${read('p1')} 1.5 s later, before the first move`);
    await randomHumanMove(3);
    await engineReplied(2);
    const go = play.lastGo || {};
    check('engine_told_the_clocks', go.p1time === 60000 && go.p2time === 60000 && go.p1inc === 0 && go.p2inc === 0 && go.movetime === undefined, JSON.stringify(go));
    const first = read('p1');
    await sleep(1500);
    check('clock_falls', ms(read('p1')) < ms(first) && $('clock-p1').classList.contains('running'), `${first} then ${read('p1')} after both first moves`);
    await until(() => isOver(play.state), 200000, 'the human\'s clock to run out');
    const text1 = read('p2');
    await sleep(500);
    check('human_loses_on_time', resultOf(play.state) === 'p2win' && /ran out of time/.test($('result').textContent) && read('p1') === '0:00.0' && read('p2') === text1,
      `${$('result').textContent} (server status "${play.state.status}")`);
    check('loss_on_time_said', /ran out of time/.test($('announce').textContent), `live region: "${$('announce').textContent}"`);
    const colour = (id) => getComputedStyle($(id)).backgroundColor;
    check('flagged_clock_marked', $('clock-p1').classList.contains('flagged') && /out of time/.test($('clock-p1').textContent) && colour('clock-p1') !== colour('clock-p2'),
      `"${$('clock-p1').textContent}" on ${colour('clock-p1')}, the other clock on ${colour('clock-p2')}`);
    checkBanner('loss', 'You lose');
    $('banner-review').click();
    check('banner_analysis', $('result-banner').hidden && play.view === play.state.moves.length - 1 && !$('view-note').hidden,
      `banner ${$('result-banner').hidden ? 'closed' : 'open'}, viewing ply ${play.view} of ${play.state.moves.length}`);
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
  finish();
}
