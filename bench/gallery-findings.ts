/** The gallery's recordings as the first view reads them, and the README's findings table and docs/findings.md's model ladder made from them. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { designsOf, EFFECTS } from '../src/lib/analysis/findings';
import { findingsMarkdown, findingsSummaryMarkdown, ladderMarkdown, type UnpublishedRecording } from '../src/lib/analysis/findings-table';
import type { SizedRun } from '../src/lib/analysis/ladder';
import { countsInFigures } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';
import { recordingKey } from '../src/lib/analysis/recording-key';
import type { RunFile } from '../src/lib/store/run-file';
import { type ManifestEntry, whyNotPublishable } from './gallery-manifest';
import { EVIDENCE_QUEUE } from './gallery-designs';

/** Each run file of examples/index.json with its answered results. */
export function galleryRuns(read: (path: string, encoding: 'utf8') => string, root = 'examples'): SizedRun<string>[] {
  const manifest = JSON.parse(read(`${root}/index.json`, 'utf8')) as Pick<ManifestEntry, 'file' | 'model' | 'parameters' | 'suite' | 'command'>[];
  return manifest.map((e) => ({
    key: e.file,
    model: e.model,
    parameters: e.parameters,
    suite: e.suite,
    command: e.command,
    results: readRunFile(read(`${root}/${e.file}`, 'utf8'), e.file).results.filter(countsInFigures),
  }));
}

/** The designs the findings read (`designsOf` each effect), in their order. */
const FINDINGS_DESIGNS = [...new Set(EFFECTS.flatMap(designsOf))];

/** Where a model's recording of a design lies under `root`. */
const recordingPath = (root: string, model: string, design: string) => join(root, recordingKey(model, design));

/** The recordings of the findings' designs on disk (`recordingKey` under `root`), by model then in the designs' order. */
export function designRecordings(root = 'examples'): { model: string; design: string; path: string }[] {
  if (!existsSync(join(root, 'recordings'))) return [];
  return readdirSync(join(root, 'recordings'))
    .sort()
    .flatMap((model) => FINDINGS_DESIGNS.map((design) => ({ model, design, path: recordingPath(root, model, design) })))
    .filter((r) => existsSync(r.path));
}

/**
 * The designs' recordings examples/index.json does not publish: those on disk (the recorder publishes
 * one when it is complete and the gallery takes it, `whyNotPublishable`), then those the evidence
 * queue has not begun. `read` gives a file a caller has read already.
 */
export function unpublishedRecordings(
  root = 'examples',
  queue: readonly (readonly [model: string, design: string])[] = EVIDENCE_QUEUE,
  read: (path: string) => RunFile = (path) => readRunFile(readFileSync(path, 'utf8'), path),
): UnpublishedRecording[] {
  const published = new Set((JSON.parse(readFileSync(`${root}/index.json`, 'utf8')) as Pick<ManifestEntry, 'file'>[]).map((e) => e.file));
  const recorded = designRecordings(root)
    .filter(({ model, design }) => !published.has(recordingKey(model, design)))
    .map(({ model, design, path }): UnpublishedRecording => {
      const file = read(path);
      if (file.run.status !== 'completed') return { model, design, state: 'partial', refused: null };
      return { model, design, state: 'complete', refused: whyNotPublishable(file.run, file.results) };
    });
  const queued = queue
    .filter(([model, design]) => FINDINGS_DESIGNS.includes(design) && !existsSync(recordingPath(root, model, design)))
    .map(([model, design]): UnpublishedRecording => ({ model, design, state: 'queued', refused: null }));
  return [...recorded, ...queued];
}

/** The generated blocks: the README's findings at a glance, docs/findings.md's findings per effect and its model ladder. */
export const GENERATED_BLOCKS: readonly { path: string; name: string; markdown: (runs: readonly SizedRun<string>[], unpublished: readonly UnpublishedRecording[]) => string }[] = [
  { path: 'README.md', name: 'findings', markdown: findingsSummaryMarkdown },
  { path: 'docs/findings.md', name: 'findings', markdown: findingsMarkdown },
  { path: 'docs/findings.md', name: 'ladder', markdown: ladderMarkdown },
];

/** `text` with its `<!-- name:start -->` … `<!-- name:end -->` block as the gallery gives it (a unit test holds each file to it). */
export function withBlock(text: string, path: string, name: string, body: string): string {
  const block = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(\\n<!-- ${name}:end -->)`);
  if (!block.test(text)) throw new Error(`${path} has no <!-- ${name}:start --> … <!-- ${name}:end --> block`);
  return text.replace(block, (_m, start: string, end: string) => `${start}${body}${end}`);
}

/** Rewrites each generated block of the repository at `repo` from its gallery; the files that changed. */
export function updateGeneratedBlocks(repo = '.'): string[] {
  const runs = galleryRuns(readFileSync, join(repo, 'examples'));
  const unpublished = unpublishedRecordings(join(repo, 'examples'));
  const changed = new Set<string>();
  for (const { path, name, markdown } of GENERATED_BLOCKS) {
    const before = readFileSync(join(repo, path), 'utf8');
    const after = withBlock(before, path, name, markdown(runs, unpublished));
    if (after === before) continue;
    writeFileSync(join(repo, path), after);
    changed.add(path);
  }
  return [...changed];
}
