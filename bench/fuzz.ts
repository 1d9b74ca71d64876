/**
 * `npm run fuzz`: the full adversarial campaign (100,000 inputs by default, seeded) through
 * every parser and renderer; figures per family, then the same summary line as `cli fuzz-check`.
 * Usage: npm run fuzz [-- --count N --seed S]
 */
import { CHECKED_FORMATS, checkOutputSteady, SLOW_MS, summarize, summaryLine, type FormatCheck, warmUp } from '../src/cli/output-check';
import { adversarialOutputs } from '../tests/helpers/adversarial-outputs';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const count = arg('count', 100_000);
const seed = arg('seed', 1);

const byFamily = new Map<string, FormatCheck[][]>();
const all: FormatCheck[][] = [];
warmUp();
const started = performance.now();
for (const { family, text } of adversarialOutputs(seed, count)) {
  const checks = checkOutputSteady(text);
  for (const c of checks) if (c.threw || c.ms > SLOW_MS) console.log(`${family} (${c.format}, ${text.length} chars${c.threw ? `, threw ${c.threw}` : ''}, ${Math.round(c.ms)} ms): ${JSON.stringify(text.slice(0, 80))}`);
  all.push(checks);
  const list = byFamily.get(family) ?? [];
  list.push(checks);
  byFamily.set(family, list);
}
console.log(`seed ${seed}, ${count} inputs × ${CHECKED_FORMATS.length} readers (${CHECKED_FORMATS.join(', ')}), ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const [family, checks] of byFamily) console.log(`  ${family.padEnd(20)} ${summaryLine(summarize(checks))}`);
console.log(summaryLine(summarize(all)));
