/**
 * `cli wildagteval-simulated`: the simulated API system (functions per domain and per class, complexity
 * assignments, the reference's prompt tokens), the built-in conversations, and the oracle's and
 * the baseline's Table 3 and cumulative ladder, without a browser.
 */
import { accuracyOf, ladder, table3 } from '../../../lib/analysis/wildagteval';
import type { SampleResult } from '../../../lib/core/types';
import { figureRun } from '../figure-run';
import { llama3Counter } from '../../../lib/tokenizers/llama3';
import { COMPLEXITY_LABELS, COMPLEXITY_TYPES, ComplexityConfig, CUMULATIVE_LADDER, NO_COMPLEXITY, switchesOf } from '../../../lib/simulate/api/complexity';
import { DOMAIN_LABELS, DOMAINS } from '../../../lib/simulate/api/define';
import { API_FUNCTIONS, ASSIGNMENTS, apiReference } from '../../../lib/simulate/api/home-system';
import { builtinConversations } from '../../../lib/suites/wildagteval-simulated/conversations';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);

export async function runWildSimulatedFigures(out: (line: string) => void): Promise<void> {
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
  out(`API reference: ${llama3Counter.count(apiReference(NO_COMPLEXITY))} tokens with no complexity, ${llama3Counter.count(apiReference(all))} with every switch on (Llama 3 tokenizer)`);
  const convs = builtinConversations();
  const turns = convs.flatMap((c) => c.turns);
  out(
    `conversations: ${convs.length}, ${turns.length} turns (${(turns.length / convs.length).toFixed(1)} per conversation), ${turns.reduce((n, t) => n + t.calls.length, 0)} gold calls (${(turns.reduce((n, t) => n + t.calls.length, 0) / turns.length).toFixed(1)} per turn); each in two wordings (coreferences, resolved)`,
  );

  const run = async (engine: 'oracle' | 'baseline', flags: readonly string[]): Promise<SampleResult[]> => {
    const start = performance.now();
    const results = await figureRun(engine, ['wildagteval-simulated', ...flags]);
    out(`  (${results.length} episodes in ${((performance.now() - start) / 1000).toFixed(1)} s)`);
    return results;
  };
  const lines: Record<string, string> = {};
  for (const name of ['oracle', 'baseline'] as const) {
    out(`${name}, isolated (Table 3):`);
    const iso = await run(name, ['--mode', 'isolated', '--wordings', 'coref,resolved']);
    const t3 = table3(iso);
    for (const r of t3.rows)
      out(
        `  ${COMPLEXITY_LABELS[r.type as keyof typeof COMPLEXITY_LABELS] ?? r.type}: off ${pct(r.off.accuracy)} → on ${pct(r.on.accuracy)} (${r.pairs} pairs, degradation ${r.degradation === null ? 'n/a' : `${r.degradation.toFixed(1)}%`})${t3.hardest === r.type ? '  ← hardest' : ''}`,
      );
    out(`  average degradation: ${t3.averageDegradation === null ? 'n/a' : `${t3.averageDegradation.toFixed(1)}%`}`);
    for (const e of t3.errors) out(`  error handling, ${COMPLEXITY_LABELS[e.type as keyof typeof COMPLEXITY_LABELS] ?? e.type} in ${e.fn}: ${e.score.toFixed(2)}/5 over ${e.n} (${e.judge})`);
    out(`${name}, cumulative (Figure 4):`);
    const cum = await run(name, ['--mode', 'cumulative']);
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
