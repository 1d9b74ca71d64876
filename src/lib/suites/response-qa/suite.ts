/**
 * Suite C2 of LongFuncEval: questions about one long tool response. Two
 * experiments as in the paper: the response grows through a ladder of prompt
 * lengths with the answer in the first record (p = 1), and at the largest
 * length the answer's record moves from the start (p = 1) to the end (p = 8).
 * Within an experiment, request k uses the same endpoint, category and
 * template in every cell, so cells differ only in size or position.
 */
import { hashString, Rng } from '../../core/random';
import type { JsonObject, Pack, ResponseSet, Sample } from '../../core/types';
import { ContextBudgetError } from '../../context/catalog-context';
import { fitResponse, type FittedResponse, isRecordAdditive } from '../../context/response-context';
import type { TokenCounter } from '../../context/token-counter';
import { type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import { cellsOf, POSITION_SLOTS, type QaExperiment, type ResponseQaConfig } from './config';
import { PAPER_MIX, QA_CATEGORIES, QA_TEMPLATES, type QaCategory, type QaInstance, type QaTemplate } from './templates';

const RESPONSE_QA_SUITE = 'response-qa';

/** Our wording of the paper's zero-shot prompt (its Appendix C.2). */
const RESPONSE_QA_PROMPT = {
  before: 'You are given the response of an API call, in JSON. Answer the question using only the information in this response.\n\n```json\n',
  after: '```\n\nQuestion: {question}\n\nReply with the answer only: no other words and no JSON. Do not rephrase values.\nAnswer:',
};

function responseSets(packs: readonly Pack[]): { pack: Pack; set: ResponseSet }[] {
  return packs.flatMap((pack) => (pack.responses ?? []).filter((set) => QA_TEMPLATES.some((t) => t.endpoint === set.endpoint)).map((set) => ({ pack, set })));
}

/** Record index for position p among n records. */
export function anchorIndex(p: number, n: number): number {
  if (n <= 1) return 0;
  const slot = Math.min(POSITION_SLOTS, Math.max(1, p));
  return Math.round(((slot - 1) / (POSITION_SLOTS - 1)) * (n - 1));
}

interface PlannedQa extends PlannedSample {
  experiment: QaExperiment;
  length: number;
  record: number;
  k: number;
  pack: Pack;
  set: ResponseSet;
  category: QaCategory;
  /** templates to try, in order (the first that applies to the records is asked) */
  templates: QaTemplate[];
}

function weightedPick<T>(rng: Rng, entries: readonly [T, number][]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of entries) {
    x -= w;
    if (x < 0) return v;
  }
  return (entries.at(-1) as [T, number])[0];
}

/**
 * Every request drawn from one response set shows that set's records from the first one on, as many
 * as its length holds: grouped by set, shorter prompts first, each prompt begins with most of the
 * one before it.
 */
export function planResponseQa(packs: readonly Pack[], config: ResponseQaConfig): PlannedQa[] {
  const sets = responseSets(packs);
  if (sets.length === 0) return [];
  const endpointWeight = (e: string) => Object.values(PAPER_MIX[e] ?? { extraction: 1, filtering: 1, aggregation: 1 }).reduce((a, b) => a + b, 0);
  const plan: PlannedQa[] = [];
  const cells = cellsOf(config);
  for (const [c, cell] of cells.entries()) {
    for (let k = 0; k < config.samplesPerCell; k++) {
      const rng = new Rng(`response-qa:${config.seed}:${cell.experiment}:${k}`);
      const { pack, set } = weightedPick(
        rng,
        sets.map((s) => [s, endpointWeight(s.set.endpoint)] as [typeof s, number]),
      );
      const mix = PAPER_MIX[set.endpoint] ?? { extraction: 1, filtering: 1, aggregation: 1 };
      const eligible = (c: QaCategory) => QA_TEMPLATES.filter((t) => t.endpoint === set.endpoint && t.category === c && (cell.experiment === 'size' || t.scope === 'record'));
      const category = weightedPick(
        rng,
        QA_CATEGORIES.filter((c) => eligible(c).length > 0).map((c) => [c, mix[c]] as [QaCategory, number]),
      );
      // fall back to the endpoint's other templates only when none of the category applies
      const templates = [...rng.shuffle(eligible(category)), ...rng.shuffle(QA_CATEGORIES.filter((c) => c !== category).flatMap(eligible))];
      const id = hashString(`${RESPONSE_QA_SUITE}|${pack.id}|${cell.experiment}|${cell.length}|${cell.record}|${k}|${config.seed}`);
      const group = `set ${sets.findIndex((s) => s.set === set && s.pack === pack)}`;
      plan.push({ id, cell: { length: cell.length, record: cell.record, variant: cell.experiment }, group, rank: [cell.length, c, k], ...cell, k, pack, set, category, templates });
    }
  }
  return plan;
}

export interface ResponseQaBuildOptions {
  packs: readonly Pack[];
  config: ResponseQaConfig;
  counter: TokenCounter;
}

interface Built {
  fitted: FittedResponse;
  instance: QaInstance;
  template: QaTemplate;
  anchor: number;
}

/**
 * The question depends on the records shown (its anchor, thresholds, answers)
 * and the records shown depend on the question's length: iterate to a fixed point.
 */
function buildInstance(p: PlannedQa, counter: TokenCounter, measureWhole: boolean): Built | null {
  const fit = (question: string, minRecords: number) =>
    fitResponse({ set: p.set, before: RESPONSE_QA_PROMPT.before, after: RESPONSE_QA_PROMPT.after.replace('{question}', question), target: p.length, minRecords, measureWhole }, counter);
  for (const template of p.templates) {
    // a first guess of the records from a question of typical length
    let fitted = fit('x'.repeat(120), 1);
    let last: QaInstance | null = null;
    for (let round = 0; round < 6; round++) {
      const records: JsonObject[] = fitted.records;
      const anchor = anchorIndex(p.record, records.length);
      const instance = template.make(records, anchor);
      if (!instance) break;
      if (last && last.question === instance.question) return { fitted, instance, template, anchor };
      last = instance;
      fitted = fit(instance.question, anchor + 1);
    }
  }
  return null;
}

export function responseQaSource(opts: ResponseQaBuildOptions): PlannedSource {
  const additive = new Map<string, boolean>();
  return planSource(planResponseQa(opts.packs, opts.config), (p): Sample => {
    let measureWhole = additive.get(p.set.endpoint);
    if (measureWhole === undefined) additive.set(p.set.endpoint, (measureWhole = !isRecordAdditive(p.set, opts.counter)));
    const built = buildInstance(p, opts.counter, measureWhole);
    if (!built || !built.fitted.withinTolerance) {
      const got = built?.fitted.tokens;
      throw new ContextBudgetError(
        `A ${p.length}-token response-QA prompt cannot be built from ${p.set.endpoint}` +
          (got === undefined
            ? ': no question template applies to its records.'
            : `: it measures ${got} tokens. ${got < p.length ? 'The pack has too few records for this length; pick shorter lengths.' : 'One record and the question are already longer; pick a longer length.'}`),
      );
    }
    const { fitted, instance, template, anchor } = built;
    return {
      id: p.id,
      suite: RESPONSE_QA_SUITE,
      packId: p.pack.id,
      itemId: `${p.experiment}-${p.k}`,
      cell: p.cell,
      messages: [{ role: 'user', content: fitted.text }],
      tools: [],
      needleIndexes: [],
      expected: { kind: 'qa', answer: instance.answer },
      promptTokens: fitted.tokens,
      facets: {
        endpoint: p.set.endpoint,
        category: template.category,
        template: template.id,
        scope: template.scope,
        depth: p.set.recordsPath.length + 1 + instance.depthInRecord,
        records: fitted.records.length,
        record: anchor + 1,
      },
    };
  });
}
