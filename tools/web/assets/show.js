// show.js - ?show=GAME&plies=N: a game played by the random backend
// for a screenshot (test-browser.sh takes the manual's pictures so);
// &board=1 shows the board alone, &tc=, &pv=1 and &human= below.

import { $, params, SHOW } from './util.js';
import { api } from './api.js';
import { isOver } from './result.js';
import { play } from './state.js';
import { render } from './play.js';
import { setOption } from './options.js';
import { onInfo } from './analysis.js';
import { ensureSession, newGame, onState } from './session.js';
import { showMovetime } from './controls.js';

export async function show() {
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
  // &human=p1: the game seen from that side (the result banner's words).
  if (['p1', 'p2'].includes(params.get('human'))) $('human').value = params.get('human');
  // A screenshot waits out its virtual time: the clocks stop here.
  play.clock.running = false;
  render();
  document.title = 'SHOW READY';
}
