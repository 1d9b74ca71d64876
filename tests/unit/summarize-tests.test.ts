/**
 * `npm test`'s closing summary (scripts/summarize-tests.mjs): the counts CI decides on, and where the
 * minutes went — each tier's wall time and the slowest tests — read from the runners' JSON reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'fc-summary-'));
const write = (name: string, report: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

const unit = write('unit.json', {
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 1,
  numTotalTests: 4,
  startTime: 1_000_000,
  testResults: [
    { name: join(process.cwd(), 'tests/unit/a.test.ts'), startTime: 1_000_000, endTime: 1_030_000 },
    { name: join(process.cwd(), 'tests/unit/b.test.ts'), startTime: 1_000_000, endTime: 1_090_000 },
  ],
});
const app = write('e2e-app.json', {
  stats: { expected: 2, unexpected: 0, skipped: 0, duration: 600_000 },
  errors: [],
  suites: [
    {
      file: 'gallery.spec.ts',
      specs: [{ title: 'opens a recording', tests: [{ results: [{ duration: 240_000 }] }] }],
      suites: [{ specs: [{ title: 'nested', tests: [{ results: [{ duration: 12_000 }] }] }] }],
    },
  ],
});

function summarize(...files: string[]) {
  const r = spawnSync(process.execPath, ['scripts/summarize-tests.mjs', ...files], { encoding: 'utf8' });
  return { status: r.status, lines: r.stdout.trim().split('\n') };
}

describe('the test summary', () => {
  it('gives each tier its tests and wall time, the slowest first, and the counts last', () => {
    const { status, lines } = summarize(unit, app);
    expect(status).toBe(0);
    expect(lines.at(-1)).toBe('tests: 5 passed, 0 failed, 1 skipped');
    expect(lines.find((l) => l.includes('unit '))).toMatch(/unit\s+4 tests in\s+2 files\s+1\.5 min/);
    expect(lines.find((l) => l.includes('e2e-app '))).toMatch(/e2e-app\s+2 tests in\s+1 files\s+10\.0 min/);
    const slowest = lines.slice(lines.findIndex((l) => l.startsWith('the 10 slowest')) + 1, -1);
    expect(slowest.map((l) => l.trim().replace(/\s+/g, ' '))).toEqual([
      '4.0 min e2e-app gallery.spec.ts: opens a recording',
      '1.5 min unit tests/unit/b.test.ts',
      '0.5 min unit tests/unit/a.test.ts',
      '0.2 min e2e-app gallery.spec.ts: nested',
    ]);
  });

  it('fails when a runner left no report, naming it', () => {
    const { status, lines } = summarize(unit, join(dir, 'e2e-gpu.json'));
    expect(status).toBe(1);
    expect(lines[0]).toBe(`${join(dir, 'e2e-gpu.json')}: missing (that runner did not finish)`);
    expect(lines.at(-1)).toBe('tests: 3 passed, 1 failed, 1 skipped');
  });
});
