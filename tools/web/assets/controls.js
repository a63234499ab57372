// controls.js - the Play tab's buttons and keys, and the tabs.

import { $ } from './util.js';
import { api } from './api.js';
import { plyMover } from './result.js';
import { play } from './state.js';
import { flip, handleError, humanSide, live, render, setView, submitMove } from './play.js';
import { setOption } from './options.js';
import { chosenTimeControl, tick } from './clock.js';
import { offerDraw, rematch, resign } from './ending.js';
import { ensureSession, maybeEngineMove, newGame, onState, requestEngineMove, saveSession, startAnalysis } from './session.js';
import { gameLink, openLink, readLink } from './link.js';
import { downloadPgn } from './pgn.js';
import { openWatch, watch, watchStep } from './watch.js';
import { wireBanner } from './banner.js';
import { wireDrag } from './drag.js';
import { wireSound } from './sound.js';

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

export function showMovetime() { $('movetime-label').hidden = !!chosenTimeControl(); }

function typing(target) { return target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName); }

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
  const watching = !$('view-watch').hidden;
  if (e.key === 'f' || e.key === 'F') { flip(); e.preventDefault(); return; }
  if (e.key === 'Escape' && !watching) { play.steps = []; play.premove = []; render(); return; }
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

export function wirePlay() {
  $('new-game').addEventListener('click', () => newGame());
  $('retry').addEventListener('click', () => newGame());
  wireBanner();
  wireDrag();
  wireSound();
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
  $('step-cancel').addEventListener('click', () => { play.steps = []; play.premove = []; render(); });
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
export async function startPlay() {
  if (play.started) return;
  play.started = true;
  const link = readLink();
  try {
    if (link) { await openLink(link); return; }
    const reattached = await ensureSession();
    if (!reattached) await newGame();
  } catch (e) { handleError(e); }
}

export function showTab(name) {
  document.querySelectorAll('.tab').forEach((t) => {
    t.classList.toggle('active', t.dataset.tab === name);
    t.setAttribute('aria-selected', t.dataset.tab === name ? 'true' : 'false');
  });
  $('view-play').hidden = name !== 'play';
  $('view-watch').hidden = name !== 'watch';
  // The tab in the address (#watch), so that a reload keeps it; a game
  // link's fragment (#game=...) is read, then cleared, by openLink.
  if (!readLink()) history.replaceState(null, '', location.pathname + location.search + (name === 'watch' ? '#watch' : ''));
  if (name === 'watch') openWatch();
  if (name === 'play') startPlay();
}
