/** IndexedDB schema (Dexie). Opened the same way in the page and in the worker. */
import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { RecordedPrompt, RunRow } from '../run/run-row';
import { isUnbuilt, type PackSource, type SampleResult } from '../core/types';
import { headlineSums } from '../analysis/headline';
import { SUITES } from '../suites/registry';
import { STORAGE_FULL } from '../run/loop';
import { withConfig, withMeasures, withSuiteId } from './run-shape';
import type { StoredRephrasing } from '../suites/jobs';

export interface PackRow {
  id: string;
  name: string;
  source: PackSource;
  description: string;
  createdAt: number;
  toolCount: number;
  itemCount: number;
  /** {tools, items} as JSON with Python number spelling (see formats/json-text) */
  data: string;
  /** builder version for built-in packs, so a newer builder replaces an older pack */
  version?: number;
  /** hash of the content (tools, requests, responses, conversations, tasks): the version runs pin */
  contentHash?: string;
  /** set on an earlier version kept for the runs that pinned it (its id is `<pack id>@<hash>`); not listed as a pack */
  versionOf?: string;
  /** tool responses (challenge 2), as plain JSON text */
  responses?: string;
  /** base conversations and filler exchanges (challenge 3), as plain JSON text */
  conversations?: string;
  responseCount?: number;
  conversationCount?: number;
  /** composition tasks, as JSON with Python number spelling (their expected arguments are Python values) */
  tasks?: string;
  /** each task's simulated step outputs, as plain JSON text (null for imported tasks) */
  taskOutputs?: string;
  taskCount?: number;
  /** composition tasks per level (L0_node …) */
  taskLevelCounts?: Record<string, number>;
  /** the files the pack was imported from, where its suite reads them (JSON of [{name, text}]) */
  files?: string;
}

/** A recorded prompt, for runs whose prompts cannot be rebuilt here (another model's tokenizer). */
export interface PromptRow {
  /** the result's id: `${runId}:${sampleId}` */
  id: string;
  runId: string;
  prompt: RecordedPrompt;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export type ResultRow = SampleResult;

/** A request rephrased by a model, kept for the user's review before a run uses it. */
/** A model's rephrasing of a request, stored for review (its shape is robustness's job's, `lib/suites/jobs.ts`). */
export type RephrasingRow = StoredRephrasing;

/** A database upgrade that replaces every stored run by `rewrite` of it. */
const rewriteRuns = (rewrite: (run: Record<string, unknown>) => Record<string, unknown>) => (tx: Transaction) =>
  tx
    .table('runs')
    .toCollection()
    .modify((run: Record<string, unknown>, ref: { value: unknown }) => {
      ref.value = rewrite(run);
    });

export class AppDB extends Dexie {
  packs!: EntityTable<PackRow, 'id'>;
  runs!: EntityTable<RunRow, 'id'>;
  results!: EntityTable<ResultRow, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  rephrasings!: EntityTable<RephrasingRow, 'id'>;
  prompts!: EntityTable<PromptRow, 'id'>;

  constructor(name = 'fc-playground', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      packs: 'id, source, createdAt',
      runs: 'id, createdAt, status',
      results: 'id, runId, [runId+index]',
      settings: 'key',
    });
    this.version(2).stores({ rephrasings: 'id, model' });
    this.version(3).stores({ prompts: 'id, runId' });
    // a run keeps its suite's configuration in `config` (it was in `sweep` or under the suite's own key)
    this.version(4).stores({}).upgrade(rewriteRuns(withConfig));
    // a pack's imported files are `files` (they were under the one suite that keeps files), their summary made where it is shown
    this.version(5)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('packs')
          .toCollection()
          .modify((pack: Record<string, unknown>) => {
            if (typeof pack.wildagteval === 'string') pack.files = pack.wildagteval;
            delete pack.wildagteval;
            delete pack.wildagtevalSummary;
          }),
      );
    // each measure of a result's cell in its own field (the catalog's α and response QA's record were both `position`)
    this.version(6)
      .stores({})
      .upgrade(async (tx) => {
        const suites = new Map((await tx.table('runs').toArray()).map((run: { id: string; suite: string }) => [run.id, run.suite]));
        await tx
          .table('results')
          .toCollection()
          .modify((result: { runId: string; cell?: Record<string, unknown> }) => {
            if (result.cell) result.cell = withMeasures(suites.get(result.runId) ?? '', result.cell);
          });
      });
    // the two WildAgtEval suites named for what they run (they were `api-complexity` and `wildagteval`)
    this.version(7).stores({}).upgrade(rewriteRuns(withSuiteId));
    // a prompt that could not be built is in no figure (headlines once counted it wrong): a run holding one is summed again
    this.version(8).stores({}).upgrade(sumUnbuiltApart);
  }
}

async function sumUnbuiltApart(tx: Transaction): Promise<void> {
  const runIds = new Set<string>();
  await tx
    .table('results')
    .toCollection()
    .each((r: Pick<SampleResult, 'runId' | 'error'>) => void (isUnbuilt(r) && runIds.add(r.runId)));
  for (const runId of runIds) {
    const results: SampleResult[] = await tx.table('results').where('runId').equals(runId).toArray();
    await tx
      .table('runs')
      .where('id')
      .equals(runId)
      .modify((run: RunRow) => {
        // a run stored before headlines were kept has none, and gets none here
        if (run.headline && run.suite in SUITES) run.headline = headlineSums(SUITES[run.suite].headline.measure, results);
      });
  }
}

class StorageError extends Error {
  override name = 'StorageError';
}

/** QuotaExceededError arrives bare or as the inner error of Dexie's AbortError. */
function isQuotaError(e: unknown): boolean {
  const err = e as { name?: string; inner?: { name?: string } } | null;
  return err?.name === 'QuotaExceededError' || err?.inner?.name === 'QuotaExceededError';
}

/** Rethrows storage failures with a message a person can act on, naming the write that failed. */
export function explainStorageError(e: unknown, doing: string): never {
  if (isQuotaError(e)) {
    throw Object.assign(
      new StorageError(
        `The browser's storage for this site is full: ${doing} failed. Free space by deleting runs you no longer need (download their run files first to keep them), imported packs or cached models, then try again.`,
      ),
      { name: STORAGE_FULL },
    );
  }
  throw e;
}
