// chart.js - a line chart (with an optional interval band) as SVG.

import { svgEl } from './util.js';

// options: name (what the chart shows, in words), width, height, xLabel,
// format (the y axis' numbers; fmt by default).  An image named for
// screen readers with what it shows, its first and last values.
export function lineChart(points, key, options) {
  const format = options.format || fmt;
  const w = options.width || 560, h = options.height || 200, pad = 36;
  const ends = points.length ? `: ${format(points[0][key])} at ${options.xLabel || ''} ${points[0].x}, ${format(points[points.length - 1][key])} at ${points[points.length - 1].x}` : ': no points yet';
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img', class: 'chart', 'aria-label': options.name + ends });
  if (points.length === 0) return svg;
  const xs = points.map((p) => p.x);
  const ys = points.flatMap((p) => [p[key], p.lo, p.hi]).filter((v) => v !== undefined && isFinite(v));
  let lo = Math.min(...ys), hi = Math.max(...ys);
  if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const x0 = Math.min(...xs), x1 = Math.max(...xs) || 1;
  const X = (x) => pad + (x1 === x0 ? 0 : (x - x0) / (x1 - x0)) * (w - pad - 10);
  const Y = (y) => h - 20 - (y - lo) / (hi - lo) * (h - 30);
  svgEl('line', { x1: pad, y1: h - 20, x2: w - 10, y2: h - 20, stroke: '#999' }, svg);
  svgEl('line', { x1: pad, y1: 10, x2: pad, y2: h - 20, stroke: '#999' }, svg);
  svgEl('text', { x: pad - 4, y: 14, 'text-anchor': 'end', 'font-size': 10 }, svg, format(hi));
  svgEl('text', { x: pad - 4, y: h - 22, 'text-anchor': 'end', 'font-size': 10 }, svg, format(lo));
  svgEl('text', { x: w - 10, y: h - 6, 'text-anchor': 'end', 'font-size': 10 }, svg, `${options.xLabel || ''} ${x1}`);
  if (points[0].lo !== undefined) {
    const band = points.map((p) => `${X(p.x)},${Y(p.hi)}`).concat(points.slice().reverse().map((p) => `${X(p.x)},${Y(p.lo)}`));
    svgEl('polygon', { points: band.join(' '), fill: 'rgba(37,99,235,0.15)', stroke: 'none' }, svg);
  }
  if (lo < 0 && hi > 0) svgEl('line', { x1: pad, y1: Y(0), x2: w - 10, y2: Y(0), stroke: '#ccc', 'stroke-dasharray': '4 3' }, svg);
  svgEl('polyline', { points: points.map((p) => `${X(p.x)},${Y(p[key])}`).join(' '), fill: 'none', stroke: '#2563eb', 'stroke-width': 2 }, svg);
  return svg;
}

export function fmt(v) { return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3); }
