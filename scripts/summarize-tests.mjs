// Sums the Vitest and Playwright JSON reports into where the minutes went (each tier's tests and
// time, the slowest tests) and one closing line "tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const SLOWEST = 10;

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {{ tier: string, tests: number, wallS: number, files: number }[]} */
const tiers = [];
/** @type {{ tier: string, title: string, s: number }[]} */
const timed = [];

const minutes = (s) => `${(s / 60).toFixed(1)} min`;
const tierOf = (file) => basename(file).replace(/\.json$/, '');

/** Playwright's suites nest: every test of every spec, with its file. */
function playwrightTests(suites, file = '') {
  const out = [];
  for (const suite of suites ?? []) {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const s = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        out.push({ title: `${here}: ${spec.title}`, s });
      }
    }
    out.push(...playwrightTests(suite.suites, here));
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (that runner did not finish)`);
    failed++;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const tier = tierOf(file);
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    const files = r.testResults ?? [];
    const end = Math.max(r.startTime ?? 0, ...files.map((f) => f.endTime ?? 0));
    tiers.push({ tier, tests: r.numTotalTests ?? r.numPassedTests + r.numFailedTests, wallS: r.startTime ? (end - r.startTime) / 1000 : 0, files: files.length });
    // a Vitest file's time is its tests' and its setup's: the file is the unit one waits for
    for (const f of files) timed.push({ tier, title: relative(process.cwd(), f.name ?? '?'), s: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 });
  } else if (r.stats) {
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
    // a run that could not start (its web server's port taken, a config error) ran no test: that is a failure too
    if (r.errors?.length) {
      console.log(`${file}: ${r.errors.length} error(s) outside any test: ${String(r.errors[0].message ?? '').slice(0, 200)}`);
      failed += r.errors.length;
    }
    const tests = playwrightTests(r.suites);
    tiers.push({ tier, tests: tests.length, wallS: (r.stats.duration ?? 0) / 1000, files: new Set(tests.map((t) => t.title.split(': ')[0])).size });
    for (const t of tests) timed.push({ tier, ...t });
  }
}

if (tiers.length > 0) {
  console.log('where the time went (each tier from its own report; the server tier runs beside the app tier):');
  for (const t of tiers) console.log(`  ${t.tier.padEnd(10)} ${String(t.tests).padStart(4)} tests in ${String(t.files).padStart(3)} files  ${minutes(t.wallS).padStart(9)}`);
  console.log(`the ${SLOWEST} slowest (a Vitest file, or a Playwright test):`);
  for (const t of timed.sort((a, b) => b.s - a.s).slice(0, SLOWEST)) console.log(`  ${minutes(t.s).padStart(9)}  ${t.tier.padEnd(10)} ${t.title.slice(0, 110)}`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
