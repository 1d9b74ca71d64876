/**
 * `npm run fuzz`: the full adversarial campaign (100,000 inputs by default, seeded) through
 * every parser and renderer; figures per family, then the same summary line as `cli fuzz-check`.
 * Then corrupted pack imports (bench/import-fuzz.ts): stored exactly / refused / altered.
 * Usage: npm run fuzz [-- --count N --seed S --imports N]
 */
import { CHECKED_FORMATS, checkOutputSteady, SLOW_MS, summarize, summaryLine, type FormatCheck, warmUp } from '../src/cli/checks/output-check';
import { adversarialOutputs } from '../harness/adversarial-outputs';
import { importFuzz } from '../harness/import-fuzz';

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
  for (const c of checks)
    if (c.threw || c.ms > SLOW_MS) console.log(`${family} (${c.format}, ${text.length} chars${c.threw ? `, threw ${c.threw}` : ''}, ${Math.round(c.ms)} ms): ${JSON.stringify(text.slice(0, 80))}`);
  all.push(checks);
  const list = byFamily.get(family) ?? [];
  list.push(checks);
  byFamily.set(family, list);
}
console.log(`seed ${seed}, ${count} inputs × ${CHECKED_FORMATS.length} readers (${CHECKED_FORMATS.join(', ')}), ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const [family, checks] of byFamily) console.log(`  ${family.padEnd(20)} ${summaryLine(summarize(checks))}`);
console.log(summaryLine(summarize(all)));

// corrupted pack imports: each stored exactly or refused, never altered
const imports = arg('imports', 1500);
const t0 = performance.now();
const figures = await importFuzz(imports, seed, (line) => console.log(line.slice(0, 300)));
const total = { exact: 0, refused: 0, altered: 0 };
for (const [kind, f] of Object.entries(figures)) {
  console.log(`  ${kind.padEnd(20)} stored exactly ${f.exact}, refused ${f.refused}, altered ${f.altered}`);
  total.exact += f.exact;
  total.refused += f.refused;
  total.altered += f.altered;
}
console.log(
  `imports: ${imports} corrupted BFCL imports (question file + possible answers), ${((performance.now() - t0) / 1000).toFixed(1)} s: stored exactly ${total.exact}, refused ${total.refused}, altered ${total.altered}`,
);
