/**
 * The soak (issue 73): the runner at 64 requests in flight over three fake OpenAI-compatible servers
 * that fail a share of requests (500, 429 with Retry-After, dropped connections, stalls), killed once
 * and resumed, one server down for 3 s, and a last sitting with no failures — over 20,000 samples.
 * Prints samples lost, duplicated and left as engine errors, the runner's peak RSS per sitting and
 * each server's share of the requests. `npm run bench:soak [-- SAMPLES [CONCURRENCY]]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSoak } from '../harness/soak';

const samples = Number(process.argv[2] ?? 20_000);
const concurrency = Number(process.argv[3] ?? 64);
const dir = mkdtempSync(join(tmpdir(), 'fc-bench-soak-'));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
try {
  console.log(
    `soak: ${samples.toLocaleString('en-US')} catalog samples at ${concurrency} in flight over 3 fake servers (answers in 300, 300 and 600 ms; failing 2% with 500, 2% with 429 Retry-After 1 s, 1% dropped, 0.2% stalled past a 5 s first-byte bound)`,
  );
  const t0 = performance.now();
  const f = await runSoak({ samples, concurrency, out: join(dir, 'soak.run.jsonl'), log: (l) => console.log(`  ${l}`) });
  console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s in all`);
  console.log(
    `  samples ${f.samples.toLocaleString('en-US')}: lost ${f.lost}, duplicated ${f.duplicated}, engine errors left ${f.engineErrorsLeft} (the last sitting asked ${f.askedInLast} requests for the ${f.engineErrorsBeforeLast} engine errors before it); header figures agree with the lines: ${f.headerAgrees}`,
  );
  console.log(
    `  failures served: ${Object.entries(f.failures)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(`  peak RSS per sitting: ${f.sittings.map((s) => `${s.peakRssMb} MB`).join(', ')}`);
  console.log(
    `  requests per server: ${f.requests.join(', ')} — shares ${f.shares.map(pct).join(', ')}; least in flight at full load gives ${f.expectedShares.map(pct).join(', ')} (the second was down 3 s)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
