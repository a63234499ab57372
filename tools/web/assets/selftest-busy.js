// selftest-busy.js - ?selftest=busy: a tab over the server's cap of
// sessions shows one clear state (why, and a retry; no board, no steps to
// cancel, no game buttons to press, no empty Backend list), and the retry
// starts a game once a session is free.

import { $ } from './util.js';
import { api } from './api.js';
import { play } from './state.js';
import { startPlay } from './controls.js';
import { checklist, until } from './selftest-kit.js';

const GAME_BUTTONS = ['resign', 'offer-draw', 'rematch', 'download-pgn', 'copy-link', 'undo', 'engine-move', 'analyse', 'set-position'];

const shown = (id) => $(id).getClientRects().length > 0;

// Sessions taken until the server refuses one (the pages of earlier
// self-tests may still hold some).
async function fillSessions() {
  const taken = [];
  for (let i = 0; i < 300; i++) {
    try {
      taken.push((await api('POST', '/api/sessions', {})).id);
    } catch (e) {
      if (e.status === 503) return taken;
      throw e;
    }
  }
  throw new Error('the server never refused a session');
}

export async function selftestBusy() {
  const { check, finish } = checklist();
  let taken = [];
  try {
    taken = await fillSessions();
    await startPlay();
    await until(() => $('message').textContent || !$('no-session').hidden, 10000, 'the refusal');
    const pressable = GAME_BUTTONS.filter((id) => shown(id) && !$(id).disabled);
    check('one_busy_state_with_a_retry', !$('no-session').hidden && /too many sessions/.test($('no-session-text').textContent) &&
      shown('retry') && !$('retry').disabled && !shown('step-cancel') && !shown('board') && pressable.length === 0 && !$('message').textContent,
      `"${$('no-session-text').textContent}"; step cancel ${shown('step-cancel') ? 'shown' : 'hidden'}; pressable: ${pressable.join(', ') || 'none'}; message "${$('message').textContent}"`);
    check('backend_list_hidden_or_filled', !shown('backend') || $('backend').options.length > 0, `${shown('backend') ? 'shown' : 'hidden'} with ${$('backend').options.length} entries`);
    await api('DELETE', `/api/sessions/${taken.pop()}`);
    $('retry').click();
    await until(() => play.state && document.querySelector('#board svg'), 20000, 'a game after the retry');
    check('retry_starts_a_game', $('no-session').hidden && !$('resign').disabled && $('backend').options.length > 0 && shown('board'),
      `${play.state.game}, backend ${$('backend').value}, resign ${$('resign').disabled ? 'disabled' : 'enabled'}`);
  } catch (e) {
    check('busy', false, e.message);
  }
  for (const id of taken) await api('DELETE', `/api/sessions/${id}`).catch(() => {});
  finish();
}
