/**
 * A recording checked against a re-run of its design with another seed (other requests, other
 * distractors): for each effect the suite shows, does the re-run's B − A, and its accuracy under each
 * condition, land inside the recording's 95% interval — and do the two runs agree, their difference
 * within what both runs' intervals allow? The check a reader makes of a published figure.
 */
import type { SampleResult } from '../core/types';
import { type ClusteredShare, clusteredShare, requestOf } from './clustered';
import { lengthsOf } from './long-context';
import { countOf, EFFECTS, type EffectDeclaration, type EffectFinding, measureEffect, measureEffectPerLength, measureOf, sidesOf } from './findings';
import { normalCdf, Z_ALPHA } from './stats';

export interface LevelCheck {
  label: string;
  recorded: ClusteredShare;
  rerun: ClusteredShare;
  /** the re-run's level lies inside the recording's interval */
  inside: boolean;
  /** how often a re-run of its size lands inside, were both runs measuring the same model (insideChance) */
  chance: number;
}

interface EffectCheck {
  effect: EffectDeclaration;
  /** the prompt length of a per-length row, null when pooled over lengths */
  length: number | null;
  recorded: EffectFinding;
  rerun: EffectFinding;
  /** the re-run's B − A lies inside the recording's interval (always, where the recording's test cannot decide) */
  inside: boolean;
  /** how often a re-run of its size lands inside, were both runs measuring the same model (insideChance) */
  chance: number;
  /** the two differences differ by less than 1.96 standard errors of their difference (each run's error from its own interval) */
  agree: boolean;
  /** A's and B's levels, each on its own side's samples */
  levels: [LevelCheck, LevelCheck];
}

export interface Recheck {
  accuracy: LevelCheck;
  /**
   * distinct requests of each run, and how many item ids the two share: the same pack request where a
   * suite draws pack items (catalog, robustness, conversations, tasks); response QA numbers its
   * questions instead (`size-k`), so there it counts places, not questions
   */
  requests: { recorded: number; rerun: number; shared: number };
  effects: EffectCheck[];
}

const within = (x: number, i: { low: number; high: number }): boolean => x >= i.low && x <= i.high;

/** A figure's standard error, read from its 95% interval. */
const standardError = (i: { low: number; high: number }): number => (i.high - i.low) / (2 * Z_ALPHA);

/**
 * How often the re-run's figure lands inside the recording's 95% interval when both runs measure the
 * same model, each with its own error (read from its interval): their difference is then normal with
 * variance s₁² + s₂², and inside when within 1.96 s₁ — 83% for a re-run as large as the recording,
 * 67% for one a third its size. So a small re-run's figure falls outside now and then, right or not.
 */
export function insideChance(recorded: { low: number; high: number }, rerun: { low: number; high: number }): number {
  const s1 = standardError(recorded);
  const s2 = standardError(rerun);
  if (s1 === 0 && s2 === 0) return 1;
  return 2 * normalCdf((Z_ALPHA * s1) / Math.hypot(s1, s2)) - 1;
}

function level(label: string, recorded: readonly SampleResult[], rerun: readonly SampleResult[], value: (r: SampleResult) => number, count: (r: SampleResult) => number): LevelCheck {
  const a = clusteredShare(recorded, value, requestOf, undefined, count);
  const b = clusteredShare(rerun, value, requestOf, undefined, count);
  return { label, recorded: a, rerun: b, inside: within(b.value, a), chance: insideChance(a, b) };
}

function effectCheck(e: EffectDeclaration, length: number | null, recorded: readonly SampleResult[], rerun: readonly SampleResult[]): EffectCheck | null {
  const at = (rs: readonly SampleResult[]) => (length === null ? rs : rs.filter((r) => r.cell.length === length));
  const mine = length === null ? measureEffect(e, recorded) : measureEffectPerLength(e, recorded).find((x) => x.length === length)?.finding;
  const theirs = length === null ? measureEffect(e, rerun) : measureEffectPerLength(e, rerun).find((x) => x.length === length)?.finding;
  const sides = sidesOf(e, at(recorded));
  if (!mine || !theirs || !sides) return null;
  const gap = Math.abs(mine.contrast.difference - theirs.contrast.difference);
  const value = measureOf(e);
  const count = countOf(e);
  const side = (s: typeof sides.a) => level(s.label, at(recorded).filter(s.is), at(rerun).filter(s.is), value, count);
  return {
    effect: e,
    length,
    recorded: mine,
    rerun: theirs,
    inside: within(theirs.contrast.difference, mine.contrast),
    chance: mine.contrast.decides ? insideChance(mine.contrast, theirs.contrast) : 1,
    agree: gap <= Z_ALPHA * Math.hypot(standardError(mine.contrast), standardError(theirs.contrast)),
    levels: [side(sides.a), side(sides.b)],
  };
}

/** The re-run of a recording's design against the recording, effect by effect (pooled, then per length where the design tests that). */
export function recheck(suite: string, recorded: readonly SampleResult[], rerun: readonly SampleResult[]): Recheck {
  const ids = (rs: readonly SampleResult[]) => new Set(rs.map(requestOf));
  const mine = ids(recorded);
  const theirs = ids(rerun);
  const effects = EFFECTS.filter((e) => e.suite === suite).flatMap((e) => {
    const all = lengthsOf(recorded);
    // a design of one length: pooled is that length, checked once
    const lengths = e.perLength && all.length > 1 ? all : [];
    return [null, ...lengths].map((length) => effectCheck(e, length, recorded, rerun)).filter((c): c is EffectCheck => c !== null);
  });
  return {
    accuracy: level(
      'accuracy',
      recorded,
      rerun,
      (r) => (r.score.correct ? 1 : 0),
      () => 1,
    ),
    requests: { recorded: mine.size, rerun: theirs.size, shared: [...theirs].filter((id) => mine.has(id)).length },
    effects,
  };
}

/**
 * How many of the check's figures landed inside the recording's intervals, against how many were
 * expected to (the sum of their chances): the accuracy, each B − A, and each level once (two effects
 * with the same A share its level).
 */
export function insideTally(check: Recheck): { inside: number; figures: number; expected: number } {
  const levels = new Map<string, LevelCheck>();
  for (const c of check.effects) for (const l of c.levels) levels.set(`${c.length}|${l.label}`, l);
  const figures = [check.accuracy, ...check.effects, ...levels.values()];
  return { inside: figures.filter((f) => f.inside).length, figures: figures.length, expected: figures.reduce((t, f) => t + f.chance, 0) };
}
