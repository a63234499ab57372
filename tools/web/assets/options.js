// options.js - the engine's options as controls (backend, strength,
// engine settings).

import { $, el } from './util.js';
import { api } from './api.js';
import { play } from './state.js';
import { handleError } from './play.js';
import { onState } from './session.js';

// An option named with the word Skill, Level, Strength or Elo (words split
// at spaces, underscores and capitals: "Skill Level", "UCI_Elo",
// "UCI_LimitStrength"; not "Development").
export function isStrengthOption(line) {
  const m = /^option name (.+?) type /.exec(line);
  const words = m ? m[1].split(/[\s_]+|(?=[A-Z])/).map((w) => w.toLowerCase()) : [];
  return words.some((w) => ['skill', 'level', 'strength', 'elo'].includes(w));
}

// Names people read; the raw option name stays in the title.
const OPTION_LABELS = {
  UCI_LimitStrength: 'Limit strength',
  UCI_Elo: 'Strength (Elo)',
  'Skill Level': 'Skill level',
  MultiPV: 'Lines shown in analysis',
  Threads: 'Threads',
  Hash: 'Hash (MB)',
};
const OPTION_HINTS = {
  UCI_Elo: 'used when "Limit strength" is ticked',
  'Skill Level': '0 weakest, 20 full strength',
};
const ENGINE_SETTINGS = ['MultiPV', 'Threads', 'Hash'];

function optionControl(line, current) {
  const m = /^option name (.+?) type (\w+)(.*)$/.exec(line);
  if (!m) return null;
  const name = m[1];
  const label = el('label', { title: `engine option ${name}` + (OPTION_HINTS[name] ? `: ${OPTION_HINTS[name]}` : '') });
  label.dataset.rawName = name;
  let input;
  if (m[2] === 'combo') {
    input = el('select');
    m[3].split(' var ').slice(1).forEach((v) => { const o = el('option', {}, input, v.trim()); o.value = v.trim(); });
  } else if (m[2] === 'check') {
    input = el('input', { type: 'checkbox' });
  } else {
    input = el('input', { type: 'number' });
    const min = / min (-?\d+)/.exec(m[3]), max = / max (-?\d+)/.exec(m[3]);
    if (min) input.min = min[1];
    if (max) input.max = max[1];
  }
  const def = / default (\S+)/.exec(m[3]);
  const value = current !== undefined ? current : def ? def[1] : undefined;
  if (value !== undefined) { if (input.type === 'checkbox') input.checked = value === 'true'; else input.value = value; }
  input.dataset.option = name;
  input.title = name;
  const text = el('span', { class: 'option-name' }, null, OPTION_LABELS[name] || name);
  if (input.type === 'checkbox') { label.classList.add('check'); label.appendChild(input); label.appendChild(text); }
  else { label.appendChild(text); label.appendChild(input); }
  input.addEventListener('change', () => {
    let v = input.type === 'checkbox' ? String(input.checked) : input.value;
    if (input.type === 'number') {
      const n = Math.round(+v);
      if (!isFinite(n)) return;
      v = String(Math.min(+(input.max || n), Math.max(+(input.min || n), n)));
      input.value = v;
    }
    setOption(name, v);
  });
  return label;
}

export function renderOptions(state) {
  const backend = $('backend');
  // One control per option name (an engine may repeat a line).
  const seen = new Set();
  const lines = (state.engine_options || []).filter((l) => {
    const m = /^option name (.+?) type /.exec(l);
    if (!m || seen.has(m[1])) return false;
    seen.add(m[1]);
    return true;
  });
  const set = state.set_options || {};
  if (backend.options.length === 0) {
    const line = lines.find((l) => / name Backend type combo /.test(l));
    const vars = line ? line.split(' var ').slice(1) : [];
    vars.forEach((v) => { const o = el('option', {}, backend, v.trim()); o.value = v.trim(); });
  }
  $('backend-label').hidden = backend.options.length === 0;
  if (backend.options.length) backend.value = state.backend || ((lines.find((l) => / name Backend type combo /.test(l)) || '').match(/ default (\S+)/) || [])[1] || backend.value;
  // Strength levels appear when the engine declares them; nothing is faked.
  const strength = $('strength');
  if (!strength.dataset.done && lines.length) {
    strength.dataset.done = '1';
    lines.filter(isStrengthOption).forEach((l) => {
      const m = /^option name (.+?) type /.exec(l);
      const c = optionControl(l, m ? set[m[1]] : undefined);
      if (c) strength.appendChild(c);
    });
    const settings = $('engine-settings-list');
    lines.filter((l) => ENGINE_SETTINGS.some((n) => l.startsWith(`option name ${n} type `))).forEach((l) => {
      const m = /^option name (.+?) type /.exec(l);
      const c = optionControl(l, set[m[1]]);
      if (c) settings.appendChild(c);
    });
    $('engine-settings').hidden = settings.children.length === 0;
  }
}

export async function setOption(name, value) {
  try {
    onState(await api('POST', `/api/sessions/${play.id}/option`, { name, value }));
  } catch (e) { handleError(e); }
}
