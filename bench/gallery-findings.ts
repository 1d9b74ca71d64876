/** The gallery's recordings as the first view reads them, and the README's findings table made from them. */
import { readFileSync, writeFileSync } from 'node:fs';
import { findingsMarkdown } from '../src/lib/analysis/findings-table';
import type { SizedRun } from '../src/lib/analysis/ladder';
import { countsInFigures } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';
import type { ManifestEntry } from './gallery-manifest';

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

const FINDINGS_BLOCK = /(<!-- findings:start -->\n)[\s\S]*?(\n<!-- findings:end -->)/;

/** The README's text with its findings table as the gallery gives it (a unit test holds the README to it). */
export function readmeWithFindings(readme: string, runs: readonly SizedRun<string>[]): string {
  if (!FINDINGS_BLOCK.test(readme)) throw new Error('README.md has no <!-- findings:start --> … <!-- findings:end --> block');
  return readme.replace(FINDINGS_BLOCK, (_m, start: string, end: string) => `${start}${findingsMarkdown(runs)}${end}`);
}

/** Rewrites README.md's findings table from the gallery; true when it changed. */
export function updateReadmeFindings(readmePath = 'README.md', root = 'examples'): boolean {
  const before = readFileSync(readmePath, 'utf8');
  const after = readmeWithFindings(before, galleryRuns(readFileSync, root));
  if (after !== before) writeFileSync(readmePath, after);
  return after !== before;
}
