/**
 * The example gallery: runs recorded with real models by `npm run bench:model`, kept as run
 * files in examples/ with a manifest (examples/index.json). They are built into the app, so they
 * open offline and from a fresh profile; they are fetched by URL like any other run file.
 */
import manifest from '../../examples/index.json';
import type { SuiteId } from '../lib/store/db';

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

interface Entry {
  file: string;
  suite: SuiteId;
  model: string;
  engine: string;
  recordedAt: string;
  title?: string;
  samples?: number;
  headline?: number | null;
  command?: string;
}

export const EXAMPLES: Example[] = (manifest as Entry[]).flatMap((e) => {
  const url = urls[`../../examples/${e.file}`];
  return url ? [{ ...e, title: e.title ?? e.file, samples: e.samples ?? 0, headline: e.headline ?? null, command: e.command ?? 'npm run bench:model', url }] : [];
});
