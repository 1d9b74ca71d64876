/**
 * What every chart draws with: text sizes, line widths, palette. Projector mode (one switch in the
 * header) doubles text (≥ 20 px at 1280 px), thickens lines, uses Okabe and Ito's colour-blind-safe
 * palette and labels lines directly; all text stays dark on light (≥ 4.5:1).
 */
import { schemeTableau10 } from 'd3';
import manifest from '../../../examples/index.json';
import { shortModelName } from '../../lib/analysis/first-view';
import { app } from '../app-state.svelte';

/** The gallery's models, largest first: each keeps one colour and dash in every chart that draws it. */
const MODEL_ORDER: readonly string[] = [...new Set([...(manifest as { model: string; parameters: number }[])].sort((a, b) => b.parameters - a.parameters).map((e) => shortModelName(e.model)))];

/**
 * Series i's place in the palette and the dashes: a chart with a gallery model among its series
 * gives each such model its own place (its colour and dash in every chart), the other series the
 * places after them; a chart without one keeps the order of its series.
 */
export function styleIndex(models: readonly (string | undefined)[], i: number): number {
  if (!models.some((m) => m !== undefined && MODEL_ORDER.includes(m))) return i;
  const at = MODEL_ORDER.indexOf(models[i] ?? '');
  if (at >= 0) return at;
  return MODEL_ORDER.length + models.slice(0, i).filter((m) => m === undefined || !MODEL_ORDER.includes(m)).length;
}

/** Okabe & Ito (2008), colour-blind safe; the yellow left out (too light on white) */
const OKABE_ITO = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'] as const;
/** dark text, 15:1 on white */
export const INK = '#1d2330';
/** a paper's own figures beside the runs (`LineSeries.reference`): a grey no run is drawn in */
export const REFERENCE_GREY = '#6b7280';

export interface ChartTheme {
  projector: boolean;
  /** axis titles and labels, in viewBox units (charts are 560 wide, shown at most 560 px wide) */
  text: number;
  /** tick labels */
  small: number;
  stroke: number;
  dot: number;
  /** scales margins that hold text */
  k: number;
  palette: readonly string[];
}

export function chartTheme(): ChartTheme {
  return app.projector
    ? { projector: true, text: 24, small: 22, stroke: 4.5, dot: 7, k: 2, palette: OKABE_ITO }
    : { projector: false, text: 14, small: 13, stroke: 2.5, dot: 4, k: 1, palette: schemeTableau10 };
}

/** A dash pattern per series, so lines that coincide stay told apart. */
export function dashOf(i: number, t: ChartTheme): string {
  const w = t.stroke;
  return ['', `${4 * w} ${2 * w}`, `${w} ${1.5 * w}`, `${6 * w} ${2 * w} ${w} ${2 * w}`][i % 4] ?? '';
}

/** Black or white, whichever reads better on `fill` (WCAG relative luminance): at least 4.5:1 on any colour. */
export function textOn(fill: string): string {
  const hex = fill.replace('#', '');
  const rgb = fill.startsWith('rgb') ? (fill.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) : [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** Labels at the ends of lines, pushed apart vertically so none overlaps another. */
export function spreadLabels<T extends { y: number }>(labels: T[], gap: number): T[] {
  const out = [...labels].sort((a, b) => a.y - b.y);
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1] as T;
    const cur = out[i] as T;
    if (cur.y - prev.y < gap) cur.y = prev.y + gap;
  }
  return out;
}
