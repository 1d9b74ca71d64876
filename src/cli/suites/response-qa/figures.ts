/**
 * `cli longfunceval`: statistics of the built-in travel packs as the suites use
 * them (questions per endpoint and category, nesting depths, conversation
 * lengths) and the baseline's numbers on a small sweep of each challenge.
 */
import { buildResponsesPack } from '../../../../datasets/travel/build';
import { accuracyBy, byFacet, qaCurves, settingsTable } from '../../../lib/analysis/long-context';
import { QA_TEMPLATES } from '../../../lib/suites/response-qa/templates';
import { figureRun } from '../figure-run';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

export async function runLongFuncEvalFigures(out: (line: string) => void): Promise<void> {
  const responses = buildResponsesPack();

  out('templates per endpoint (extraction / filtering / aggregation; record-anchored of them):');
  for (const set of responses.responses ?? []) {
    const ts = QA_TEMPLATES.filter((t) => t.endpoint === set.endpoint);
    const n = (c: string) => ts.filter((t) => t.category === c).length;
    out(
      `  ${set.endpoint}: ${ts.length} (${n('extraction')} / ${n('filtering')} / ${n('aggregation')}; ${ts.filter((t) => t.scope === 'record').length} record-anchored), ${set.records.length} records`,
    );
  }

  // the paper's dataset size: 566 questions; here 4 sizes × 142 questions of the size experiment at p = 1
  const t = performance.now();
  const results = await figureRun('baseline', ['response-qa', '--lengths', '1K,2K,4K,8K', '--positions', '1,2,3,4,5,6,7,8', '--per-cell', '40', '--seed', '42']);
  out(`response QA, seed 42, 1K–8K × 40 + p 1–8 × 40 at 8K: ${results.length} questions built and answered by the baseline in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const count = (key: string) =>
    accuracyBy(results, byFacet(key))
      .map((g) => `${g.key} ${g.n}`)
      .join(', ');
  out(`  by endpoint: ${count('endpoint')}`);
  out(`  by category: ${count('category')}`);
  out(`  by nesting depth: ${count('depth')}`);
  const { bySize, byPosition } = qaCurves(results);
  out(`  baseline (key lookup) by size: ${bySize.map((g) => `${g.key} ${pct(g.accuracy)}`).join(', ')}`);
  out(`  baseline by position at 8K: ${byPosition.map((g) => `p${g.key} ${pct(g.accuracy)}`).join(', ')}`);
  out(
    `  baseline by category: ${accuracyBy(results, byFacet('category'))
      .map((g) => `${g.key} ${pct(g.accuracy)} (contains ${pct(g.containsAccuracy)})`)
      .join(', ')}`,
  );

  const mtResults = await figureRun('baseline', ['multiturn', '--lengths', '2K,4K,8K,16K', '--settings', 'prose,structured', '--count', '100', '--seed', '42']);
  const facts = accuracyBy(
    mtResults.filter((r) => r.cell.length === 2048 && r.cell.variant === 'prose'),
    byFacet('fact'),
  );
  out(`conversations, seed 42, 100 base conversations × 2 settings × 2K–16K: ${mtResults.length} samples; facts: ${facts.map((g) => `${g.key} ${g.n}`).join(', ')}`);
  for (const length of [2048, 4096, 8192, 16384]) {
    const turns = mtResults.filter((r) => r.cell.length === length).map((r) => Number(r.facets?.turns));
    out(`  ${length} tokens: ${Math.min(...turns)}–${Math.max(...turns)} messages (median ${[...turns].sort((a, b) => a - b)[turns.length >> 1]})`);
  }
  const table = settingsTable(mtResults);
  for (const row of table.rows) out(`  baseline ${row.setting}: ${row.cells.map((c) => `${c.key} ${pct(c.accuracy)}`).join(', ')}`);
}
