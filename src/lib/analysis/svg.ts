/**
 * The runner's charts as standalone SVG files (no DOM): the catalog heatmap with the app's colour
 * scale, accuracy bars for the other suites' groups, and each paper effect's picture. Every text is escaped.
 */
import { interpolateRdYlGn, line, scaleBand, scaleLinear, scaleLog, scaleSequential, schemeTableau10 } from 'd3';
import type { CurvePoint, EffectPicture } from './first-view';
import { lineXDomain, measuredRuns, seriesOffset } from './line-scale';
import { REQUEST_INTERVALS } from './clustered';
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

const LINE_DASHES = ['', '6 3', '2 3', '8 3 2 3', '4 2', '1 2'];

/** An effect's picture (`effectPicture`): a line per series, each point with its 95% interval over requests. */
export function pictureSvg(picture: EffectPicture, title: string): string {
  const width = 600;
  const legendRow = 16;
  const plotHeight = 300;
  const height = plotHeight + 12 + picture.series.length * legendRow + 20;
  const m = { top: 36, right: 24, bottom: 48, left: 56 };
  const xs = [...new Set(picture.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const x = (picture.log ? scaleLog().base(2) : scaleLinear()).domain(lineXDomain(xs, picture)).range([m.left + 12, width - m.right - 12]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([plotHeight - m.bottom, m.top]);
  const dodge = (i: number) => seriesOffset(i, picture.series.length);
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1])
    parts.push(
      `<line x1="${m.left}" x2="${width - m.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${m.left - 6}" y="${y(t)}" dy="0.35em" text-anchor="end" font-size="11">${pct(t)}</text>`,
    );
  for (const v of xs) parts.push(`<text x="${x(v)}" y="${plotHeight - m.bottom + 16}" text-anchor="middle" font-size="11">${esc(picture.xText(v))}</text>`);
  parts.push(`<text x="${(m.left + width - m.right) / 2}" y="${plotHeight - 12}" text-anchor="middle" font-size="12">${esc(picture.xLabel)}</text>`);
  parts.push(`<text transform="translate(16 ${(m.top + plotHeight - m.bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="12">${esc(picture.yLabel)}</text>`);
  picture.series.forEach((s, i) => {
    const colour = schemeTableau10[i % schemeTableau10.length] as string; // the app's palette
    const dash = LINE_DASHES[i % LINE_DASHES.length] as string;
    const at = (p: CurvePoint) => x(p.x) + dodge(i);
    const path = measuredRuns(s.points, xs)
      .map((run) =>
        line<CurvePoint>()
          .x(at)
          .y((p) => y(p.y))(run),
      )
      .join('');
    parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`);
    for (const p of s.points)
      parts.push(
        `<g><title>${esc(`${s.name} · ${picture.xText(p.x)}: ${(p.y * 100).toFixed(1)}% (n = ${p.n}, ${p.requests} requests), 95% interval ${pct(p.low)}–${pct(p.high)}`)}</title><line x1="${at(p)}" x2="${at(p)}" y1="${y(p.low)}" y2="${y(p.high)}" stroke="${colour}" stroke-opacity="0.45" stroke-width="2"/><circle cx="${at(p)}" cy="${y(p.y)}" r="3.5" fill="${colour}"/></g>`,
      );
    const ly = plotHeight + 12 + i * legendRow;
    parts.push(
      `<line x1="${m.left}" x2="${m.left + 22}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/><text x="${m.left + 28}" y="${ly}" dy="0.35em" font-size="11">${esc(s.name)}</text>`,
    );
  });
  parts.push(`<text x="${m.left}" y="${height - 6}" font-size="11">Vertical bars: 95% ${REQUEST_INTERVALS}.</text>`);
  return frame(width, height, title, parts.join('\n') + '\n');
}
