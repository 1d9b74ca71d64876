/** A run file's figures agree with its contents (issue 73): written so whatever the run row said, checked when read, and so in every file the app ships. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';

const EXAMPLES = 'examples';
const runFiles = readdirSync(EXAMPLES, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.run.jsonl'))
  .map((f) => join(EXAMPLES, f));

describe("a run file's header figures", () => {
  it('are the results’ whenever a file is written, and a reader names a header that disagrees', () => {
    const path = join(EXAMPLES, 'recordings/qwen0.5b/position.run.jsonl');
    const file = readRunFile(readFileSync(path, 'utf8'), path);
    // a resumed run's row counts only its last sitting: 246 of 826 where the results hold 260 of 900
    const stale = { ...file.run, done: 826, correct: 246, headline: { hits: 246, count: 826, unanswered: 0 } };
    const text = writeRunFile({ run: stale, recording: file.recording, results: file.results });
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { run: { done: number; correct: number; headline: { hits: number; count: number } } };
    expect([header.run.done, header.run.correct, header.run.headline.hits, header.run.headline.count]).toEqual([900, 260, 260, 900]);
    expect(readRunFile(text).headerDisagrees).toBeNull();
    const edited = text.replace('"done":900', '"done":826');
    expect(readRunFile(edited).headerDisagrees).toBe("its header says done 826 (its results: 900): the figures shown are the results'");
    expect(readRunFile(edited).run.done).toBe(900);
  });

  it('a run file whose prompt lengths are not whole token counts is refused naming run.config.lengths (issue 70)', () => {
    const text = readFileSync(join(EXAMPLES, 'recordings/qwen0.5b/position.run.jsonl'), 'utf8');
    const at = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, at)) as { run: { config: { lengths: unknown } } };
    for (const lengths of [[-5, 'x'], ['x'], [1024.5]]) {
      header.run.config.lengths = lengths;
      expect(() => readRunFile(JSON.stringify(header) + text.slice(at)), JSON.stringify(lengths)).toThrow(/run\.config\.lengths/);
    }
  });

  it('a robustness run file whose expansion threshold is not a number from 0 to 1 is refused naming run.config.expansion.threshold (issue 70)', () => {
    const path = join(EXAMPLES, 'recordings/qwen0.5b/robustness-200.run.jsonl');
    const text = readFileSync(path, 'utf8');
    const at = text.indexOf('\n');
    // a version-1 file: the suite's configuration under its own key, read into `config` (store/run-shape.ts)
    const header = JSON.parse(text.slice(0, at)) as { run: { suite: string; robustness: { expansion: { threshold: unknown } } } };
    expect(header.run.suite).toBe('robustness');
    for (const threshold of ['x', 1.5, -0.1, null]) {
      header.run.robustness.expansion.threshold = threshold;
      expect(() => readRunFile(JSON.stringify(header) + text.slice(at)), JSON.stringify(threshold)).toThrow(/run\.config\.expansion\.threshold/);
    }
    header.run.robustness.expansion.threshold = 0.75;
    expect(readRunFile(JSON.stringify(header) + text.slice(at)).run.config).toMatchObject({ expansion: { threshold: 0.75 } });
  });

  it.each(runFiles)('%s: equal to its results (a recording still being made is appended to and rewritten when it ends)', (path) => {
    const file = readRunFile(readFileSync(path, 'utf8'), path);
    if (file.run.status !== 'completed') return;
    expect(file.headerDisagrees).toBeNull();
  });
});
