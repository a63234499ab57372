// sound.js - a short tone for each move played in the game, with a switch
// (kept in this browser) to mute it; none while the engine analyses.

import { $, store } from './util.js';
import { play } from './state.js';

let context = null;
// How many tones were played (the self-tests read it: headless browsers
// play sound nowhere).
export const tones = { played: 0 };

export function moveSound() {
  if (!$('sound').checked || play.analysing) return;
  tones.played++;
  // Before the page's first click or key, browsers refuse to play sound.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    context = context || new AudioContext();
    const now = context.currentTime, osc = context.createOscillator(), gain = context.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    osc.connect(gain).connect(context.destination);
    osc.start(now);
    osc.stop(now + 0.12);
  } catch (e) { /* no audio in this browser */ }
}

export function wireSound() {
  const box = $('sound');
  box.checked = store.get('localStorage', 'tessera.sound') !== 'off';
  box.addEventListener('change', () => store.set('localStorage', 'tessera.sound', box.checked ? 'on' : 'off'));
}
