/**
 * The example gallery: runs recorded with real models (`npm run bench:gallery` on a server,
 * `npm run bench:model` in the browser), each kept once where its recorder writes it
 * (examples/recordings/MODEL/), with a manifest (examples/index.json) naming the published ones by their path under examples/. They are
 * built into the app, so they open offline and from a fresh profile; they are fetched by URL like
 * any other run file. (A recording not yet published is built in too, never offered.)
 */
import manifest from '../../examples/index.json';
import { fetchText } from './named-text';
import { evalWorker } from './worker-client';
import type { SuiteId } from '../lib/suites/registry';

const urls = import.meta.glob('../../examples/recordings/*/*.jsonl', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** One entry of examples/index.json, as the recorders (bench/gallery-manifest.ts) write it. */
export interface ManifestEntry {
  /** its path under examples/ */
  file: string;
  suite: SuiteId;
  model: string;
  /** the model's size in parameters: the model ladder's order */
  parameters: number;
  engine: string;
  recordedAt: string;
  title: string;
  samples: number;
  /** the run's headline (analysis/headline.ts), as the runs table and the report show it */
  headline: number | null;
  /** the command that re-records it (the recorder's; the run file's header holds the runner's own) */
  command: string;
}

/** A gallery entry and where the built app serves its file. */
export type Example = ManifestEntry & { url: string };

export const EXAMPLES: Example[] = (manifest as ManifestEntry[]).flatMap((e) => {
  const url = urls[`../../examples/${e.file}`];
  return url ? [{ ...e, url }] : [];
});

/** Opens a recording (fetched from the app's own files) as a run; returns its run id. */
export async function openExample(x: Example): Promise<string> {
  const [opened] = await evalWorker().importRunFiles((await fetchText(x.url)).text, x.file);
  if (!opened) throw new Error(`${x.file} holds no run`);
  return opened.runId;
}

/** Opens recordings as runs; returns how many were opened. Throws naming the first that could not be. */
export async function openExamples(list: readonly Example[]): Promise<number> {
  for (const x of list) await openExample(x);
  return list.length;
}

/** The run id a run file's header names (its first line), or null. */
function headerRunId(text: string): string | null {
  try {
    const header = JSON.parse(text.slice(0, text.indexOf('\n') >>> 0)) as { run?: { id?: unknown } };
    return typeof header.run?.id === 'string' ? header.run.id : null;
  } catch {
    return null;
  }
}

/** Opens the shipped recording whose run is `runId` (a link to it in a browser that has not opened it yet); false when none is. */
export async function openShippedRun(runId: string): Promise<boolean> {
  for (const x of EXAMPLES) {
    const { text } = await fetchText(x.url);
    if (headerRunId(text) !== runId) continue;
    await evalWorker().importRunFiles(text, x.file);
    return true;
  }
  return false;
}
