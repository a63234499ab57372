// util.js - the small helpers every module uses: elements by id, new
// elements, the page's query, storage that may be refused.

export const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
export const params = new URLSearchParams(location.search);
export const SELFTEST = params.has('selftest');
export const SHOW = params.get('show');

export function svgEl(tag, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

export function el(tag, attrs, parent, text) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const store = {
  get(area, key) { try { return window[area].getItem(key); } catch (e) { return null; } },
  set(area, key, value) { try { window[area].setItem(key, value); } catch (e) { /* private mode */ } },
  remove(area, key) { try { window[area].removeItem(key); } catch (e) { /* private mode */ } },
};
