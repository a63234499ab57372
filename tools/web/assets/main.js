// main.js - the page (index.html loads this module, and through it the
// others): play and analyse against the engine, watch an arena run or a
// tuner.  Whatever the rules decide for the live game (legal moves,
// results) comes from the engine through the server; the page draws,
// asks, and replays moves it already knows to be legal to show the
// earlier positions of a game (the move list, the Watch tab) without an
// engine.  The self-tests (?selftest=MODE, tools/web/test-browser.sh) and
// the screenshot mode (?show=GAME) are modules of their own, fetched only
// when the address asks for them.

import { params, SHOW } from './util.js';
import { showMovetime, showTab, wirePlay } from './controls.js';
import { watch, wireWatch } from './watch.js';

document.querySelectorAll('.tab').forEach((t) => t.addEventListener('click', () => showTab(t.dataset.tab)));
wirePlay();
wireWatch();
showMovetime();
const mode = params.get('selftest');
if (mode !== null) import('./selftest.js').then((m) => m.run(mode));
else if (SHOW) import('./show.js').then((m) => m.show());
else if (params.get('tab') === 'watch' || location.hash === '#watch') {
  // ?tab=watch&once=1 (screenshots): read the files once, then stop.
  if (params.has('once')) setTimeout(() => { watch.stopped = true; clearTimeout(watch.timer); }, 3000);
  showTab('watch');
}
else showTab('play');
