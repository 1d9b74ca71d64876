/**
 * The runner under load with failures mixed in (issue 73): the headless runner, as its own process,
 * at high concurrency over three fake servers that fail a share of requests (500, 429 with
 * Retry-After, dropped connections, stalls past the first-byte bound); the runner is killed
 * (SIGKILL) part way and resumed, one server goes down and comes back, and once the run is whole
 * the failures stop and a last sitting re-asks every sample that ended in an engine error. What it
 * returns is what the file and the servers say: samples lost, duplicated, left as engine errors,
 * the runner's peak RSS per sitting, and each server's share of the requests beside the share the
 * least-in-flight rule gives servers of those speeds. Shared by `npm run bench:soak` (20,000
 * samples) and tests/unit/soak.test.ts (a few hundred).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRunFile } from '../src/lib/store/run-file';
import { type FailureKind, type FakeServer, startFakeServer } from './fake-openai-server';

export interface SoakOptions {
  samples: number;
  concurrency: number;
  /** the run file (a fresh path) */
  out: string;
  /** each server's answer time in ms: the third slower, so least-in-flight gives it less */
  delaysMs?: readonly [number, number, number];
  failures?: Partial<Record<FailureKind, number>>;
  log?: (line: string) => void;
}

export interface Sitting {
  /** what ended it: the runner's exit code, or `killed` */
  ended: number | 'killed';
  /** results in the file after it */
  results: number;
  engineErrors: number;
  peakRssMb: number;
}

export interface SoakFigures {
  samples: number;
  sittings: Sitting[];
  /** planned samples with no result in the final file */
  lost: number;
  /** result lines for a sample already written, in the final file */
  duplicated: number;
  /** engine errors in the file before the last sitting, the requests that sitting made, and the errors left after it */
  engineErrorsBeforeLast: number;
  askedInLast: number;
  engineErrorsLeft: number;
  /** chat completions each server received, and its share beside the least-in-flight rule's */
  requests: number[];
  shares: number[];
  expectedShares: number[];
  failures: Record<FailureKind, number>;
  headerAgrees: boolean;
}

const ROOT = join(import.meta.dirname, '..');
const POSITIONS = '0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1';
/** three short lengths: the built-in catalog's requests fill 30 cells past 20,000 samples */
const LENGTHS = '256,288,320';
const CELLS = POSITIONS.split(',').length * LENGTHS.split(',').length;

const perCellOf = (samples: number) => Math.ceil(samples / CELLS);

function runnerArgs(o: SoakOptions, servers: readonly FakeServer[]): string[] {
  const perCell = perCellOf(o.samples);
  return [
    '--import',
    'tsx',
    join(ROOT, 'src/cli/eval/eval.ts'),
    'catalog',
    '--engine',
    'openai',
    ...servers.flatMap((s) => ['--base-url', s.baseUrl]),
    '--model',
    'fake-model',
    '--lengths',
    LENGTHS,
    '--positions',
    POSITIONS,
    '--per-cell',
    String(perCell),
    '--max-tokens',
    '16',
    '--concurrency',
    String(o.concurrency),
    '--retries',
    '4',
    // a stall fails its sample after 5 s (a stalled answer is not retried: it is asked again on resume)
    '--first-byte-timeout',
    '5',
    '--out',
    o.out,
  ];
}

function resultLines(path: string): { ids: string[]; engineErrors: number } {
  if (!existsSync(path)) return { ids: [], engineErrors: 0 };
  const ids: string[] = [];
  let engineErrors = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.startsWith('{"result"')) continue;
    try {
      const r = (JSON.parse(line) as { result: { sampleId: string; error: { kind: string } | null } }).result;
      ids.push(r.sampleId);
      if (r.error?.kind === 'engine_error') engineErrors++;
    } catch {
      // a torn last line of a killed sitting: the runner drops it on resume
    }
  }
  return { ids, engineErrors };
}

/** The runner rewrites the file with its final status once every sample has a result. */
const completed = (path: string): boolean => existsSync(path) && /"status":"completed"/.test(readFileSync(path, 'utf8').slice(0, 4000));

/** One sitting of the runner; `until` may kill it early (it is asked each 200 ms with the file's result count). */
function sitting(args: string[], out: string, until: (results: number) => 'kill' | 'go' | Promise<void>, log: (l: string) => void): Promise<Sitting> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let peakKb = 0;
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-4000)));
    child.stderr.resume();
    let killed = false;
    const busy = new Set<Promise<void>>();
    const timer = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // gone already
      }
      if (killed || busy.size > 0) return;
      const what = until(resultLines(out).ids.length);
      if (what === 'kill') {
        killed = true;
        child.kill('SIGKILL');
      } else if (what !== 'go') {
        busy.add(what);
        void what.finally(() => busy.delete(what));
      }
    }, 200);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const lines = resultLines(out);
      if (!killed && code !== 0) log(`  the runner exited ${code}: ${stdout.trim().split('\n').slice(-2).join(' / ')}`);
      resolve({ ended: killed ? 'killed' : (code ?? -1), results: lines.ids.length, engineErrors: lines.engineErrors, peakRssMb: Math.round(peakKb / 1024) });
    });
  });
}

export async function runSoak(o: SoakOptions): Promise<SoakFigures> {
  const log = o.log ?? (() => {});
  const delays = o.delaysMs ?? [300, 300, 600];
  const failures = o.failures ?? { http500: 0.02, http429: 0.02, drop: 0.01, stall: 0.002 };
  const servers = await Promise.all(delays.map((delayMs, i) => startFakeServer({ delayMs, failures, seed: i + 1 })));
  const args = runnerArgs(o, servers);
  const sittings: Sitting[] = [];
  const note = (s: Sitting, what: string) => {
    sittings.push(s);
    log(`sitting ${sittings.length} (${what}): ${s.ended === 'killed' ? 'killed' : `exit ${s.ended}`}, ${s.results} results in the file, ${s.engineErrors} engine errors, peak RSS ${s.peakRssMb} MB`);
  };
  try {
    // 1: killed once a quarter is written
    note(await sitting(args, o.out, (n) => (n >= o.samples / 4 ? 'kill' : 'go'), log), 'killed at a quarter');
    // 2…: resumed; once half is written, the second server goes down for 3 s
    let wentDown = false;
    let noted = false;
    for (let i = 0; i < 6 && !completed(o.out); i++) {
      const s = await sitting(
        args,
        o.out,
        (n) => {
          if (wentDown || n < o.samples / 2) return 'go';
          wentDown = true;
          const server = servers[1] as FakeServer;
          return server
            .down()
            .then(() => new Promise((r) => setTimeout(r, 3000)))
            .then(() => server.up());
        },
        log,
      );
      note(s, wentDown && !noted ? 'resumed; a server went down for 3 s and came back' : 'resumed');
      noted = wentDown;
    }
    const before = resultLines(o.out);
    const requestsBefore = servers.reduce((a, s) => a + s.counts.requests, 0);
    // the last: no more failures; every engine error left is asked again
    for (const s of servers) s.setFailures({});
    note(await sitting(args, o.out, () => 'go', log), 'no failures: engine errors re-asked');
    const askedInLast = servers.reduce((a, s) => a + s.counts.requests, 0) - requestsBefore;
    const last = resultLines(o.out);
    const unique = new Set(last.ids);
    const file = readRunFile(readFileSync(o.out, 'utf8'));
    // the plan as the run recorded it (a cell holds at most as many samples as the catalog has requests)
    const planned = file.run.total;
    const requests = servers.map((s) => s.counts.requests);
    const total = requests.reduce((a, b) => a + b, 0);
    // least in flight keeps each server's queue alike, so each answers in proportion to its speed
    const speed = delays.map((d) => 1 / d);
    const speedSum = speed.reduce((a, b) => a + b, 0);
    const failed = { http500: 0, http429: 0, drop: 0, stall: 0 };
    for (const s of servers) for (const k of Object.keys(failed) as FailureKind[]) failed[k] += s.counts.failed[k];
    return {
      samples: planned,
      sittings,
      lost: planned - new Set(file.results.map((r) => r.sampleId)).size,
      duplicated: last.ids.length - unique.size,
      engineErrorsBeforeLast: before.engineErrors,
      askedInLast,
      engineErrorsLeft: last.engineErrors,
      requests,
      shares: requests.map((r) => r / total),
      expectedShares: speed.map((v) => v / speedSum),
      failures: failed,
      headerAgrees: !file.headerDisagrees,
    };
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}
