/**
 * A recording checked against a re-run of its design with another seed (other requests, other
 * distractors): for each effect the suite shows, does the re-run's B − A, and its accuracy under each
 * condition, land inside the recording's 95% interval — and do the two runs agree, their difference
 * within what both runs' intervals allow? The check a reader makes of a published figure.
 */
import type { SampleResult } from '../core/types';
import { type ClusteredShare, clusteredShare, requestOf } from './clustered';
import { EFFECTS, type EffectDeclaration, type EffectFinding, measureEffect, measureEffectPerLength, measureOf, sidesOf } from './findings';

/** A normal interval's half-width over its standard error */
const Z95 = 1.959964;

export interface LevelCheck {
  label: string;
  recorded: ClusteredShare;
  rerun: ClusteredShare;
  /** the re-run's level lies inside the recording's interval */
  inside: boolean;
}

interface EffectCheck {
  effect: EffectDeclaration;
  /** the prompt length of a per-length row, null when pooled over lengths */
  length: number | null;
  recorded: EffectFinding;
  rerun: EffectFinding;
  /** the re-run's B − A lies inside the recording's interval (always, where the recording's test cannot decide) */
  inside: boolean;
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

function level(label: string, recorded: readonly SampleResult[], rerun: readonly SampleResult[], value: (r: SampleResult) => number): LevelCheck {
  const a = clusteredShare(recorded, value, requestOf);
  const b = clusteredShare(rerun, value, requestOf);
  return { label, recorded: a, rerun: b, inside: within(b.value, a) };
}

function effectCheck(e: EffectDeclaration, length: number | null, recorded: readonly SampleResult[], rerun: readonly SampleResult[]): EffectCheck | null {
  const at = (rs: readonly SampleResult[]) => (length === null ? rs : rs.filter((r) => r.cell.length === length));
  const mine = length === null ? measureEffect(e, recorded) : measureEffectPerLength(e, recorded).find((x) => x.length === length)?.finding;
  const theirs = length === null ? measureEffect(e, rerun) : measureEffectPerLength(e, rerun).find((x) => x.length === length)?.finding;
  const sides = sidesOf(e, at(recorded));
  if (!mine || !theirs || !sides) return null;
  const se = (c: { low: number; high: number }) => (c.high - c.low) / (2 * Z95);
  const gap = Math.abs(mine.contrast.difference - theirs.contrast.difference);
  const value = measureOf(e);
  const side = (s: typeof sides.a) => level(s.label, at(recorded).filter(s.is), at(rerun).filter(s.is), value);
  return {
    effect: e,
    length,
    recorded: mine,
    rerun: theirs,
    inside: within(theirs.contrast.difference, mine.contrast),
    agree: gap <= Z95 * Math.hypot(se(mine.contrast), se(theirs.contrast)),
    levels: [side(sides.a), side(sides.b)],
  };
}

/** The re-run of a recording's design against the recording, effect by effect (pooled, then per length where the design tests that). */
export function recheck(suite: string, recorded: readonly SampleResult[], rerun: readonly SampleResult[]): Recheck {
  const ids = (rs: readonly SampleResult[]) => new Set(rs.map(requestOf));
  const mine = ids(recorded);
  const theirs = ids(rerun);
  const effects = EFFECTS.filter((e) => e.suite === suite).flatMap((e) => {
    const lengths = e.perLength ? [...new Set(recorded.map((r) => r.cell.length))].sort((a, b) => a - b) : [];
    return [null, ...lengths].map((length) => effectCheck(e, length, recorded, rerun)).filter((c): c is EffectCheck => c !== null);
  });
  return {
    accuracy: level('accuracy', recorded, rerun, (r) => (r.score.correct ? 1 : 0)),
    requests: { recorded: mine.size, rerun: theirs.size, shared: [...theirs].filter((id) => mine.has(id)).length },
    effects,
  };
}
