/** A design's recording the gallery does not publish: the findings row waiting for it says which state it is in, and what to do. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { designRecordings, unpublishedRecordings } from '../../bench/gallery-findings';
import { findingsMarkdown } from '../../src/lib/analysis/findings-table';
import { recordingKey, recordingOf } from '../../src/lib/analysis/recording-key';
import { readRunFile } from '../../src/lib/store/run-file';

const SOURCE = 'examples/recordings/qwen1.5b/length.run.jsonl';
/** the evidence queue's order: one recording on disk, one not begun */
const QUEUE = [
  ['complete', 'length'],
  ['waiting', 'length'],
] as const;
const root = mkdtempSync(join(tmpdir(), 'fc-unpublished-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** the 1.5B's complete `length` recording, as `model`'s, after `edit` */
function recording(model: string, edit: (lines: string[]) => string[] = (l) => l) {
  mkdirSync(join(root, 'recordings', model), { recursive: true });
  const lines = readFileSync(SOURCE, 'utf8').trimEnd().split('\n');
  writeFileSync(join(root, 'recordings', model, 'length.run.jsonl'), `${edit(lines).join('\n')}\n`);
}

describe('the findings rows waiting for a recording', () => {
  writeFileSync(join(root, 'index.json'), '[]');
  recording('complete');
  recording('partial', ([header, ...results]) => [header!.replace('"status":"completed"', '"status":"paused"'), ...results.slice(0, 40)]);
  recording('refused', (lines) => [...lines.slice(0, -1), lines.at(-1)!.replace('"error":null', '"error":{"kind":"build_error","message":"the catalog has too few tools for 8K"}')]);
  mkdirSync(join(root, 'recordings', 'other'), { recursive: true });
  writeFileSync(join(root, 'recordings', 'other', 'not-a-design.run.jsonl'), '');

  it("lists the designs' recordings only, by model", () => {
    expect(designRecordings(root).map((r) => `${r.model}/${r.design}`)).toEqual(['complete/length', 'partial/length', 'refused/length']);
  });

  it('says queued, partial, refused with the gallery’s reason, or complete and not published yet, each with what to do', () => {
    const unpublished = unpublishedRecordings(root, QUEUE);
    expect(unpublished.map(({ model, state, refused }) => [model, state, refused !== null])).toEqual([
      ['complete', 'complete', false],
      ['partial', 'partial', false],
      ['refused', 'complete', true],
      ['waiting', 'queued', false],
    ]);
    const row = findingsMarkdown([], unpublished)
      .split('\n')
      .find((r) => r.includes('`complete/length`'));
    expect(row).toContain('`complete/length` is complete, not published yet (`npm run bench:gallery -- complete length` publishes it)');
    expect(row).toContain('`waiting/length` is queued (`npm run bench:gallery -- waiting length` records it)');
    expect(row).toContain('`partial/length` is partial (`npm run bench:gallery -- partial length` resumes it)');
    expect(row).toMatch(/`refused\/length` is complete but not published: 1 of 120 prompts could not be built, .*the catalog has too few tools for 8K/);
  });

  it('leaves out what the gallery publishes', () => {
    writeFileSync(join(root, 'index.json'), JSON.stringify([{ file: 'recordings/complete/length.run.jsonl' }]));
    expect(unpublishedRecordings(root, QUEUE).map((u) => u.model)).toEqual(['partial', 'refused', 'waiting']);
  });

  it('reads a recording through the reader it is given (`npm run findings` passes the files it has read)', () => {
    const asked: string[] = [];
    const paused = readRunFile(readFileSync(SOURCE, 'utf8').replace('"status":"completed"', '"status":"paused"'));
    const states = unpublishedRecordings(root, QUEUE, (path) => (asked.push(path), paused)).map((u) => u.state);
    expect(asked).toEqual([join(root, recordingKey('partial', 'length')), join(root, recordingKey('refused', 'length'))]);
    expect(states).toEqual(['partial', 'partial', 'queued']);
  });
});

describe("a gallery recording's key", () => {
  it('is read back as its model and design; a file kept elsewhere is none', () => {
    expect(recordingKey('qwen0.5b', 'position-long')).toBe('recordings/qwen0.5b/position-long.run.jsonl');
    expect(recordingOf(recordingKey('qwen0.5b', 'position-long'))).toEqual({ model: 'qwen0.5b', design: 'position-long' });
    expect(recordingOf('qwen05-position.run.jsonl')).toBeNull();
    expect(recordingOf('recordings/qwen0.5b/deeper/position.run.jsonl')).toBeNull();
  });
});
