/**
 * The example gallery: runs recorded with real models by `npm run bench:model`, kept as run
 * files in examples/ with a manifest (examples/index.json). They are built into the app, so they
 * open offline and from a fresh profile; they are fetched by URL like any other run file.
 */
import manifest from '../../examples/index.json';
import { fetchText } from './named-text';
import { evalWorker } from './worker-client';
import type { SuiteId } from '../lib/suites/registry';

export interface Example {
  file: string;
  suite: SuiteId;
  model: string;
  engine: string;
  recordedAt: string;
  title: string;
  samples: number;
  /** the run's headline (analysis/headline.ts); null in an entry written before it was kept */
  headline: number | null;
  /** the command that re-creates it */
  command: string;
  /** where the built app serves the file */
  url: string;
}

const urls = import.meta.glob('../../examples/*.jsonl', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** One entry of examples/index.json, as the recorders (bench/gallery-manifest.ts) write it. */
export interface ManifestEntry {
  file: string;
  suite: SuiteId;
  model: string;
  engine: string;
  recordedAt: string;
  title: string;
  samples: number;
  /** the run's headline (analysis/headline.ts), as the runs table and the report show it */
  headline: number | null;
  command?: string;
}

/** entries written before a field was kept lack it */
type Entry = Omit<ManifestEntry, 'title' | 'samples' | 'headline'> & Partial<Pick<ManifestEntry, 'title' | 'samples' | 'headline'>>;

export const EXAMPLES: Example[] = (manifest as Entry[]).flatMap((e) => {
  const url = urls[`../../examples/${e.file}`];
  return url ? [{ ...e, title: e.title ?? e.file, samples: e.samples ?? 0, headline: e.headline ?? null, command: e.command ?? 'npm run bench:model', url }] : [];
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
