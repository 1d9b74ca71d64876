/**
 * The papers' effects, each declared once: which recorded design tests it, the contrast (which
 * samples are condition A and B, how they pair), the paper's direction and smallest reported size,
 * and how a contrast becomes a verdict. `npm run findings` reads the recordings through these;
 * docs/findings.md's table is its output.
 */
import type { SampleResult } from '../core/types';
import { detectsText, formatP, formatPercent, formatTokens } from './format';
import { type Contrast, groupContrast, pairedContrast, pairedPooledContrast, requestOf, type Verdict, verdictOf } from './clustered';
import { headlinePart } from './headline';
import { lengthsOf } from './long-context';
import { callProbabilityOf } from '../scoring/forced-call';

type Select = (r: SampleResult) => boolean;
interface Side {
  label: string;
  is: Select;
}
interface Sides {
  a: Side;
  b: Side;
}

/** Right or wrong, CompToolBench's DAG score, API calls right over turns (WildAgtEval's Table 3), or the right call's probability (docs/scoring.md). */
export type EffectMeasure = 'correct' | 'score' | 'turns' | 'probability';

/** What each measure counts, as a chart's axis and a table's column name it. */
export const EFFECT_MEASURE_NAMES: Record<EffectMeasure, string> = {
  correct: 'accuracy',
  score: 'CompToolBench score',
  turns: 'API calls right over turns',
  probability: "the right call's probability",
};

export interface EffectDeclaration {
  id: string;
  /** the paper and where it reports the effect */
  paper: string;
  /** the effect, in words a class can read */
  effect: string;
  /** what the paper measured */
  paperFigure: string;
  /** the recording (an EVIDENCE key of bench/gallery-designs.ts) whose samples test it */
  design: string;
  /** other designs whose recordings test it too, where a model's own `design` cannot (the 1.5B's `position` is 4K only: its `length`) */
  alsoDesigns?: readonly string[];
  /** the suite whose runs can show it (the app's report tests every run of it that holds pairs) */
  suite: string;
  /** conditions A and B, fixed or read off the run's own cells (its shortest and longest length, say) */
  sides: Sides | ((results: readonly SampleResult[]) => Sides | null);
  /** paired by request (each request under both conditions), or two groups of tasks */
  pairing: 'request' | 'groups';
  /** the key of one pair within a request (a request at one length, say); the request alone when absent */
  pairKey?: (r: SampleResult) => string;
  /** B above A (+1) or below it (−1), as the paper found */
  direction: 1 | -1;
  /** the paper's smallest effect: relative to A, or in absolute points where the paper gives none (then the design's target) */
  paperSize: { relative: number } | { absolute: number; why: string };
  /** what a sample scores: right or wrong, or CompToolBench's DAG score */
  measure: EffectMeasure;
  /** the one chart that makes the effect visible: the measure along the design's dimension */
  picture: PictureDeclaration;
  /** the design tests it at each prompt length too, not only pooled over lengths */
  perLength?: true;
  /**
   * an effect declared once above, tested again by another design on another measure or at other
   * lengths (the right call's probability, the papers' lengths): a row of the findings table of its
   * own, not a sentence of the first view nor a row of a run's effects panel (which test the effect itself)
   */
  restates?: string;
  /** a restated effect's prompt lengths, in words ("1K–4K") */
  lengths?: string;
}

/** What an effect's figures count, as its table row and sentence name it ("accuracy, 1K–4K"). */
export const measureNameOf = (e: EffectDeclaration, measure: EffectMeasure = e.measure): string => `${EFFECT_MEASURE_NAMES[measure]}${e.lengths ? `, ${e.lengths}` : ''}`;

/**
 * A chart of an effect: each sample `x` keeps is a point of its series (`series`, one line per
 * value; one line when absent) at its x, as the mean of `measure` with its interval over requests.
 */
interface PictureDeclaration {
  xLabel: string;
  /** the sample's place on the x axis, or undefined to leave it out */
  x: (r: SampleResult) => number | undefined;
  xText: (x: number) => string;
  /** a length axis, doubling from tick to tick */
  log?: boolean;
  /** x is a category's index (`categories`) */
  categorical?: boolean;
  series?: (r: SampleResult) => string;
}

/** A picture along categories: x is the category's index in `names`, shown by its label. */
const categories = (xLabel: string, of: (r: SampleResult) => string | undefined, names: readonly string[], labels: readonly string[] = names): PictureDeclaration => ({
  xLabel,
  x: (r) => {
    const i = names.indexOf(of(r) ?? '');
    return i < 0 ? undefined : i;
  },
  xText: (i) => labels[i] ?? String(i),
  categorical: true,
});
const BY_LENGTH: PictureDeclaration = { xLabel: 'prompt length (tokens)', x: (r) => r.cell.length, xText: formatTokens, log: true };
const BY_ALPHA_PER_LENGTH: PictureDeclaration = {
  xLabel: 'position of the right tool (α: 0 = start, 1 = end)',
  x: (r) => r.cell.alpha,
  xText: String,
  series: (r) => `${formatTokens(r.cell.length)} tokens`,
};
const BY_WORDING = categories("the request's wording", (r) => r.cell.variant, ['original', 'rephrased', 'expanded'], ['original', 'rephrased', 'expanded toolkit']);

const at = (length: number) => (r: SampleResult) => r.cell.length === length;
const alpha =
  (...positions: number[]) =>
  (r: SampleResult) =>
    positions.includes(r.cell.alpha ?? NaN);
const record =
  (p: number) =>
  (r: SampleResult): boolean =>
    r.cell.record === p;
const variant = (v: string) => (r: SampleResult) => r.cell.variant === v;
const both =
  (...fs: Select[]): Select =>
  (r) =>
    fs.every((f) => f(r));
const DESIGN_TARGET = { absolute: 0.15, why: 'the paper gives no figure; the design was sized for 15 points' } as const;

/** The run's shortest and longest prompt length (among the samples `of` keeps): A and B of a length effect. */
const shortestVsLongest =
  (of: Select = () => true) =>
  (results: readonly SampleResult[]): Sides | null => {
    const lengths = lengthsOf(results.filter(of));
    const [lo, hi] = [lengths[0], lengths.at(-1)];
    if (lo === undefined || hi === undefined || lo === hi) return null;
    return { a: { label: formatTokens(lo), is: both(of, at(lo)) }, b: { label: formatTokens(hi), is: both(of, at(hi)) } };
  };

/**
 * WildAgtEval's complexity types that the `complexity` design isolates and Table 3 has a column for,
 * and their names in words. The design's third type, system failures, is an error scenario: the
 * paper scores it on the handling of the failure (its error-handling accuracy, a judge's 1–5), not on
 * API-call accuracy off and on, so no off → on verdict is drawn for it (it compared two measures);
 * the report's Table 3 gives its judged handling.
 */
const COMPLEXITY_TYPES = [
  ['ad_hoc', 'ad-hoc rules'],
  ['irrelevant', 'irrelevant information'],
] as const;

/** Only the results at these prompt lengths: what a restated effect's sides keep. */
function withinLengths(sides: EffectDeclaration['sides'], keep: Select): EffectDeclaration['sides'] {
  const narrow = (s: Sides): Sides => ({ a: { ...s.a, is: both(keep, s.a.is) }, b: { ...s.b, is: both(keep, s.b.is) } });
  if (typeof sides !== 'function') return narrow(sides);
  return (results) => {
    const s = sides(results.filter(keep));
    return s && narrow(s);
  };
}

/**
 * An effect tested again by another design: on the right call's probability (docs/scoring.md; the
 * measure docs/findings.md declares to decide the catalog's rows where a recording carries it), over
 * the prompt lengths that design asks.
 */
function onProbability(e: EffectDeclaration, design: string, lengths: { from: number; to: number; label: string }): EffectDeclaration {
  return {
    ...e,
    id: `${e.id}@${design}`,
    restates: e.id,
    lengths: lengths.label,
    design,
    effect: `${e.effect} — the right call's probability, ${lengths.label}`,
    measure: 'probability',
    sides: withinLengths(e.sides, (r) => r.cell.length >= lengths.from && r.cell.length <= lengths.to),
  };
}

const DECLARED: readonly EffectDeclaration[] = [
  {
    id: 'catalog-length',
    paper: 'LongFuncEval, challenge 1 (Table 1)',
    effect: 'accuracy falls as the tool catalog grows',
    paperFigure: '7.6%–85.6% relative drop, 8K → 120K tokens',
    design: 'position',
    alsoDesigns: ['length'],
    suite: 'catalog',
    sides: shortestVsLongest(),
    pairing: 'request',
    pairKey: (r) => `${requestOf(r)}|${r.cell.alpha}|${r.cell.variant ?? ''}`,
    direction: -1,
    paperSize: { relative: 0.076 },
    measure: 'correct',
    picture: { ...BY_LENGTH, xLabel: 'catalog length (tokens), all positions' },
  },
  {
    id: 'catalog-middle',
    paper: 'LongFuncEval, challenge 1 (Figure 3)',
    effect: 'lost in the middle: the right tool in the middle of the catalog is found less often than at its ends',
    paperFigure: 'Granite-3.1-8B at 64K–120K; not the other models',
    design: 'position',
    suite: 'catalog',
    sides: { a: { label: 'α 0.5', is: alpha(0.5) }, b: { label: 'α 0.1 and 0.9', is: alpha(0.1, 0.9) } },
    pairing: 'request',
    pairKey: (r) => `${requestOf(r)}|${r.cell.length}|${r.cell.variant ?? ''}`,
    direction: 1,
    paperSize: DESIGN_TARGET,
    measure: 'correct',
    picture: BY_ALPHA_PER_LENGTH,
    perLength: true,
  },
  {
    id: 'catalog-recency',
    paper: 'LongFuncEval, challenge 1 (Figure 3)',
    effect: 'recency: the right tool late in the catalog is found more often than early',
    paperFigure: 'ToolACE-8B, BitAgent-8B, Llama-3.1-70B at 64K–120K',
    design: 'position',
    suite: 'catalog',
    sides: { a: { label: 'α 0.1', is: alpha(0.1) }, b: { label: 'α 0.9', is: alpha(0.9) } },
    pairing: 'request',
    pairKey: (r) => `${requestOf(r)}|${r.cell.length}|${r.cell.variant ?? ''}`,
    direction: 1,
    paperSize: DESIGN_TARGET,
    measure: 'correct',
    picture: BY_ALPHA_PER_LENGTH,
    perLength: true,
  },
  {
    id: 'response-size',
    paper: 'LongFuncEval, challenge 2 (Figure 4a)',
    effect: 'answers from a tool response get worse as the response grows',
    paperFigure: '7%–91% relative drop, 10K → 80K tokens, answer in record 1',
    design: 'depth',
    suite: 'response-qa',
    sides: shortestVsLongest(variant('size')),
    pairing: 'request',
    direction: -1,
    paperSize: { relative: 0.07 },
    measure: 'correct',
    picture: { ...BY_LENGTH, xLabel: 'tool response size (tokens), answer in record 1', x: (r) => (r.cell.variant === 'size' ? r.cell.length : undefined) },
  },
  {
    id: 'response-depth',
    paper: 'LongFuncEval, challenge 2 (Figure 4b)',
    effect: 'recency: an answer in the last record is found more often than in the first',
    paperFigure: 'p = 8 above p = 1 for every model, by 5%–75%, at 80K',
    design: 'depth',
    suite: 'response-qa',
    sides: (results) => {
      const records = [...new Set(results.filter(variant('position')).flatMap((r) => (r.cell.record === undefined ? [] : [r.cell.record])))].sort((x, y) => x - y);
      const [first, last] = [records[0], records.at(-1)];
      if (first === undefined || last === undefined || first === last) return null;
      return { a: { label: `record ${first}`, is: both(variant('position'), record(first)) }, b: { label: `record ${last}`, is: both(variant('position'), record(last)) } };
    },
    pairing: 'request',
    direction: 1,
    paperSize: { relative: 0.05 },
    measure: 'correct',
    picture: { xLabel: 'the record that holds the answer', x: (r) => (r.cell.variant === 'position' ? r.cell.record : undefined), xText: (p) => `record ${p}` },
  },
  {
    id: 'conversation-length',
    paper: 'LongFuncEval, challenge 3',
    effect: 'a fact from earlier in the conversation is used less often as the conversation grows',
    paperFigure: '13% and 40% relative drop as conversations get longer',
    design: 'turns',
    suite: 'multiturn',
    sides: shortestVsLongest(),
    pairing: 'request',
    pairKey: (r) => `${requestOf(r)}|${r.cell.variant}`,
    direction: -1,
    paperSize: { relative: 0.13 },
    measure: 'correct',
    picture: { ...BY_LENGTH, xLabel: 'conversation length (tokens)', series: (r) => (r.cell.variant === 'structured' ? 'fact in JSON' : 'fact in prose') },
  },
  {
    id: 'conversation-structured',
    paper: 'LongFuncEval, challenge 3',
    effect: 'a fact stated in a JSON tool result is used more often than one stated in prose',
    paperFigure: 'structured facts recalled better for most models',
    design: 'turns',
    suite: 'multiturn',
    sides: { a: { label: 'prose', is: variant('prose') }, b: { label: 'JSON', is: variant('structured') } },
    pairing: 'request',
    pairKey: (r) => `${requestOf(r)}|${r.cell.length}`,
    direction: 1,
    paperSize: DESIGN_TARGET,
    measure: 'correct',
    picture: {
      ...categories('where the fact is stated', (r) => r.cell.variant, ['prose', 'structured'], ['in prose', 'in a JSON tool result']),
      series: (r) => `${formatTokens(r.cell.length)} tokens`,
    },
  },
  {
    id: 'robustness-rephrased',
    paper: 'Robustness of Agentic Function Calling (Table 2)',
    effect: 'a rephrased request is answered right less often than the original',
    paperFigure: '8%–19% relative drop (nine models)',
    design: 'robustness-200',
    suite: 'robustness',
    sides: { a: { label: 'original', is: variant('original') }, b: { label: 'rephrased', is: variant('rephrased') } },
    pairing: 'request',
    direction: -1,
    paperSize: { relative: 0.08 },
    measure: 'correct',
    picture: BY_WORDING,
  },
  {
    id: 'robustness-expanded',
    paper: 'Robustness of Agentic Function Calling (Table 2)',
    effect: 'the same request among similar tools is answered right less often',
    paperFigure: '1%–8% relative drop (nine models)',
    design: 'robustness-200',
    suite: 'robustness',
    sides: { a: { label: 'original', is: variant('original') }, b: { label: 'expanded toolkit', is: variant('expanded') } },
    pairing: 'request',
    direction: -1,
    paperSize: { relative: 0.01 },
    measure: 'correct',
    picture: BY_WORDING,
  },
  {
    id: 'selection-gap',
    paper: 'CompToolBench (the Selection Gap)',
    effect: 'composed tasks (L1–L3) score higher than single calls (L0)',
    paperFigure: '17 of 18 models; 13.2 points on average (4.7 among local models)',
    design: 'levels',
    suite: 'composition',
    sides: { a: { label: 'L0', is: (r) => r.facets?.level === 'L0_node' }, b: { label: 'L1–L3', is: (r) => r.facets?.level !== undefined && r.facets.level !== 'L0_node' } },
    pairing: 'groups',
    direction: 1,
    paperSize: { absolute: 0.047, why: 'the local models’ average gap' },
    measure: 'score',
    picture: categories('composition level', (r) => String(r.facets?.level), ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'], ['L0 single call', 'L1 chain', 'L2 parallel', 'L3 DAG']),
  },
  ...COMPLEXITY_TYPES.map(([type, words]): EffectDeclaration => ({
    id: `complexity-${type}`,
    paper: 'WildAgtEval (Table 3)',
    effect: `${words} in the API ${type === 'irrelevant' ? 'lowers' : 'lower'} the agent's API-call accuracy`,
    paperFigure: `${type === 'ad_hoc' ? '13.4% average drop' : '27.3% average drop, the largest'} in API-call accuracy over turns (ten models' average); here the same metric, the report's Table 3 row`,
    design: 'complexity',
    suite: 'wildagteval-simulated',
    sides: {
      a: { label: 'off', is: both(variant('off'), (r) => r.facets?.mode === 'isolated' && r.facets.type === type) },
      b: { label: 'on', is: both(variant('on'), (r) => r.facets?.mode === 'isolated' && r.facets.type === type) },
    },
    pairing: 'request',
    direction: -1,
    paperSize: { relative: type === 'ad_hoc' ? 0.134 : 0.273 },
    measure: 'turns',
    picture: categories("the API's complexity", (r) => (r.facets?.type === type ? r.cell.variant : undefined), ['off', 'on'], ['off', `${words} on`]),
  })),
  {
    id: 'wildagteval-ad-hoc',
    paper: 'WildAgtEval (Table 3)',
    effect: "ad-hoc rules lower the agent's API-call accuracy on WildAgtEval's own benchmark, at its full prompt",
    paperFigure: "66.3% → 58.5% API-call accuracy over turns on average, a 13.4% average drop (ten models); here the same metric, the report's Table 3 row",
    design: 'wildagteval',
    suite: 'wildagteval-benchmark',
    sides: {
      a: { label: 'off', is: both(variant('off'), (r) => r.facets?.mode === 'isolated' && r.facets.type === 'ad_hoc') },
      b: { label: 'on', is: both(variant('on'), (r) => r.facets?.mode === 'isolated' && r.facets.type === 'ad_hoc') },
    },
    pairing: 'request',
    // a target point is the pair; its conversation, which holds several, is the cluster
    pairKey: (r) => String(r.facets?.target ?? requestOf(r)),
    direction: -1,
    paperSize: { relative: 0.134 },
    measure: 'turns',
    picture: categories('the ad-hoc rule', (r) => (r.facets?.type === 'ad_hoc' ? r.cell.variant : undefined), ['off', 'on'], ['off', 'ad-hoc rule on']),
  },
];

const CATALOG_EFFECTS = DECLARED.filter((e) => e.design === 'position');

/** LongFuncEval's shortest prompt: 8K tokens */
const PAPERS_SHORTEST = 8192;

/**
 * The response-size effect again, on its own measure, from the shortest response to one at the papers'
 * lengths: on a recording whose longest response of the size ladder is 8K or more (`depth-long`), not
 * on the 1K–4K ladder of `depth`.
 */
function toPapersLengths(e: EffectDeclaration, design: string, label: string): EffectDeclaration {
  return {
    ...e,
    id: `${e.id}@${design}`,
    restates: e.id,
    lengths: label,
    design,
    effect: `${e.effect}, ${label}`,
    sides: (results) => {
      const longest = results.reduce((m, r) => (r.cell.variant === 'size' ? Math.max(m, r.cell.length) : m), 0);
      return longest >= PAPERS_SHORTEST ? sidesOf(e, results) : null;
    },
  };
}

/** The designs whose recordings test `e`: its own, then those it also reads. */
export const designsOf = (e: EffectDeclaration): readonly string[] => [e.design, ...(e.alsoDesigns ?? [])];

/**
 * Every effect the findings test: the papers' effects, then the catalog's again on the right call's
 * probability at 1K–4K and at the papers' 8K–16K, and the response-size effect from 1K to 16K.
 */
export const EFFECTS: readonly EffectDeclaration[] = [
  ...DECLARED,
  ...CATALOG_EFFECTS.map((e) => onProbability(e, 'position-probability', { from: 1024, to: 4096, label: '1K–4K' })),
  ...CATALOG_EFFECTS.map((e) => onProbability(e, 'position-long', { from: PAPERS_SHORTEST, to: 32768, label: "at the papers' lengths (8K–16K)" })),
  ...DECLARED.filter((e) => e.id === 'response-size').map((e) => toPapersLengths(e, 'depth-long', "to the papers' lengths (1K → 16K)")),
];

export interface EffectFinding {
  effect: EffectDeclaration;
  /** what the contrast was computed on (the effect's own measure unless asked for another) */
  measure: EffectMeasure;
  /** the conditions compared on this run */
  a: string;
  b: string;
  contrast: Contrast;
  verdict: Verdict;
  /** the paper's smallest effect in absolute points at this run's level of A */
  paperAbsolute: number;
  /** A's level leaves the paper's effect no room: a drop from nothing right (floor), a rise from everything right (ceiling) */
  bound: 'floor' | 'ceiling' | null;
  /** as a row of the findings table, one test of a family (analysis/family.ts): its Holm-adjusted p and recheck; `verdict` is then the family's */
  family?: { familyP: number; recheck: 'agrees' | 'disagrees' | 'none'; alone: Verdict };
  /** a row of the findings table outside the family (its recording is not the effect's design): its test alone, exploratory */
  exploratory?: true;
}

/** The verdict in words, saying why where A's level leaves the effect no room: "inconclusive (a floor: A is 0.0%)". */
export function verdictText(f: EffectFinding): string {
  if (f.bound) return `${f.verdict} (a ${f.bound}: ${f.a} is ${formatPercent(f.contrast.a)})`;
  const changed = f.family && f.family.alone !== f.verdict ? ` (${f.family.alone} before the family's correction)` : '';
  return `${f.verdict}${recheckWords(f)}${changed}${f.exploratory ? ' (exploratory: not its design)' : ''}`;
}

/** What a significant row of the family says of its recheck on other requests: ", rechecked", ", not yet rechecked"…; nothing for another row. */
export function recheckWords(f: EffectFinding): string {
  if (!f.family || (f.verdict !== 'reproduced' && f.verdict !== 'opposite')) return '';
  return f.family.recheck === 'agrees' ? ', rechecked' : f.family.recheck === 'disagrees' ? ', not confirmed by its recheck on other requests' : ', not yet rechecked';
}

/** A p-value as the findings table gives it: with the family's Holm-adjusted one beside it where the row is one of the family. */
export const familyPText = (f: EffectFinding): string => (f.family ? `${formatP(f.contrast.pValue)} (Holm ${formatP(f.family.familyP)})` : formatP(f.contrast.pValue));

/** The smallest difference the run could detect, in points — nothing where A's level leaves the effect no room. */
export const detectsOf = (f: EffectFinding): string => (f.bound ? 'nothing' : detectsText(f.contrast));

/** The effect's conditions A and B on these results (read off their cells where the effect says so), or null. */
export const sidesOf = (e: EffectDeclaration, results: readonly SampleResult[]): Sides | null => (typeof e.sides === 'function' ? e.sides(results) : e.sides);

/**
 * What a sample scores for the effect: 1 or 0 for right or wrong, its DAG score, its turns right, or
 * its right call's probability (NaN where it has none) — out of `countOf`.
 */
export const measureOf =
  (e: Pick<EffectDeclaration, 'measure'>) =>
  (r: SampleResult): number =>
    e.measure === 'probability' ? (callProbabilityOf(r) ?? NaN) : e.measure === 'score' ? r.score.value : e.measure === 'turns' ? headlinePart('turns', r).hits : r.score.correct ? 1 : 0;

/** What a sample's score is out of: its scored turns for API calls over turns (pooled, as Table 3 pools them), else one. */
export const countOf =
  (e: Pick<EffectDeclaration, 'measure'>) =>
  (r: SampleResult): number =>
    e.measure === 'turns' ? headlinePart('turns', r).count : 1;

/**
 * One effect measured on one run's results, or null when the run holds no pair of it: on its own
 * measure, or on another (the right call's probability beside accuracy) over the results that have it.
 */
export function measureEffect(e: EffectDeclaration, all: readonly SampleResult[], measure: EffectMeasure = e.measure): EffectFinding | null {
  // API calls over turns are pooled over each request's pairs; two groups of tasks have no pairs to pool
  if (e.pairing === 'groups' && measure === 'turns') throw new Error(`effect ${e.id}: API calls over turns are measured on pairs, and it declares two groups`);
  const results = measure === 'probability' ? all.filter((r) => callProbabilityOf(r) !== undefined) : all;
  const sides = sidesOf(e, results);
  if (!sides) return null;
  const value = measureOf({ measure });
  const seed = e.id;
  const paired = { isA: sides.a.is, isB: sides.b.is, pair: e.pairKey ?? requestOf, cluster: requestOf, seed };
  const contrast =
    e.pairing === 'groups'
      ? groupContrast(results, { isA: sides.a.is, isB: sides.b.is, cluster: requestOf, value, seed })
      : measure === 'turns'
        ? pairedPooledContrast(results, { ...paired, hits: value, count: countOf({ measure }) })
        : pairedContrast(results, { ...paired, value });
  if (!contrast) return null;
  const paperAbsolute = 'relative' in e.paperSize ? e.paperSize.relative * contrast.a : e.paperSize.absolute;
  const bound = e.direction === -1 && contrast.a === 0 ? 'floor' : e.direction === 1 && contrast.a === 1 ? 'ceiling' : null;
  const verdict = bound ? 'inconclusive' : verdictOf(contrast, e.direction, paperAbsolute);
  return { effect: e, measure, a: sides.a.label, b: sides.b.label, contrast, verdict, paperAbsolute, bound };
}

/** An effect the design also tests length by length: its finding at each prompt length the results hold pairs at. */
export function measureEffectPerLength(e: EffectDeclaration, results: readonly SampleResult[], measure: EffectMeasure = e.measure): { length: number; finding: EffectFinding }[] {
  if (!e.perLength) return [];
  return lengthsOf(results).flatMap((length) => {
    const finding = measureEffect(e, results.filter(at(length)), measure);
    const where = ` at ${formatTokens(length)}`;
    return finding ? [{ length, finding: { ...finding, a: finding.a + where, b: finding.b + where } }] : [];
  });
}

/**
 * The effects a run of this suite can show that its results hold pairs of: each pooled, then at each
 * length where its design tests it there too — one row, named by its length, where the run has one
 * length (pooled over it, the same figure).
 */
export function effectsOf(suite: string, results: readonly SampleResult[], measure?: EffectMeasure, o: { restated?: boolean } = {}): EffectFinding[] {
  const oneLength = lengthsOf(results).length === 1;
  return EFFECTS.filter((e) => e.suite === suite && (o.restated || !e.restates)).flatMap((e) => {
    const perLength = () => measureEffectPerLength(e, results, measure).map((x) => x.finding);
    if (oneLength && e.perLength) return perLength();
    const pooled = measureEffect(e, results, measure);
    return pooled ? [pooled, ...perLength()] : [];
  });
}
