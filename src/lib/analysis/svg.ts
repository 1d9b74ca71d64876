/**
 * The runner's charts as standalone SVG files (no DOM): the catalog heatmap with the app's colour
 * scale, and accuracy bars for the other suites' groups. Every text is escaped.
 */
import { interpolateRdYlGn, scaleBand, scaleLinear, scaleSequential } from 'd3';
import { type CellStats, heatCellTitle } from './catalog';
import { formatTokens } from './format';
import { escapeMarkup } from '../core/markup';

const esc = escapeMarkup;

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** a title cut to the chart's width (about 7.5 px a character at 14 px), whole in the file's <title> */
function fitted(title: string, width: number): string {
  const fit = Math.floor(width / 7.5);
  return title.length > fit ? `${title.slice(0, fit - 1)}…` : title;
}

function frame(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif">\n<rect width="100%" height="100%" fill="#fff"/>\n<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600"><title>${esc(title)}</title>${esc(fitted(title, width))}</text>\n${body}</svg>\n`;
}

/** Accuracy by prompt length (rows) × needle position (columns). */
export function heatmapSvg(cells: readonly CellStats[], title: string): string {
  const width = 600;
  const height = 340;
  const m = { top: 36, right: 16, bottom: 44, left: 72 };
  const lengths = [...new Set(cells.map((c) => c.length))].sort((a, b) => a - b);
  const positions = [...new Set(cells.map((c) => c.alpha))].sort((a, b) => a - b);
  const x = scaleBand<number>()
    .domain(positions)
    .range([m.left, width - m.right])
    .padding(0.06);
  const y = scaleBand<number>()
    .domain(lengths)
    .range([height - m.bottom, m.top])
    .padding(0.06);
  const color = scaleSequential(interpolateRdYlGn).domain([0, 1]);
  const parts: string[] = [];
  for (const c of cells) {
    const cx = (x(c.alpha) ?? 0) + x.bandwidth() / 2;
    const cy = (y(c.length) ?? 0) + y.bandwidth() / 2;
    parts.push(
      `<g><title>${esc(heatCellTitle(c))}</title><rect x="${x(c.alpha)}" y="${y(c.length)}" width="${x.bandwidth()}" height="${y.bandwidth()}" rx="3" fill="${color(c.accuracy)}"/><text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" font-size="13" fill="${c.accuracy > 0.25 && c.accuracy < 0.8 ? '#111' : '#fff'}">${pct(c.accuracy)}</text></g>`,
    );
  }
  for (const p of positions) parts.push(`<text x="${(x(p) ?? 0) + x.bandwidth() / 2}" y="${height - m.bottom + 16}" text-anchor="middle" font-size="12">${p}</text>`);
  for (const l of lengths) parts.push(`<text x="${m.left - 8}" y="${(y(l) ?? 0) + y.bandwidth() / 2}" dy="0.35em" text-anchor="end" font-size="12">${formatTokens(l)}</text>`);
  parts.push(`<text x="${(m.left + width - m.right) / 2}" y="${height - 8}" text-anchor="middle" font-size="12">needle position α (0 = start of the catalog, 1 = end)</text>`);
  parts.push(`<text transform="translate(16 ${(m.top + height - m.bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="12">prompt tokens</text>`);
  return frame(width, height, title, parts.join('\n') + '\n');
}

export interface Bar {
  label: string;
  accuracy: number;
  n: number;
}

/** Accuracy per group, one bar each, in the order given. */
export function barsSvg(bars: readonly Bar[], title: string, axis: string): string {
  const width = Math.max(360, 90 * bars.length + 100);
  const height = 300;
  const m = { top: 36, right: 16, bottom: 56, left: 48 };
  const x = scaleBand<number>()
    .domain(bars.map((_, i) => i))
    .range([m.left, width - m.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - m.bottom, m.top]);
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1])
    parts.push(
      `<line x1="${m.left}" x2="${width - m.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${m.left - 6}" y="${y(t)}" dy="0.35em" text-anchor="end" font-size="11">${pct(t)}</text>`,
    );
  bars.forEach((b, i) => {
    const bx = x(i) ?? 0;
    parts.push(
      `<g><title>${esc(`${b.label}: ${(b.accuracy * 100).toFixed(1)}% of ${b.n}`)}</title><rect x="${bx}" y="${y(b.accuracy)}" width="${x.bandwidth()}" height="${y(0) - y(b.accuracy)}" fill="#3b7dd8"/><text x="${bx + x.bandwidth() / 2}" y="${y(b.accuracy) - 4}" text-anchor="middle" font-size="11">${pct(b.accuracy)}</text><text x="${bx + x.bandwidth() / 2}" y="${height - m.bottom + 16}" text-anchor="middle" font-size="11">${esc(b.label)}</text></g>`,
    );
  });
  parts.push(`<text x="${(m.left + width - m.right) / 2}" y="${height - 12}" text-anchor="middle" font-size="12">${esc(axis)}</text>`);
  return frame(width, height, title, parts.join('\n') + '\n');
}
