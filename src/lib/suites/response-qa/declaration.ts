/** LongFuncEval's challenge 2, questions about long tool responses, as the registry knows it. */
import { formatTokens } from '../../analysis/format';
import { noSweep, sortedNumbers, type SuiteDeclaration } from '../declaration';
import { seedField } from '../number-fields';
import { cellsOf, DEFAULT_RESPONSE_QA } from './config';

export const responseQaSuite: SuiteDeclaration = {
  id: 'response-qa',
  label: 'Long tool responses (LongFuncEval challenge 2)',
  hint: 'questions about one long, nested JSON response: does accuracy hold as it grows, and is the end read better than the start?',
  defaultPacks: ['builtin-travel-responses'],
  packs: { holds: 'responses', legend: 'Packs (the tool responses asked about)' },
  format: 'bfcl-python',
  headline: { label: 'accuracy (exact)', measure: 'correct', beside: 'contains' },
  columns: { tokens: true, position: 'p' },
  maxTokens: { default: 256, max: 2048 },
  constrain: null,
  nativeCalls: () => false,
  lengths: (run) => run.responseQa?.lengths ?? [],
  name: (run) =>
    `response QA · ${sortedNumbers(run.responseQa?.lengths ?? [])
      .map(formatTokens)
      .join('/')}`,
  configure: (s) => {
    const qa = s.responseQa;
    return { suite: 'response-qa', packIds: [...s.selectedPacks], sweep: noSweep(qa.samplesPerCell, qa.seed, sortedNumbers(qa.lengths), qa.positions), responseQa: qa };
  },
  flags: ['lengths', 'positions', 'per-cell'],
  fromFlags(f) {
    const positions = f.list('positions')?.map((x) => {
      const p = Number(x);
      if (!Number.isInteger(p) || p < 1 || p > 1000) f.fail(`--positions: "${x}" must be a whole number from 1 to 1000 (the record holding the answer)`);
      return p;
    });
    const qa = {
      ...DEFAULT_RESPONSE_QA,
      lengths: f.lengths ?? DEFAULT_RESPONSE_QA.lengths,
      positions: positions ?? DEFAULT_RESPONSE_QA.positions,
      samplesPerCell: f.perCell ?? DEFAULT_RESPONSE_QA.samplesPerCell,
      seed: f.seed ?? DEFAULT_RESPONSE_QA.seed,
    };
    return { suite: 'response-qa', packIds: [...responseQaSuite.defaultPacks], sweep: noSweep(qa.samplesPerCell, qa.seed, qa.lengths, qa.positions), responseQa: qa };
  },
  size(s) {
    const cells = cellsOf(s.responseQa);
    return { samples: cells.length * s.responseQa.samplesPerCell, promptTokens: cells.reduce((n, c) => n + c.length * s.responseQa.samplesPerCell, 0) };
  },
  needs(s) {
    const qa = s.responseQa;
    return [
      ...(qa.lengths.length === 0 ? ['choose a response length'] : []),
      ...(qa.experiments.length === 0 ? ['choose an experiment'] : []),
      ...(qa.experiments.includes('position') && qa.positions.length === 0 ? ['choose a record position'] : []),
    ];
  },
  numberFields: (s) => [{ label: 'Questions per cell', value: s.responseQa.samplesPerCell, min: 1, max: 500 }, seedField(s.responseQa.seed)],
  textReport: () => import('./text-report').then((m) => m.textReport),
};
