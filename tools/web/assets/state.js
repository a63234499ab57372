// state.js - the Play tab's state, shared by the modules that play,
// draw, time and record its game.

import { store } from './util.js';

export const play = {
  id: null, state: null, steps: [], analysing: false, info: null,
  engineBusy: false, events: null, pv: [], pvRoot: -1,
  view: null,            // null: the live position; else the ply shown (read-only)
  flipped: store.get('localStorage', 'tessera.flipped') === '1',
  startFen: null, fens: null, evals: {}, times: [], seed: 0,
  localEnd: null,        // {result, reason, ply}: an end the server could not take
  searchRoot: 0, turnStart: Date.now(),
  clock: { tc: null, left: { p1: 0, p2: 0 }, ply: 0, running: false },
  flagPending: null, flagging: false, hooks: {}, replayErrors: [],
  started: false, multipv: {},
  premove: [],           // steps chosen while the engine was to move
  endSaid: null,         // the end last said in the live region (announce)
};
