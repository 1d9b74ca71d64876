/** A suite's work in this worker — its measure before Start and its jobs — and the side generations of the Packs tab (drafts of requests). */
import type { ToolSchema } from '../src/lib/core/types';
import { pickedAsText } from './picked-files';
import { engineName } from '../src/lib/engines/kinds';
import { createOpenAIEngine } from '../src/lib/engines/openai';
import { addPackFiles, loadPacks, runResults, saveRunFile, updateRun } from '../src/lib/store/repos';
import { importedRun } from '../src/lib/run/imported-run';
import { SUITES, type SuiteId, type SuiteOfForeignRuns } from '../src/lib/suites/registry';
import type { JobHost } from '../src/lib/suites/jobs';
import { draftCallRequest, draftExpected, draftQueries, draftQueriesRequest } from '../src/lib/prompts/draft-requests';
import { toJsonText } from '../src/lib/formats/json-text';
import { forcedCallText } from '../src/lib/scoring/forced-call';
import { readForced } from '../src/lib/run/forced-read';
import { requestFor } from '../src/lib/run/request';
import { builtinPacksWritten, db } from './db';
import { withController, withLoadedModel } from './generation';
import { plainError } from './plain-error';
import { apiKeys, defaultCounter, forcingEngine } from './models';

/** What a suite's job is lent (lib/suites/jobs.ts): this worker's store, models and file reading. */
function jobHost(suite: SuiteId): JobHost {
  return {
    readFiles: (files) => pickedAsText(files),
    loadPacks: async (ids) => {
      await builtinPacksWritten();
      return loadPacks(db, ids);
    },
    addPackFiles: (packId, merge) => addPackFiles(db, packId, merge),
    async storeForeignRun(foreign) {
      if (!SUITES[suite].config.absent) throw new Error(`${suite} has no runs another tool made`);
      const file = { ...importedRun(suite as SuiteOfForeignRuns, foreign), prompts: new Map() };
      return { runId: (await saveRunFile(db, file)).runId, name: file.run.name, results: file.results.length };
    },
    async runPacks(runId) {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`run ${runId} is not stored`);
      return run.packIds;
    },
    results: (runId) => runResults(db, runId),
    putResult: async (r) => void (await db.results.put(r)),
    recount: async (runId) => void (await updateRun(db, runId, { correct: (await runResults(db, runId)).filter((r) => r.score.correct).length })),
    rephrasings: { storedIds: (model) => db.rephrasings.where('model').equals(model).primaryKeys(), put: async (row) => void (await db.rephrasings.put(row)) },
    withLoadedModel: (purpose, work) =>
      withLoadedModel(purpose, (engine, model, signal) => work(engine, { id: model.id, label: `${model.id} (${engineName({ kind: model.engine, model: model.id })})` }, signal)),
    withServer: (server, work) =>
      withController((signal) =>
        work(
          createOpenAIEngine({ baseUrl: server.baseUrl, model: server.model, apiKey: apiKeys.get(server.baseUrl), stream: false, timeouts: server.timeouts }),
          { id: server.model, label: `${server.model} at ${server.baseUrl}` },
          signal,
        ),
      ),
    forcingCounter: async (purpose) => {
      const counter = (await forcingEngine(purpose)).counter();
      if (!counter) throw new Error("This model's tokenizer cannot be rebuilt here, so its prompts cannot be measured to an exact length.");
      return counter;
    },
    async forcedRead(sample) {
      const engine = await forcingEngine('a forced reading needs its log-probabilities');
      const forced = forcedCallText(sample, 'bfcl-python');
      if ('none' in forced) throw new Error(forced.none);
      return readForced(engine, requestFor({ maxTokens: forced.text.length, temperature: 0, kvReuse: true }, sample, 'bfcl-python'), forced, new AbortController().signal);
    },
  };
}

/** What a suite asks of the worker beyond its runs, and drafts of requests for your tools. */
export const suiteWorkApi = {
  /** What a suite measures of the stored data before Start (its declaration's `prepare`), from the setup's fields: null for a suite that measures nothing. */
  async prepareSuite(suite: SuiteId, fields: unknown): Promise<unknown> {
    const load = SUITES[suite].prepare;
    if (!load) return null;
    try {
      const prepare = await load();
      const rows = await db.packs.filter((p) => !p.versionOf).toArray();
      const packs = rows.map(({ id, name, source, itemCount, toolCount }) => ({ id, name, source, itemCount, toolCount }));
      return await prepare(fields as never, { packs, load: (ids) => loadPacks(db, ids), counter: defaultCounter });
    } catch (e) {
      throw plainError(e);
    }
  },

  /** A suite's job (its declaration's `jobs`: imports, its judge, side generations, readings), run with what this worker holds; `report` takes what the job reports as it goes. */
  async suiteJob(suite: SuiteId, name: string, args: unknown, report?: (progress: unknown) => void): Promise<unknown> {
    try {
      const job = (await SUITES[suite].jobs?.())?.[name];
      if (!job) throw new Error(`${suite} has no job "${name}"`);
      return await job(args as never, jobHost(suite), report ?? (() => undefined));
    } catch (e) {
      throw plainError(e);
    }
  },

  /** Drafts of requests for one tool, by the loaded model: returned to the editor, never stored as ground truth. */
  async draftRequests(tool: ToolSchema, count: number, onProgress: (done: number, total: number) => void): Promise<{ query: string; expected: string }[]> {
    return withLoadedModel('the drafts are written by the loaded model', async (engine, _model, signal) => {
      const ask = draftQueriesRequest(tool, count);
      const queries = draftQueries((await engine.generate(ask, signal)).text, count);
      const drafts: { query: string; expected: string }[] = [];
      onProgress(0, queries.length);
      for (const query of queries) {
        if (signal.aborted) break;
        const request = draftCallRequest(tool, query);
        const out = await engine.generate(request, signal);
        drafts.push({ query, expected: toJsonText(draftExpected(out.text)) });
        onProgress(drafts.length, queries.length);
      }
      return drafts;
    });
  },
};
