/**
 * The soak at small scale (issue 73; `npm run bench:soak` holds 20,000 samples): the runner, killed
 * once and resumed, at 32 requests in flight over three fake servers failing a share of requests, one
 * of which goes down and comes back, loses and duplicates nothing, and re-asks every engine error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../harness/soak';

const dir = mkdtempSync(join(tmpdir(), 'fc-soak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the runner under load with failures, kills and a server going down', () => {
  it('loses nothing, duplicates nothing, re-asks every engine error, and sends the slow server the least', async () => {
    const f = await runSoak({ samples: 300, concurrency: 32, out: join(dir, 'soak.run.jsonl'), failures: { http500: 0.03, http429: 0.03, drop: 0.02, stall: 0.01 } });
    expect(f.sittings[0]?.ended).toBe('killed');
    expect(f.sittings.length).toBeGreaterThanOrEqual(3);
    expect(f.lost).toBe(0);
    expect(f.duplicated).toBe(0);
    expect(f.engineErrorsLeft).toBe(0);
    // the last sitting, with no failures, asked exactly the samples that had ended in an engine error
    expect(f.askedInLast).toBe(f.engineErrorsBeforeLast);
    expect(f.headerAgrees).toBe(true);
    expect(f.failures.http500 + f.failures.http429 + f.failures.drop).toBeGreaterThan(0);
    // least in flight: the server that takes twice as long gets the smallest share
    const [a, b, slow] = f.shares as [number, number, number];
    expect(slow).toBeLessThan(Math.max(a, b));
  }, 300_000);
});
