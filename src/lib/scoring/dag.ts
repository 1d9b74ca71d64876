/**
 * CompToolBench-compatible DAG scoring of a predicted call list against an
 * expected trace (see shared/reference/comptoolbench/SCORING.md; where the
 * paper and the reference code disagree, this follows the code, because our
 * numbers must be comparable with published ones).
 */
import { isDict, isPyInt, numericValue, PyFloat, pyStr, truthy, type PyDict, type PyValue } from '../core/pyvalue';
import { codePointLength, pyCollapseSpace, pyStrip } from '../core/pystr';
import type { Call } from '../core/calls';
import { type Level, type DagTask, type DagErrorType, type CallScore, type DagScore } from '../core/expected';

/** Sub-score weights per level: L1 (seq, args, completeness); L2/L3 (seq, args, data flow, completeness). */
export interface WeightConfig {
  name: string;
  l1: readonly [number, number, number];
  l2: readonly [number, number, number, number];
  l3: readonly [number, number, number, number];
  /** composed scores become 1 at or above this, else 0 */
  binaryThreshold: number | null;
}

export const DEFAULT_WEIGHTS: WeightConfig = {
  name: 'Default (paper)',
  l1: [0.4, 0.35, 0.25],
  l2: [0.35, 0.35, 0.15, 0.15],
  l3: [0.3, 0.3, 0.25, 0.15],
  binaryThreshold: null,
};

export const STRING_THRESHOLD = 0.85;
const NUMERIC_REL_TOLERANCE = 1e-4;

// ------------------------------------------------------------------ values

/** Python float() of a value: numbers, booleans, numeric strings; null when it would raise. */
export function pyFloatOf(v: PyValue): number | null {
  const n = numericValue(v);
  if (n !== null) return n;
  if (typeof v !== 'string') return null;
  const s = pyStrip(v);
  if (/^[+-]?(?:inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(s)) return NaN;
  if (!/^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/.test(s)) return null;
  return Number(s.replace(/_/g, ''));
}

export function numbersMatch(expected: number, actual: number): boolean {
  if (expected === actual) return true;
  if (expected === 0) return Math.abs(actual) < NUMERIC_REL_TOLERANCE;
  return Math.abs(expected - actual) <= NUMERIC_REL_TOLERANCE * Math.max(Math.abs(expected), Math.abs(actual));
}

const hasSurrogates = (s: string) => /[\ud800-\udfff]/.test(s);

/** Characters as numbers: UTF-16 units when there are no surrogate pairs, else code points. */
function codes(s: string): ArrayLike<number> {
  if (!hasSurrogates(s)) {
    const out = new Uint16Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  return Array.from(s, (ch) => ch.codePointAt(0) as number);
}

let rowA = new Int32Array(256);
let rowB = new Int32Array(256);

/**
 * Levenshtein distance over code points, or `limit + 1` as soon as it is known
 * to exceed `limit` (only cells within `limit` of the diagonal are computed).
 */
export function levenshtein(a: string, b: string, limit = Infinity): number {
  const x = codes(a);
  const y = codes(b);
  const n = x.length;
  const m = y.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  if (n === 0 || m === 0) return Math.max(n, m);
  const band = Math.min(Math.max(n, m), limit);
  if (rowA.length <= m) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
  }
  let prev = rowA;
  let cur = rowB;
  const BIG = 0x3fffffff;
  for (let j = 0; j <= m; j++) prev[j] = j <= band ? j : BIG;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(m, i + band);
    cur[lo - 1] = lo === 1 ? (i <= band ? i : BIG) : BIG;
    let rowMin = cur[lo - 1] as number;
    const xi = x[i - 1];
    for (let j = lo; j <= hi; j++) {
      const sub = (prev[j - 1] as number) + (xi === y[j - 1] ? 0 : 1);
      const del = (prev[j] as number) + 1;
      const ins = (cur[j - 1] as number) + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < m) cur[hi + 1] = BIG;
    if (rowMin > limit) return limit + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[m] as number;
  return d > limit ? limit + 1 : d;
}

/** Exact → 1; equal after lower-casing and collapsing whitespace → 1; else similarity if ≥ 0.85, else 0. */
export function matchString(expected: string, actual: string): number {
  if (expected === actual) return 1;
  const e = pyCollapseSpace(expected.toLowerCase());
  const a = pyCollapseSpace(actual.toLowerCase());
  if (e === a) return 1;
  const longest = Math.max(codePointLength(e), codePointLength(a));
  if (longest === 0) return 1;
  // a distance above this cannot reach the threshold, so the DP may stop there
  const limit = Math.ceil((1 - STRING_THRESHOLD) * longest) + 1;
  const sim = 1 - levenshtein(e, a, limit) / longest;
  return sim >= STRING_THRESHOLD ? sim : 0;
}

export function matchValue(expected: PyValue, actual: PyValue): number {
  if (expected === null || actual === null) return expected === actual ? 1 : 0;
  if (typeof expected === 'boolean') return truthy(actual) === expected ? 1 : 0;
  if (isPyInt(expected) || expected instanceof PyFloat) {
    const a = pyFloatOf(actual);
    return a !== null && numbersMatch(numericValue(expected) as number, a) ? 1 : 0;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return 0;
    if (expected.length === 0 || actual.length === 0) return expected.length === actual.length ? 1 : 0;
    let sum = 0;
    for (let i = 0; i < expected.length; i++) sum += i < actual.length ? matchValue(expected[i] as PyValue, actual[i] as PyValue) : 0;
    const penalty = Math.min(expected.length, actual.length) / Math.max(expected.length, actual.length);
    return (sum / expected.length) * penalty;
  }
  if (isDict(expected)) {
    if (!isDict(actual)) return 0;
    return matchArguments(expected, actual).score;
  }
  return matchString(pyStr(expected), pyStr(actual));
}

/** Mean of per-key scores over the union of keys; a key on one side only scores 0. */
function matchArguments(expected: PyDict, actual: PyDict): { score: number; perArg: Record<string, number> } {
  const ek = Object.keys(expected);
  const ak = Object.keys(actual);
  if (ek.length === 0 || ak.length === 0) return { score: ek.length === ak.length ? 1 : 0, perArg: {} };
  const perArg: Record<string, number> = {};
  let sum = 0;
  let n = 0;
  for (const k of ek) {
    const s = Object.hasOwn(actual, k) ? matchValue(expected[k] as PyValue, actual[k] as PyValue) : 0;
    perArg[k] = s;
    sum += s;
    n++;
  }
  for (const k of ak) {
    if (Object.hasOwn(expected, k)) continue;
    perArg[k] = 0;
    n++;
  }
  return { score: sum / n, perArg };
}

// ------------------------------------------------------------------ calls

function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? (prev[j - 1] as number) + 1 : Math.max(prev[j] as number, cur[j - 1] as number);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] as number;
}

const normalizeToolName = (name: string) => pyStrip(name).toLowerCase();

/** Greedy, in trace order: each step takes the unused call of its tool with the best argument score. */
function matchSteps(task: DagTask, calls: readonly Call[]): CallScore[] {
  const used = new Array<boolean>(calls.length).fill(false);
  const names = calls.map((c) => normalizeToolName(c.name));
  return task.steps.map((step): CallScore => {
    const want = normalizeToolName(step.toolName);
    let best = -1;
    let bestScore = -1;
    let bestPerArg: Record<string, number> = {};
    for (let j = 0; j < calls.length; j++) {
      if (used[j] || names[j] !== want) continue;
      const { score, perArg } = matchArguments(step.arguments, (calls[j] as Call).args);
      if (score > bestScore) {
        best = j;
        bestScore = score;
        bestPerArg = perArg;
      }
    }
    if (best < 0) return { step: step.stepId, expectedTool: step.toolName, actualTool: null, matched: false, toolCorrect: false, argsScore: 0, perArgScores: {} };
    used[best] = true;
    return { step: step.stepId, expectedTool: step.toolName, actualTool: (calls[best] as Call).name, matched: true, toolCorrect: true, argsScore: bestScore, perArgScores: bestPerArg };
  });
}

function dataFlowScore(task: DagTask, callScores: readonly CallScore[]): number {
  const matched = new Set(callScores.filter((c) => c.matched).map((c) => c.step));
  let total = 0;
  let correct = 0;
  task.steps.forEach((step, i) => {
    if (step.dependsOn.length === 0) return;
    total++;
    if (!callScores[i]?.matched) return;
    let satisfied = 0;
    for (const id of matched) if (step.dependsOn.includes(id)) satisfied++;
    if (satisfied === step.dependsOn.length) correct++;
  });
  return total === 0 ? 1 : correct / total;
}

export interface SubScores {
  sequence: number;
  args: number;
  dataFlow: number;
  completeness: number;
}

/** A composed level's overall score under a weight configuration (L0 is binary and handled apart). */
export function weightedOverall(level: Exclude<Level, 'L0_node'>, s: SubScores, w: WeightConfig): number {
  let v: number;
  if (level === 'L1_chain') v = w.l1[0] * s.sequence + w.l1[1] * s.args + w.l1[2] * s.completeness;
  else {
    const k = level === 'L2_parallel' ? w.l2 : w.l3;
    v = k[0] * s.sequence + k[1] * s.args + k[2] * s.dataFlow + k[3] * s.completeness;
  }
  if (w.binaryThreshold !== null) return v >= w.binaryThreshold ? 1 : 0;
  return v;
}

function classify(task: DagTask, calls: readonly Call[], callScores: readonly CallScore[], lcs: number): DagErrorType | null {
  if (calls.length === 0) return 'E10_format_error';
  const expectedNames = new Set(task.steps.map((s) => s.toolName));
  if (calls.some((c) => !expectedNames.has(c.name))) return 'E6_hallucinated_tool';
  if (calls.length < task.steps.length) return 'E8_partial_completion';
  if (callScores.some((c) => c.matched && !c.toolCorrect)) return 'E1_wrong_tool';
  if (lcs < task.steps.length) return 'E3_wrong_order';
  if (callScores.some((c) => c.matched && c.argsScore < STRING_THRESHOLD)) return 'E4_wrong_arguments';
  if (calls.length > task.steps.length) return 'E7_unnecessary_tool';
  return null;
}

/** CompToolBench's `score_task`: unrounded scores. */
export function scoreDag(task: DagTask, calls: readonly Call[], weights: WeightConfig = DEFAULT_WEIGHTS): DagScore {
  const n = task.steps.length;
  const callScores = matchSteps(task, calls);
  const matched = callScores.filter((c) => c.matched);
  const lcs = lcsLength(
    task.steps.map((s) => s.toolName),
    calls.map((c) => c.name),
  );
  const sub: SubScores = {
    sequence: n === 0 ? 1 : lcs / n,
    args: matched.length === 0 ? 0 : matched.reduce((a, c) => a + c.argsScore, 0) / matched.length,
    completeness: matched.length / Math.max(n, 1),
    dataFlow: dataFlowScore(task, callScores),
  };
  const overall = task.level === 'L0_node' ? (callScores[0]?.matched && sub.args >= STRING_THRESHOLD ? 1 : 0) : weightedOverall(task.level, sub, weights);
  return {
    overall,
    toolSequenceScore: sub.sequence,
    argumentScore: sub.args,
    completenessScore: sub.completeness,
    dataFlowScore: sub.dataFlow,
    errorType: classify(task, calls, callScores, lcs),
    numExpectedCalls: n,
    numMatchedCalls: matched.length,
    callScores,
  };
}

/** Python's round(x, 4): round half to even on the binary value. */
export function round4(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Number(x.toFixed(4));
  const scaled = x * 1e4;
  const floor = Math.floor(scaled);
  if (scaled - floor === 0.5 && (floor + 0.5) / 1e4 === x && floor % 2 === 0) return floor / 1e4;
  return r;
}
