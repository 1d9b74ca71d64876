/** WildAgtEval's work in the worker: its files imported into its pack, its published result logs stored as runs, its judge over a run's error episodes. */
import type { Engine, GenerateRequest, NamedText, PickedFile } from '../../core/types';
import type { ImportFilesJob, JudgeJob, JudgeOutcome, SuiteJob } from '../jobs';
import { addWildFiles, readWildAgtEvalFiles, WILDAGTEVAL_PACK_ID } from './benchmark-files';
import { JUDGE_SETTINGS, judgeWildResults } from './judge';
import { publishedWildRuns } from './published-logs';
import { WILD_FUNCTION_NAMES } from './world/registry';

type Files = (NamedText | PickedFile)[];

/** Its files read, checked and added to its pack; returns the pack's contents and the database copies left out. */
const importFiles: ImportFilesJob = async (picked, host) => {
  const files = await host.readFiles(picked);
  const { pack, replaced } = await host.addPackFiles(WILDAGTEVAL_PACK_ID, (stored, createdAt) => addWildFiles(stored, files, new Set(WILD_FUNCTION_NAMES), createdAt ?? Date.now()));
  return { description: pack.description, replaced };
};

/** Its published result logs (folders of them) read, scored and stored as runs, one per model and experiment; nothing is stored if a log cannot be read. */
const importLogs: SuiteJob<Files, { runs: { runId: string; name: string; results: number }[]; unrecognised: string[]; skipped: number }> = async (picked, host) => {
  const { runs, unrecognised, skipped } = publishedWildRuns(await host.readFiles(picked));
  const saved: { runId: string; name: string; results: number }[] = [];
  for (const published of runs) saved.push(await host.storeForeignRun(published));
  return { runs: saved, unrecognised, skipped: skipped.length };
};

/**
 * The error-scenario episodes of a run judged by the model the user picks, with the imported rubric
 * files; written as they come, so a stopped pass resumes. An episode whose rubric was not imported is
 * left unjudged and named in `missingReferences`.
 */
const judge: JudgeJob = async ({ runId, judge: by, maxTokens = JUDGE_SETTINGS.maxTokens }, host, report) => {
  // a run of published logs has no pack: the rubric files come from the imported benchmark
  const packIds = await host.runPacks(runId);
  const [pack] = await host.loadPacks(packIds.length ? packIds : [WILDAGTEVAL_PACK_ID]).catch(() => []);
  const references = pack?.files ? readWildAgtEvalFiles(pack.files, new Set(WILD_FUNCTION_NAMES)).judgeReferences : [];
  const results = await host.results(runId);
  const judgeWith = async (engine: Pick<Engine, 'generate'>, name: { label: string }, signal: AbortSignal): Promise<JudgeOutcome> => ({
    ...(await judgeWildResults({
      results,
      references,
      judge: name.label,
      signal,
      onProgress: (done, total) => report({ done, total }),
      put: (r) => host.putResult(r),
      ask: async (prompt) => {
        const request: GenerateRequest = { messages: [{ role: 'user', content: prompt }], temperature: JUDGE_SETTINGS.temperature, maxTokens };
        return (await engine.generate(request, signal)).text;
      },
    })),
    judge: name.label,
    of: 'error-handling episodes',
  });
  const outcome = by.kind === 'loaded' ? await host.withLoadedModel('the judge is the loaded model', judgeWith) : await host.withServer(by, judgeWith);
  await host.recount(runId);
  return outcome;
};

export const jobs = { importFiles, importLogs, judge };
