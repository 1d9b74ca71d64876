/** Rabinovich & Anaby-Tavor's robustness protocol (rephrased requests, expanded toolkits) as the registry knows it. */
import { itemsOf, noSweep, type SuiteDeclaration } from '../declaration';
import { seedField } from '../number-fields';
import { DEFAULT_ROBUSTNESS } from './suite';

export const robustnessSuite: SuiteDeclaration = {
  id: 'robustness',
  label: 'Robustness (rephrased requests, expanded toolkits)',
  hint: 'the same requests as written, rephrased, and with related tools added: the paired drops of Rabinovich & Anaby-Tavor',
  defaultPacks: ['builtin-catalog'],
  packs: { holds: 'requests', legend: 'Packs (the requests, and the pool of distractor tools)' },
  format: 'bfcl-python',
  headline: { label: 'AST accuracy', measure: 'correct', beside: 'lenient' },
  columns: { tokens: false, position: null },
  maxTokens: { default: 256, max: 2048 },
  constrain: 'run',
  nativeCalls: () => true,
  lengths: () => [],
  name: (run) => {
    const r = run.robustness ?? DEFAULT_ROBUSTNESS;
    return `robustness · ${r.count} requests · ${r.variants.join('/')}`;
  },
  configure: (s) => ({ suite: 'robustness', packIds: [...s.selectedPacks], sweep: noSweep(s.robustness.count, s.robustness.seed), robustness: s.robustness }),
  flags: ['count', 'per-cell', 'constraint', 'bfcl', 'tools', 'requests'],
  // the toolkit expands from your own tools
  withOwnTools: (run, packId) => ({ ...run, packIds: [packId] }),
  fromFlags(f) {
    const count = f.int('count', 1, 100_000) ?? f.perCell ?? DEFAULT_ROBUSTNESS.count;
    const seed = f.seed ?? DEFAULT_ROBUSTNESS.seed;
    return { suite: 'robustness', packIds: [...robustnessSuite.defaultPacks], sweep: noSweep(count, seed), robustness: { ...DEFAULT_ROBUSTNESS, count, seed } };
  },
  size: (s) => ({ samples: Math.min(s.robustness.count, itemsOf(s, s.selectedPacks)) * s.robustness.variants.length, promptTokens: null }),
  needs: (s) => (s.robustness.variants.length === 0 ? ['choose a variant'] : []),
  numberFields: (s) => [
    { label: 'Requests in the base set', value: s.robustness.count, min: 1, max: 2000 },
    seedField(s.robustness.seed),
    { label: 'Tools added per request', value: s.robustness.expansion.added, min: 0, max: 20 },
  ],
  textReport: () => import('./text-report').then((m) => m.textReport),
};
