/**
 * The findings table as one confirmatory family (docs/findings.md, "The family"): every row of it — one
 * per paper effect and model, from the recording that tests it on the most samples — is one test, and
 * their p-values are adjusted together by Holm's step-down method, so the chance that any row says
 * *reproduced* or *opposite* by luck is at most 5%. Holm, not Benjamini–Hochberg: each row is a claim
 * a reader cites on its own, so the family-wise error is the one to bound; with ~30 rows Holm costs
 * little power for the rows that matter (the smallest p-values). A significant row then also needs its
 * recheck on other requests (`npm run bench:recheck`, RECHECKS below): one without says so.
 */
import type { Verdict } from './clustered';
import type { EffectFinding } from './findings';

/** The family-wise error the table's verdicts are held to. */
const FAMILY_ALPHA = 0.05;

/** Holm's adjusted p-values, in the order given: the i-th smallest times (m − i), kept monotone, at most 1. */
export function holmAdjusted(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(ps.length);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (ps.length - rank) * p));
    out[i] = running;
  });
  return out;
}

/** A recording's effect asked again with another seed on other requests (docs/findings.md, "Re-asked with another seed"). */
interface Recheck {
  effectId: string;
  /** a part of the model's name that tells it (e.g. "1.5B") */
  model: string;
  /** the re-run's B − A, and the command that made it */
  difference: number;
  command: string;
}

/** The rechecks made so far, as docs/findings.md reports them (2026-12-03/04, seed 7). */
const RECHECKS: readonly Recheck[] = [
  { effectId: 'response-size', model: '0.5B', difference: -0.1, command: 'npm run bench:recheck -- qwen0.5b depth --seed 7 --share 0.2' },
  { effectId: 'response-depth', model: '0.5B', difference: -0.3, command: 'npm run bench:recheck -- qwen0.5b depth --seed 7 --share 0.2' },
  { effectId: 'robustness-rephrased', model: '0.5B', difference: -0.075, command: 'npm run bench:recheck -- qwen0.5b robustness-200 --seed 7 --share 0.33' },
  { effectId: 'robustness-expanded', model: '0.5B', difference: 0.06, command: 'npm run bench:recheck -- qwen0.5b robustness-200 --seed 7 --share 0.33' },
  { effectId: 'conversation-length', model: '0.5B', difference: -0.05, command: 'npm run bench:recheck -- qwen0.5b turns --seed 7 --share 0.33' },
  { effectId: 'conversation-structured', model: '0.5B', difference: -0.05, command: 'npm run bench:recheck -- qwen0.5b turns --seed 7 --share 0.33' },
  { effectId: 'robustness-rephrased', model: '1.5B', difference: -0.015, command: 'npm run bench:recheck -- qwen1.5b robustness-200 --seed 7 --share 0.33' },
  { effectId: 'robustness-expanded', model: '1.5B', difference: 0, command: 'npm run bench:recheck -- qwen1.5b robustness-200 --seed 7 --share 0.33' },
  { effectId: 'response-size', model: '1.5B', difference: 0, command: 'npm run bench:recheck -- qwen1.5b depth --seed 7 --share 0.33' },
  { effectId: 'response-depth', model: '1.5B', difference: -0.118, command: 'npm run bench:recheck -- qwen1.5b depth --seed 7 --share 0.33' },
  { effectId: 'catalog-middle', model: '1.5B', difference: 0.2, command: 'npm run bench:recheck -- qwen1.5b position --seed 7 --share 0.1' },
  { effectId: 'catalog-recency', model: '1.5B', difference: 0, command: 'npm run bench:recheck -- qwen1.5b position --seed 7 --share 0.1' },
];

/** What the family says of one row: its adjusted p, the verdict on it, and its recheck. */
export interface FamilyVerdict {
  familyP: number;
  verdict: Verdict;
  /** a significant row's recheck: its B − A has the same sign (agrees), not (disagrees), or none was made */
  recheck: 'agrees' | 'disagrees' | 'none';
}

/**
 * The rows' verdicts as one family: Holm-adjusted p; a row significant alone keeps its verdict only if
 * it stays significant after the correction, else it is inconclusive (its smallest detectable difference
 * was computed at 5%, not at the family's stricter level); a row not significant alone keeps its verdict.
 * Each significant row's recheck is looked up.
 */
export function familyVerdicts(rows: readonly { model: string; finding: EffectFinding }[]): FamilyVerdict[] {
  const adjusted = holmAdjusted(rows.map((r) => r.finding.contrast.pValue));
  return rows.map(({ model, finding: f }, i) => {
    const familyP = adjusted[i] as number;
    const significant = f.verdict === 'reproduced' || f.verdict === 'opposite';
    const verdict: Verdict = significant && familyP >= FAMILY_ALPHA ? 'inconclusive' : f.verdict;
    const recheck = RECHECKS.find((r) => r.effectId === f.effect.id && model.includes(r.model));
    const agrees = recheck && Math.sign(recheck.difference) === Math.sign(f.contrast.difference);
    return { familyP, verdict, recheck: !recheck ? 'none' : agrees ? 'agrees' : 'disagrees' };
  });
}
