/**
 * What the first view shows: the tool catalog's accuracy by prompt length and by needle position,
 * one curve per model, each point with its 95% interval clustered by request (an interval over the
 * requests asked, not the samples: `clustered.ts`); and for each paper's effect, the best-powered
 * finding among the recorded runs, in one sentence.
 */
import type { SampleResult } from '../core/types';
import { clusteredShare, requestOf } from './clustered';
import { countOf, designsOf, EFFECT_MEASURE_NAMES, EFFECTS, type EffectDeclaration, type EffectFinding, type EffectMeasure, measureEffect, measureOf } from './findings';
import { callProbabilityOf } from '../scoring/forced-call';
import { formatTokens } from './format';
import { familyVerdicts } from './family';

export interface CurvePoint {
  x: number;
  y: number;
  low: number;
  high: number;
  /** samples at this point */
  n: number;
  /** different requests among them */
  requests: number;
}

const rightOrWrong = (r: SampleResult) => (r.score.correct ? 1 : 0);

/** Accuracy (or another measure) at each value of `key` over the answered results, with intervals resampling requests. */
export function accuracyCurve(
  results: readonly SampleResult[],
  key: (r: SampleResult) => number,
  value: (r: SampleResult) => number = rightOrWrong,
  count: (r: SampleResult) => number = () => 1,
): CurvePoint[] {
  const keys = [...new Set(results.map(key))].sort((a, b) => a - b);
  return keys.map((x) => {
    const here = results.filter((r) => key(r) === x);
    const s = clusteredShare(here, value, requestOf, `curve:${x}`, count);
    return { x, y: s.value, low: s.low, high: s.high, n: s.samples, requests: s.clusters };
  });
}

/** A curve as a chart draws it: its name, its points, faint where it says little. */
export interface NamedCurve {
  name: string;
  points: CurvePoint[];
  faint: boolean;
  /** the model it draws, where it is a recorded one */
  model?: string;
}

/**
 * One model's curve on one axis, named with what it stands on — the lengths it was asked at (a
 * lone point at 4K says "4K only"; a position curve says what it pools) and how many requests — and
 * drawn faintly, saying so, when nothing was right anywhere (a floor: its tall intervals are not a finding).
 */
export function namedCurve(name: string, results: readonly SampleResult[], key: (r: SampleResult) => number, value: (r: SampleResult) => number = rightOrWrong, model?: string): NamedCurve {
  const points = accuracyCurve(results, key, value);
  const lengths = [...new Set(results.map((r) => r.cell.length))].sort((a, b) => a - b).map(formatTokens);
  const requests = new Set(results.map(requestOf)).size;
  const at = lengths.length === 1 ? `${lengths[0]} only` : lengths.join(', ');
  const floor = points.length > 0 && points.every((p) => p.y === 0);
  return { name: `${name} (${at}; ${requests} requests)${floor ? ' — 0%, a floor' : ''}`, points, faint: floor, ...(model ? { model } : {}) };
}

/** The fewest requests a recording asks along an axis for a first-view chart to draw its curve there, rather than its model's largest recording. */
const CURVE_REQUESTS = 20;

/**
 * Per model, the recording a first-view chart draws along one axis (`key`: length, needle position):
 * the one with the most samples among those that vary along it (two or more values) over at least
 * 20 requests; else its recording with the most samples, drawn as what it is ("4K only"). Models in
 * the order of their drawn recordings' samples, most first.
 */
export function curveRecordings<R extends { model: string; results: readonly SampleResult[] }>(runs: readonly R[], key: (r: SampleResult) => number): R[] {
  const largestFirst = [...runs].sort((a, b) => b.results.length - a.results.length);
  const along = (r: R) => new Set(r.results.map(key)).size >= 2 && new Set(r.results.map(requestOf)).size >= CURVE_REQUESTS;
  const chosen = [...new Set(largestFirst.map((r) => r.model))].map((model) => {
    const mine = largestFirst.filter((r) => r.model === model);
    return mine.find(along) ?? (mine[0] as R);
  });
  return chosen.sort((a, b) => b.results.length - a.results.length || a.model.localeCompare(b.model));
}

/** A recorded run the first view reads: its model, its suite, its answered results. */
export interface RecordedRun<K = string> {
  key: K;
  model: string;
  suite: string;
  results: readonly SampleResult[];
  /** the command that re-records it, where it is known */
  command?: string;
}

export interface EffectLine<K> {
  effectId: string;
  /** the run that measured it best (the most samples among the runs that hold its pairs), or null */
  best: { run: RecordedRun<K>; finding: EffectFinding } | null;
}

/** One row of the findings table: an effect measured on one model's best-powered recording of it. */
export interface EffectRow<K> {
  effectId: string;
  model: string;
  run: RecordedRun<K>;
  finding: EffectFinding;
}

/**
 * The findings table: for every paper's effect and every model, the recorded run of that model that
 * measures it on the most samples (effects in their declared order, models by their most samples).
 */
export function effectRows<K>(runs: readonly RecordedRun<K>[]): EffectRow<K>[] {
  const bySize = [...runs].sort((a, b) => b.results.length - a.results.length);
  const rows = EFFECTS.flatMap((e) => {
    const mine = new Map<string, EffectRow<K>>();
    for (const run of bySize.filter((r) => r.suite === e.suite)) {
      if (mine.has(run.model)) continue;
      const finding = measureEffect(e, run.results);
      if (finding) mine.set(run.model, { effectId: e.id, model: run.model, run, finding });
    }
    return [...mine.values()];
  });
  // the rows whose recording is the effect's own design are one family: their verdicts on the Holm-adjusted
  // p-values (analysis/family.ts); the others (small runs recorded before the designs) are exploratory
  const testedBy = (e: EffectDeclaration | undefined, design: string | null) => design !== null && e !== undefined && designsOf(e).includes(design);
  const inFamily = rows.filter((r) =>
    testedBy(
      EFFECTS.find((e) => e.id === r.effectId),
      designOf(r.run),
    ),
  );
  const family = familyVerdicts(inFamily);
  return rows.map((row) => {
    const at = inFamily.indexOf(row);
    const v = family[at];
    if (!v) return { ...row, finding: { ...row.finding, exploratory: true } };
    return { ...row, finding: { ...row.finding, verdict: v.verdict, family: { familyP: v.familyP, recheck: v.recheck, alone: row.finding.verdict } } };
  });
}

/** The evidence design a recording was made to, read off the command that re-records it (`npm run bench:gallery -- MODEL DESIGN`). */
const designOf = (run: { command?: string }): string | null => /bench:gallery -- \S+ (\S+)$/.exec(run.command ?? '')?.[1] ?? null;

/** Every paper's effect, with the recorded run that measures it on the most samples (none: not yet recorded). */
export function effectLines<K>(runs: readonly RecordedRun<K>[]): EffectLine<K>[] {
  const rows = effectRows(runs);
  return EFFECTS.filter((e) => !e.restates).map((e) => {
    // rows of an effect come best-powered first
    const best = rows.find((r) => r.effectId === e.id);
    return { effectId: e.id, best: best ? { run: best.run, finding: best.finding } : null };
  });
}

/** An effect's chart: one curve per series of its picture, each point with its interval over requests. */
export interface EffectPicture {
  xLabel: string;
  xText: (x: number) => string;
  log: boolean;
  categorical: boolean;
  yLabel: string;
  /** the model whose run is drawn, where one run is (a picture with series of its own) */
  model?: string;
  series: { name: string; points: CurvePoint[] }[];
}

/** a model's name short enough for a legend or a sentence: "Qwen2.5-Coder-1.5B", "SmolLM2-135M" */
export const shortModelName = (model: string): string => model.replace(/-Instruct.*$/, '');

/**
 * The one chart that makes an effect visible, from the recorded runs: per model, its recording of
 * the effect's suite with the most samples on the chart. A picture with series of its own (a line per
 * length, say) draws the best-powered of them; one without draws a line per model (the ladder).
 * Null when no sample is on it.
 */
export function effectPicture<K>(e: EffectDeclaration, recorded: readonly RecordedRun<K>[], nameOf: (model: string) => string = (m) => m): EffectPicture | null {
  const onIt = (run: RecordedRun<K>) => run.results.filter((r) => e.picture.x(r) !== undefined).length;
  const best = new Map<string, { run: RecordedRun<K>; n: number }>();
  for (const run of recorded.filter((r) => r.suite === e.suite)) {
    const n = onIt(run);
    if (n > 0 && n > (best.get(run.model)?.n ?? 0)) best.set(run.model, { run, n });
  }
  const runs = [...best.values()].sort((a, b) => b.n - a.n).map(({ run }) => ({ name: nameOf(run.model), results: run.results }));
  const p = e.picture;
  const value = measureOf(e);
  const count = countOf(e);
  const lines = new Map<string, SampleResult[]>();
  for (const run of p.series ? runs.slice(0, 1) : runs) {
    for (const r of run.results) {
      const x = p.x(r);
      if (x === undefined || !Number.isFinite(x)) continue;
      const name = p.series?.(r) ?? run.name;
      const on = lines.get(name) ?? [];
      on.push(r);
      lines.set(name, on);
    }
  }
  if (lines.size === 0) return null;
  // every result kept has an x
  const series = [...lines].map(([name, on]) => ({ name, points: accuracyCurve(on, (r) => p.x(r) ?? NaN, value, count) }));
  // by name, whatever the order of the recordings: "1K" before "4K", "Qwen2.5-Coder-0.5B" before "…-1.5B"
  series.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const yLabel = EFFECT_MEASURE_NAMES[e.measure];
  return { xLabel: p.xLabel, xText: p.xText, log: p.log ?? false, categorical: p.categorical ?? false, yLabel, ...(p.series ? { model: runs[0]?.name } : {}), series };
}

/** A picture's title from its axes: "Accuracy by the record that holds the answer". */
export const pictureTitle = (p: EffectPicture): string => `${p.yLabel.charAt(0).toUpperCase()}${p.yLabel.slice(1)} by ${p.xLabel}`;

/**
 * The pictures of these effects on one run, each once (effects drawn alike share theirs, named by the
 * first of them): on each effect's own measure, or on the right call's probability over the results that carry it.
 */
export function runEffectPictures(
  effects: readonly EffectDeclaration[],
  suite: string,
  all: readonly SampleResult[],
  measure?: EffectMeasure,
): { effect: EffectDeclaration; picture: EffectPicture }[] {
  const first = new Map<EffectDeclaration['picture'], EffectDeclaration>();
  for (const e of effects) if (!first.has(e.picture)) first.set(e.picture, e);
  const results = measure === 'probability' ? all.filter((r) => callProbabilityOf(r) !== undefined) : all;
  return [...first.values()].flatMap((effect) => {
    const picture = effectPicture(measure ? { ...effect, measure } : effect, [{ key: 'this run', model: 'this run', suite, results }]);
    return picture ? [{ effect, picture }] : [];
  });
}
