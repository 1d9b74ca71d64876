/** LongFuncEval's challenge 2, questions about long tool responses, as the registry knows it. */
import { formatTokens } from '../../analysis/format';
import { sortedNumbers, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, lengthsSetting, seedSetting } from '../settings';
import { cellsOf, DEFAULT_RESPONSE_QA, POSITION_SLOTS, QA_EXPERIMENTS, type QaExperiment, type ResponseQaConfig } from './config';

export const responseQaSuite: SuiteDeclaration<'response-qa', ResponseQaConfig> = {
  id: 'response-qa',
  label: 'Long tool responses (LongFuncEval challenge 2)',
  hint: 'questions about one long, nested JSON response: does accuracy hold as it grows, and is the end read better than the start?',
  defaultPacks: ['builtin-travel-responses'],
  packs: { holds: 'responses', legend: 'Packs (the tool responses asked about)' },
  format: 'bfcl-python',
  headline: { label: 'accuracy (exact)', measure: 'correct', beside: 'contains' },
  columns: ['length', 'record'],
  probabilityOf: 'the expected answer',
  maxTokens: { default: 256, max: 2048 },
  constrain: null,
  nativeCalls: () => false,
  lengths: (run) => run.config.lengths,
  name: (run) => `response QA · ${sortedNumbers(run.config.lengths).map(formatTokens).join('/')}`,
  configure: (s) => ({ suite: 'response-qa', packIds: [...s.selectedPacks], config: s['response-qa'] }),
  config: { defaults: DEFAULT_RESPONSE_QA },
  settings: [
    { kind: 'list', path: 'positions', label: `Answer positions p (1: the first record, ${POSITION_SLOTS}: the last)`, flags: ['positions'], min: 1, max: POSITION_SLOTS, fractional: false },
    { kind: 'number', path: 'samplesPerCell', label: 'Questions per cell', flags: ['per-cell'], min: 1, max: MAX_PER_CELL },
    seedSetting(),
    lengthsSetting(),
  ],
  usage: `--experiments ${QA_EXPERIMENTS.join(',')}`,
  words: [{ path: 'experiments', allowed: QA_EXPERIMENTS, many: true }],
  flags: ['lengths', 'experiments'],
  fromFlags(f, c) {
    const experiments = f.list('experiments') ?? c.experiments;
    for (const e of experiments) if (!(QA_EXPERIMENTS as readonly string[]).includes(e)) f.fail(`--experiments: "${e}" is not one of ${QA_EXPERIMENTS.join(', ')}`);
    const qa = { ...c, lengths: f.lengths ?? c.lengths, experiments: experiments as QaExperiment[] };
    return { suite: 'response-qa', packIds: [...responseQaSuite.defaultPacks], config: qa };
  },
  size(s) {
    const cells = cellsOf(s['response-qa']);
    return { samples: cells.length * s['response-qa'].samplesPerCell, promptTokens: cells.reduce((n, c) => n + c.length * s['response-qa'].samplesPerCell, 0) };
  },
  needs(s) {
    const qa = s['response-qa'];
    return [
      ...(qa.lengths.length === 0 ? ['choose a response length'] : []),
      ...(qa.experiments.length === 0 ? ['choose an experiment'] : []),
      ...(qa.experiments.includes('position') && qa.positions.length === 0 ? ['choose a record position'] : []),
    ];
  },
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
