/**
 * What a run needs of a suite: its samples' ids in run order, each sample built
 * when the run loop reaches it, and (for multi-turn suites) a way to run calls.
 *
 * Two run orders give the same samples with byte-identical prompts:
 * - `grid`: the suite's plan order (lengths outermost), the order of runs made before run orders existed;
 * - `prefix`: samples whose prompts share a long prefix run one after the other (within a group, by
 *   rank), so an engine that keeps its last prompt's KV cache reads the shared part once.
 */
import type { Call } from './calls';
import type { Cell, ChatMessage, Expectation, Sample, Score } from './types';

/** Runs one call and renders its result (or structured error) as the tool message shows it. */
export type CallExecutor = (call: Call) => string;

export type RunOrder = 'grid' | 'prefix';
export const RUN_ORDERS: readonly RunOrder[] = ['grid', 'prefix'];

export interface SampleSource {
  /** every sample id of the run, in run order */
  ids: readonly string[];
  /** a sample's cell, known without building its prompt (for coverage) */
  cellOf(id: string): Cell;
  /** the pack item or task a sample asks, where it asks one (a predictions file may be keyed by it) */
  itemOf(id: string): string | undefined;
  build(id: string): Sample;
  /** runs a model's call against the suite's simulated tools (multi-turn samples) */
  execute?: CallExecutor;
  /**
   * runs a whole episode its suite drives (the API-complexity suite's episodes, WildAgtEval's own
   * runner), asking the engine through `context.ask`, and scores it; a source with one runs every
   * sample through it
   */
  episode?: (sample: Sample, context: EpisodeContext) => Promise<EpisodeOutcome>;
}

/** One generation inside an episode. */
interface EpisodeStep {
  messages: ChatMessage[];
  stop: readonly string[];
  /** answer tokens this step needs at least (a judge's verdict), whatever the run's limit */
  minTokens?: number;
  /** what the oracle answers at this step (absent: it reads the sample's own expectation and these messages) */
  expected?: Expectation;
}

export interface EpisodeContext {
  /** asks the engine; a generation interrupted by a stop throws an AbortError */
  ask: (step: EpisodeStep) => Promise<string>;
  /** the model answering (what a judgement by the engine under test names) */
  model: string;
  /** greedy decoding: the same prompt gets the same answer */
  deterministic: boolean;
}

/** A scored episode: its score, its transcript as the result's output, and the agent's calls. */
export interface EpisodeOutcome {
  score: Score;
  text: string;
  calls: { name: string; args: unknown }[];
}

/** Between the replies (or tool results) of one sample's output. */
export const TURN_SEPARATOR = '\n\n';

/** A sample as planned: enough to order the run and report its coverage without building prompts. */
export interface PlannedSample {
  id: string;
  cell: Cell;
  /** samples with the same group share a prompt prefix (same catalog order, same response, same conversation…) */
  group: string;
  /** order within the group: the one that makes consecutive prompts share the most */
  rank: readonly number[];
  /** the pack item or task it asks, where it asks one */
  itemId?: string;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The plan in run order. `prefix`: each group's samples together, by rank; groups in the order
 * they first appear in the plan (so a paused run has covered whole groups, in the plan's seeded
 * order); ties keep plan order. The order is a pure function of the plan.
 */
export function orderPlan<T extends PlannedSample>(plan: readonly T[], order: RunOrder): T[] {
  if (order === 'grid') return [...plan];
  // a Map iterates in insertion order: groups come in the order they first appear
  const groups = new Map<string, { p: T; i: number }[]>();
  plan.forEach((p, i) => {
    const members = groups.get(p.group);
    if (members) members.push({ p, i });
    else groups.set(p.group, [{ p, i }]);
  });
  return [...groups.values()].flatMap((members) => members.sort((a, b) => compareRanks(a.p.rank, b.p.rank) || a.i - b.i).map((m) => m.p));
}

/** A source that keeps its plan: the run puts its ids in the run's order (`inRunOrder`). */
export interface PlannedSource extends SampleSource {
  plan: readonly PlannedSample[];
}

/** A source over a plan: ids in plan order, each sample built by `build` from its planned entry. */
export function planSource<T extends PlannedSample>(plan: readonly T[], build: (p: T) => Sample, execute?: CallExecutor): PlannedSource {
  const byId = new Map(plan.map((p) => [p.id, p]));
  const entry = (id: string): T => {
    const p = byId.get(id);
    if (!p) throw new Error(`sample ${id} is not part of this run`);
    return p;
  };
  return {
    plan,
    ids: plan.map((p) => p.id),
    cellOf: (id) => entry(id).cell,
    itemOf: (id) => entry(id).itemId,
    build: (id) => build(entry(id)),
    ...(execute ? { execute } : {}),
  };
}

/** The same samples in the run's order: the one place a run order is applied. */
export function inRunOrder(source: PlannedSource, order: RunOrder): SampleSource {
  return { ...source, ids: orderPlan(source.plan, order).map((p) => p.id) };
}

/** How many answers a run may ask of each sample (a run file or a headless flag beyond it is refused). */
export const MAX_REPEATS = 100;
const REPEAT_MARK = '~r';

/** The id of a sample's k-th answer: the first keeps the planned id (as a run without repeats stores it), the others add `~r<k>`. */
export function repeatId(id: string, repeat: number): string {
  return repeat <= 1 ? id : `${id}${REPEAT_MARK}${repeat}`;
}

/** The planned sample a result answers, and which of its answers it is (1 for a run without repeats). */
export function repeatOf(sampleId: string): { base: string; repeat: number } {
  const at = sampleId.lastIndexOf(REPEAT_MARK);
  const k = at < 0 ? NaN : Number(sampleId.slice(at + REPEAT_MARK.length));
  return Number.isInteger(k) && k >= 2 ? { base: sampleId.slice(0, at), repeat: k } : { base: sampleId, repeat: 1 };
}

/**
 * Every sample of `source` asked `repeats` times, its answers one after the other (they share their
 * whole prompt). Each is its own sample (own id, own result; facet `repeat`), in the same cell and
 * for the same item, so cells pool the answers and analyses can group them back by `repeatOf`.
 */
export function withRepeats(source: SampleSource, repeats: number): SampleSource {
  if (repeats <= 1) return source;
  if (!Number.isInteger(repeats) || repeats > MAX_REPEATS) throw new RangeError(`repeats must be a whole number from 1 to ${MAX_REPEATS} (got ${repeats})`);
  const ids = source.ids.flatMap((id) => Array.from({ length: repeats }, (_, i) => repeatId(id, i + 1)));
  const episode = source.episode;
  return {
    ...source,
    ids,
    cellOf: (id) => source.cellOf(repeatOf(id).base),
    itemOf: (id) => source.itemOf(repeatOf(id).base),
    build: (id) => {
      const { base, repeat } = repeatOf(id);
      const sample = source.build(base);
      return { ...sample, id, repeat, facets: { ...sample.facets, repeat } };
    },
    // a suite's episode knows its planned samples by their own ids
    ...(episode ? { episode: (sample, context) => episode({ ...sample, id: repeatOf(sample.id).base }, context) } : {}),
  };
}
