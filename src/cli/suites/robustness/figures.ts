/**
 * `cli robustness [questions.json possible_answer.json]`: what the rephrasing rules
 * and the toolkit expansion do to a base set (the built-in catalog, or a BFCL file
 * pair), and the baseline engine's Table 2 on it — figures without a browser.
 */
import { readFileSync } from 'node:fs';
import { buildCatalogPack } from '../../../../datasets/catalog/build';
import { robustnessTable } from '../../../lib/analysis/robustness';
import type { Pack } from '../../../lib/core/types';
import { readBfclPack } from '../../../lib/formats/bfcl';
import { robustnessCoverage } from '../../../lib/suites/robustness/suite';
import { DEFAULT_ROBUSTNESS } from '../../../lib/suites/robustness/config';
import { figureRun } from '../figure-run';

export async function runRobustnessFigures(files: string[], out: (line: string) => void): Promise<void> {
  const [questions, answers] = files;
  const pack: Pack = questions && answers ? readBfclPack({ name: questions, questions: readFileSync(questions, 'utf8'), answers: readFileSync(answers, 'utf8') }) : buildCatalogPack();
  const config = DEFAULT_ROBUSTNESS;
  const c = robustnessCoverage([pack], config);
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  out(`base set: ${c.requests} requests of ${pack.name} (seed ${config.seed})`);
  for (const p of c.perturbations) out(`  rule ${p.id}: applies to ${pct(p.share)}`);
  out(`  no rule applies: ${c.unchanged}`);
  out(
    `expansion (+${config.expansion.added}, similarity ≤ ${config.expansion.threshold}): toolkits ${c.meanToolkitBefore.toFixed(2)} → ${c.meanToolkitAfter.toFixed(2)} tools; requests with 0/1/2/… added: ${c.addedHistogram.join(' / ')}; ${c.tooSimilar} candidates left out as too similar`,
  );
  const t = robustnessTable(await figureRun('baseline', ['robustness'], [pack]));
  out('baseline engine (BM25 + patterns), strict / lenient:');
  for (const r of t.rows) out(`  ${r.variant}: ${pct(r.accuracy)} / ${pct(r.lenientAccuracy)}${r.drop === null ? '' : ` (drop ${r.drop.toFixed(1)}% / ${r.lenientDrop?.toFixed(1) ?? '—'}%)`}`);
  const e = t.expandedErrors;
  if (e)
    out(`  expanded failures (${e.failures}): syntax ${pct(e.wrongSyntax)}, function ${pct(e.wrongFunction)}, count ${pct(e.wrongCount)}, parameters ${pct(e.wrongParameter)}, other ${pct(e.other)}`);
  out(
    `  share of the rephrasing drop removed by lenient matching: ${t.evaluationShare === null ? '—' : pct(t.evaluationShare)}; repaired by expansion ${t.repaired.length}, broken ${t.broken.length}`,
  );
}
