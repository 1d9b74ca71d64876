/**
 * `cli api-complexity`: the simulated API system (functions per domain and per class, complexity
 * assignments, the reference's prompt tokens), the built-in conversations, and the oracle's and
 * the baseline's Table 3 and cumulative ladder, without a browser.
 */
import { accuracyOf, ladder, table3 } from '../../lib/analysis/api-complexity';
import { CachedCounter } from '../../lib/context/token-counter';
import type { Engine, SampleResult } from '../../lib/core/types';
import { createBaselineEngine } from '../../lib/engines/baseline';
import { createOracleEngine } from '../../lib/engines/oracle';
import { MemoryResultStore, runSamples } from '../../lib/run/loop';
import { COMPLEXITY_LABELS, COMPLEXITY_TYPES, ComplexityConfig, CUMULATIVE_LADDER, NO_COMPLEXITY, switchesOf } from '../../lib/simulate/api/complexity';
import { DOMAIN_LABELS, DOMAINS } from '../../lib/simulate/api/define';
import { API_FUNCTIONS, ASSIGNMENTS, apiReference } from '../../lib/simulate/api/home-system';
import { builtinConversations } from '../../lib/suites/api-complexity/conversations';
import { type ApiComplexityConfig, apiComplexitySource, DEFAULT_API_COMPLEXITY } from '../../lib/suites/api-complexity/suite';
import { llama3Counter } from '../../lib/tokenizers/llama3';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);

export async function runApiComplexityFigures(out: (line: string) => void): Promise<void> {
  const counter = new CachedCounter(llama3Counter);
  out(`API system: ${API_FUNCTIONS.length} functions in ${DOMAINS.length} domains`);
  out(`  per domain: ${DOMAINS.map((d) => `${DOMAIN_LABELS[d]} ${API_FUNCTIONS.filter((f) => f.domain === d).length}`).join(', ')}`);
  out(
    `  per class: side effects ${API_FUNCTIONS.filter((f) => f.cls === 'side_effect').length}, core queries ${API_FUNCTIONS.filter((f) => f.cls === 'core').length}, supporting queries ${API_FUNCTIONS.filter((f) => f.cls === 'support').length}`,
  );
  for (const t of COMPLEXITY_TYPES)
    out(
      `  ${COMPLEXITY_LABELS[t]}: ${[...ASSIGNMENTS]
        .filter(([, c]) => c[t])
        .map(([f]) => f)
        .join(', ')}`,
    );
  const all = new ComplexityConfig('all', switchesOf(ASSIGNMENTS, COMPLEXITY_TYPES));
  out(`API reference: ${counter.count(apiReference(NO_COMPLEXITY))} tokens with no complexity, ${counter.count(apiReference(all))} with every switch on (Llama 3 tokenizer)`);
  const convs = builtinConversations();
  const turns = convs.flatMap((c) => c.turns);
  out(
    `conversations: ${convs.length}, ${turns.length} turns (${(turns.length / convs.length).toFixed(1)} per conversation), ${turns.reduce((n, t) => n + t.calls.length, 0)} gold calls (${(turns.reduce((n, t) => n + t.calls.length, 0) / turns.length).toFixed(1)} per turn); each in two wordings (coreferences, resolved)`,
  );

  const run = async (engine: Engine, config: ApiComplexityConfig): Promise<SampleResult[]> => {
    const store = new MemoryResultStore();
    const start = performance.now();
    await runSamples({
      runId: 'cli',
      source: apiComplexitySource({ config, counter }),
      engine,
      store,
      request: { maxTokens: 256, temperature: 0 },
      format: 'json',
      signal: new AbortController().signal,
    });
    const results = [...store.results.values()];
    out(`  (${results.length} episodes in ${((performance.now() - start) / 1000).toFixed(1)} s)`);
    return results;
  };
  const lines: Record<string, string> = {};
  for (const [name, engine] of [
    ['oracle', createOracleEngine()],
    ['baseline', createBaselineEngine()],
  ] as const) {
    out(`${name}, isolated (Table 3):`);
    const iso = await run(engine, { ...DEFAULT_API_COMPLEXITY, mode: 'isolated', wordings: ['coref', 'resolved'] });
    const t3 = table3(iso);
    for (const r of t3.rows)
      out(
        `  ${COMPLEXITY_LABELS[r.type as keyof typeof COMPLEXITY_LABELS] ?? r.type}: off ${pct(r.off.accuracy)} → on ${pct(r.on.accuracy)} (${r.pairs} pairs, degradation ${r.degradation === null ? 'n/a' : `${r.degradation.toFixed(1)}%`})${t3.hardest === r.type ? '  ← hardest' : ''}`,
      );
    out(`  average degradation: ${t3.averageDegradation === null ? 'n/a' : `${t3.averageDegradation.toFixed(1)}%`}`);
    for (const e of t3.errors) out(`  error handling, ${COMPLEXITY_LABELS[e.type as keyof typeof COMPLEXITY_LABELS] ?? e.type} in ${e.fn}: ${e.score.toFixed(2)}/5 over ${e.n} (${e.judge})`);
    out(`${name}, cumulative (Figure 4):`);
    const cum = await run(engine, { ...DEFAULT_API_COMPLEXITY, mode: 'cumulative' });
    for (const r of ladder(
      cum,
      CUMULATIVE_LADDER.map((x) => x.name),
    ))
      out(`  ${r.rung}: ${pct(r.acc.accuracy)} of ${r.acc.turns} turns; episodes all-correct ${pct(r.acc.successRate)}`);
    const isoAcc = accuracyOf(iso.filter((r) => !r.score.api?.errorHandling)).accuracy;
    lines[name] = `isolated ${pct(isoAcc)}, cumulative ${pct(accuracyOf(cum).accuracy)}`;
  }
  out(`baseline API call accuracy: ${lines.baseline}`);
  out(`oracle API call accuracy: ${lines.oracle}`);
}
