/**
 * What a suite's job is lent in the runner (lib/suites/jobs.ts): the packs the run reads, its run
 * file's results, servers; what only the app has — its stored runs and rephrasings, a model loaded in
 * a tab — a job asking for it is told so.
 */
import type { NamedText, Pack, SampleResult } from '../../lib/core/types';
import { createOpenAIEngine, DEFAULT_RETRY } from '../../lib/engines/openai';
import type { JobHost } from '../../lib/suites/jobs';
import type { EvalSettings } from './eval-args';

const appOnly = (what: string) => (): never => {
  throw new Error(`${what}: the app does that, not the runner`);
};

/**
 * The runner's host: `packs` the run reads (a job's import added to them), `results` the run file's,
 * read and written; `servers`: how servers are asked, null where the command asks none.
 */
export function runnerJobHost(
  servers: Pick<EvalSettings, 'apiKey' | 'retries'> | null,
  signal: AbortSignal,
  packs: Pack[],
  results: { runPacks: readonly string[]; all(): SampleResult[]; put(r: SampleResult): void } | null,
): JobHost {
  const stored = (): NonNullable<typeof results> => {
    if (!results) throw new Error('no run file is open');
    return results;
  };
  return {
    readFiles: async (files) =>
      files.map((f): NamedText => {
        if (!('text' in f)) throw new Error(`${f.name}: the runner reads files by path`);
        return f;
      }),
    loadPacks: async (ids) =>
      ids.map((id) => {
        const pack = packs.find((p) => p.id === id);
        if (!pack) throw new Error(`no pack ${id} in this run`);
        return pack;
      }),
    async addPackFiles(packId, merge) {
      const at = packs.findIndex((p) => p.id === packId);
      const made = merge(at < 0 ? [] : (packs[at]?.files ?? []), packs[at]?.createdAt);
      packs.splice(at < 0 ? packs.length : at, at < 0 ? 0 : 1, made.pack);
      return made;
    },
    storeForeignRun: appOnly('storing runs another tool made'),
    runPacks: async () => [...stored().runPacks],
    results: async () => stored().all(),
    putResult: async (r) => stored().put(r),
    // the run file counts its right answers when it is written
    recount: async () => undefined,
    rephrasings: { storedIds: appOnly("a model's rephrasings"), put: appOnly("a model's rephrasings") },
    withLoadedModel: appOnly('a model loaded in a tab'),
    withServer: (server, work) => {
      if (!servers) throw new Error(`${server.baseUrl}: this command asks no server`);
      return work(
        createOpenAIEngine({ baseUrl: server.baseUrl, model: server.model, apiKey: servers.apiKey, stream: false, retry: { ...DEFAULT_RETRY, attempts: servers.retries }, timeouts: server.timeouts }),
        { id: server.model, label: `${server.model} at ${server.baseUrl}` },
        signal,
      );
    },
    forcingCounter: appOnly('a forced reading on a model loaded in a tab'),
    forcedRead: appOnly('a forced reading on a model loaded in a tab'),
  };
}
