/**
 * examples/index.json, the gallery's manifest, written by both recorders (`bench:gallery` on the
 * server, `bench:model` in the browser): each replaces the entries of the files it wrote and keeps
 * every other one. One order for all: suite by suite (the catalog's curves first), within a suite
 * the larger model first and a server recording before a browser one; SmolLM2's runs, always
 * wrong, after every capable model's.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestEntry } from '../src/ui/examples';
import { isUnanswered, isUnbuilt, type SampleResult } from '../src/lib/core/types';

export type { ManifestEntry };

const SUITE_ORDER = ['catalog', 'robustness', 'response-qa', 'multiturn', 'composition', 'wildagteval-simulated', 'wildagteval-benchmark'];
/** the recordings' folders, one per model, larger model first */
const MODEL_FOLDERS = ['recordings/qwen1.5b/', 'recordings/qwen0.5b/', 'recordings/smollm2/'];

function rank(e: ManifestEntry): number {
  const model = MODEL_FOLDERS.findIndex((p) => e.file.startsWith(p));
  const smollm2 = model < 0 || MODEL_FOLDERS[model] === 'recordings/smollm2/';
  const suite = SUITE_ORDER.indexOf(e.suite);
  const browser = e.file.includes('/browser-') ? 1 : 0;
  return (smollm2 ? 1000 : 0) + (suite < 0 ? SUITE_ORDER.length : suite) * 10 + Math.max(model, 0) * 2 + browser;
}

export function writeManifestEntries(examples: string, entries: readonly ManifestEntry[]): ManifestEntry[] {
  const path = join(examples, 'index.json');
  const old = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ManifestEntry[]) : [];
  const written = new Set(entries.map((e) => e.file));
  // a stable sort: the old order decides between entries of equal rank
  const all = [...old.filter((e) => !written.has(e.file)), ...entries].sort((a, b) => rank(a) - rank(b));
  writeFileSync(path, JSON.stringify(all, null, 2) + '\n');
  return all;
}

/**
 * Why a run may not enter the gallery, or null: unfinished; holding samples the engine never answered
 * (a server that timed out: the same command asks them again); or prompts that could not be built, so
 * the design does not measure what it states.
 */
export function whyNotPublishable(run: { status: string }, results: readonly Pick<SampleResult, 'error'>[]): string | null {
  if (run.status !== 'completed') return `not completed (${run.status})`;
  const unanswered = results.filter(isUnanswered);
  if (unanswered.length) return `${unanswered.length} of ${results.length} samples were not answered (${unanswered[0]?.error?.message}); the same command asks them again`;
  const unbuilt = results.filter(isUnbuilt);
  if (unbuilt.length) return `${unbuilt.length} of ${results.length} prompts could not be built, so the design does not measure what it states (first: ${unbuilt[0]?.error?.message})`;
  return null;
}
