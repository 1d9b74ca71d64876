/**
 * `cli composition`: the simulated catalog (tools per category, tools the
 * tasks use), the generated tasks (per level: steps, patterns, categories),
 * and the oracle's and the baseline's Table 1 rows, single-turn over the whole
 * catalog and multi-turn, without a browser.
 */
import { buildCompositionPack } from '../../../../datasets/composition/build';
import { compositionReport, errorsByLevel, scoredTasksOf } from '../../../lib/analysis/composition';
import type { SampleResult } from '../../../lib/core/types';
import { figureRun } from '../figure-run';
import { LEVELS } from '../../../lib/core/expected';
import { dagShape } from '../../../lib/scoring/dag-shape';
import { CATEGORY_LABELS } from '../../../lib/simulate/composition/categories';
import { SIM_TOOLS } from '../../../lib/simulate/composition';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const tally = (xs: readonly (string | number)[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(String(x), (m.get(String(x)) ?? 0) + 1);
  return [...m.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
};

export async function runCompositionFigures(out: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  const pack = buildCompositionPack();
  const tasks = pack.tasks ?? [];
  out(`built the composition pack in ${(performance.now() - t0).toFixed(0)} ms: ${SIM_TOOLS.length} tools, ${tasks.length} tasks`);
  out(
    `tools per category: ${Object.entries(CATEGORY_LABELS)
      .map(([c, label]) => `${label} ${SIM_TOOLS.filter((t) => t.category === c).length}`)
      .join(', ')}`,
  );
  out(`computed ${SIM_TOOLS.filter((t) => !t.external).length}, simulated services ${SIM_TOOLS.filter((t) => t.external).length}`);
  const used = new Set(tasks.flatMap((t) => t.steps.map((s) => s.toolName)));
  out(`tools used by some task: ${used.size}; distractors only: ${SIM_TOOLS.length - used.size}; mean steps per task ${(tasks.reduce((n, t) => n + t.steps.length, 0) / tasks.length).toFixed(2)}`);
  for (const l of LEVELS) {
    const of = tasks.filter((t) => t.level === l);
    out(
      `${l}: ${of.length} tasks · steps ${tally(of.map((t) => dagShape(t).steps))} · patterns ${tally(of.map((t) => t.pattern ?? ''))} · tools ${new Set(of.flatMap((t) => t.steps.map((s) => s.toolName))).size}`,
    );
  }
  const run = async (engine: 'oracle' | 'baseline', flags: readonly string[]): Promise<SampleResult[]> => {
    const start = performance.now();
    const results = await figureRun(engine, ['composition', ...flags], [pack]);
    const tokens = results.map((r) => r.usage?.promptTokens ?? 0).sort((a, b) => a - b);
    out(`  (${results.length} samples in ${((performance.now() - start) / 1000).toFixed(1)} s; prompt tokens median ${tokens[tokens.length >> 1]}, max ${tokens.at(-1)})`);
    return results;
  };
  const row = (name: string, results: SampleResult[]) => {
    const scored = scoredTasksOf(results);
    const r = compositionReport(scored);
    out(
      `${name}: ${LEVELS.map((l) => `${l.slice(0, 2)} ${pct(r.perLevelAccuracy[l])}`).join(' · ')} · overall ${pct(r.overallAccuracy)} · Δ ${((r.perLevelAccuracy.L0_node - r.perLevelAccuracy.L3_dag) * 100).toFixed(1)} · composed − L0 ${(r.selectionGap.composedMinusL0 * 100).toFixed(1)} pp${r.selectionGap.present ? ' (Selection Gap)' : ''}`,
    );
    const errors = errorsByLevel(scored);
    out(
      `  errors by level: ${LEVELS.map(
        (l) =>
          `${l.slice(0, 2)} {${Object.entries(errors[l])
            .map(([k, v]) => `${k.split('_')[0]} ${pct(v ?? 0)}`)
            .join(', ')}}`,
      ).join(' ')}`,
    );
  };
  row('oracle, single-turn, whole catalog', await run('oracle', []));
  row('oracle, multi-turn, +10 distractors', await run('oracle', ['--protocol', 'multi-turn', '--distractors', '10']));
  row('baseline, single-turn, whole catalog', await run('baseline', []));
  row('baseline, single-turn, +3 distractors', await run('baseline', ['--distractors', '3']));
  row('baseline, multi-turn, whole catalog', await run('baseline', ['--protocol', 'multi-turn']));
}
