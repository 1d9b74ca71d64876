/** Files in and out: BFCL's imported, runs exported as run files and pages, run files and pages opened. */
import type { NamedText, PickedFile, SampleResult } from '../src/lib/core/types';
import { pickedAsText } from './picked-files';
import { chartsOf, headlineOf, reportLines } from '../src/lib/run/run-report';
import { runFilesInPage, runPageHtml, sharedRunFile } from '../src/lib/store/run-page';
import type { RunRow } from '../src/lib/run/run-row';
import { importBfclFiles, replacedNote, runResults, saveRunFile } from '../src/lib/store/repos';
import { type RecordedPrompt, type Recording, readRunFile, writeRunFile } from '../src/lib/store/run-file';
import { db } from './db';
import { plainError } from './plain-error';
import { promptReader } from './runs';

/** A run file opened: the stored run's id, and whether it was stored already or beside another as a copy. */
export interface ImportedRun {
  runId: string;
  name: string;
  results: number;
  copied: boolean;
  alreadyStored: boolean;
  besideRun?: string;
}

/** A stored run with what an export carries: its results, its prompts when asked, its recording, a file name. */
async function exportedRun(
  runId: string,
  withPrompts: boolean,
  recordingAs?: Recording,
): Promise<{ run: RunRow; results: SampleResult[]; prompts: Map<string, RecordedPrompt>; recording: Recording | null; slug: string }> {
  const run = await db.runs.get(runId);
  if (!run) throw new Error(`run ${runId} not found`);
  const results = await runResults(db, runId);
  const prompts = new Map<string, RecordedPrompt>();
  if (withPrompts) {
    const read = await promptReader(run);
    for (const r of results) {
      // a sample whose prompt could not be built has none to rebuild
      const prompt = await read(r.sampleId, r.error?.kind !== 'build_error');
      if (prompt) prompts.set(r.sampleId, prompt);
    }
  }
  const slug =
    run.name
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || run.id;
  return { run, results, prompts, recording: recordingAs ?? run.recording ?? null, slug };
}

/** Imports and exports. */
export const filesApi = {
  /** A BFCL question file (and its possible answers) read and stored here, off the page's thread; returns what was imported. */
  async importBfcl(files: (NamedText | PickedFile)[], onProgress: (file: string, fraction: number) => void): Promise<{ name: string; items: number; tools: number; replaced: string }> {
    try {
      const pack = await importBfclFiles(db, await pickedAsText(files), (file, fraction) => void onProgress(file, fraction));
      return { name: pack.name, items: pack.items.length, tools: pack.tools.length, replaced: replacedNote(pack.saved, `BFCL file ${pack.name}`) };
    } catch (e) {
      throw plainError(e);
    }
  },

  /**
   * The run as a run file (JSON Lines). With `prompts`, every result carries its prompt as sent
   * (recorded ones, or rebuilt when this run's tokenizer is available here).
   */
  async exportRun(runId: string, opts: { prompts: boolean; recording?: Recording }): Promise<{ name: string; text: string; promptsIncluded: number }> {
    const { run, results, prompts, recording, slug } = await exportedRun(runId, opts.prompts, opts.recording);
    return { name: `${slug}.run.jsonl`, text: writeRunFile({ run, recording, results, prompts }), promptsIncluded: prompts.size };
  },

  /**
   * The run as one self-contained HTML page (`lib/store/run-page.ts`): with `prompts`, every sample's
   * prompt as sent; with `server`, the server's address (left out otherwise).
   */
  async exportRunPage(runId: string, opts: { prompts: boolean; server: boolean }): Promise<{ name: string; text: string; promptsIncluded: number }> {
    const { run, results, prompts, recording, slug } = await exportedRun(runId, opts.prompts);
    const text = runPageHtml({
      run,
      recording,
      results,
      prompts,
      headline: headlineOf(run, results),
      withServer: opts.server,
      reportLines: await reportLines(run, results),
      charts: await chartsOf(run, results),
      madeAt: new Date().toISOString(),
    });
    return { name: `${slug}.html`, text, promptsIncluded: prompts.size };
  },

  /**
   * The run files a view's page carries (a comparison, the first view): each run's results, no
   * prompts, no server address — what the page shows, so the app can open it again as those runs.
   */
  async exportViewRuns(runIds: readonly string[]): Promise<string[]> {
    const files: string[] = [];
    for (const id of runIds) {
      const { run, results, recording } = await exportedRun(id, false);
      files.push(sharedRunFile({ run, recording, results, prompts: new Map(), withServer: false }));
    }
    return files;
  },

  /**
   * Opens a run file, or a page the app wrote (a run's, or a view's with several runs inside): every
   * run file is validated completely before any is stored, each then in one transaction.
   */
  async importRunFiles(text: string, source: string): Promise<ImportedRun[]> {
    const texts = runFilesInPage(text, source) ?? [text];
    const files = texts.map((t, i) => readRunFile(t, texts.length > 1 ? `${source}, run ${i + 1}` : source));
    const opened: ImportedRun[] = [];
    for (const file of files) opened.push({ ...(await saveRunFile(db, file)), name: file.run.name, results: file.results.length });
    return opened;
  },
};
