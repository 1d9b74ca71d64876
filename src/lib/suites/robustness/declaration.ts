/** Rabinovich & Anaby-Tavor's robustness protocol (rephrased requests, expanded toolkits) as the registry knows it. */
import { itemsOf, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, seedSetting } from '../settings';
import { DEFAULT_ROBUSTNESS, type RobustnessConfig, ROBUSTNESS_VARIANTS } from './config';
import { MODEL_REPHRASED } from './model-rephrase';

export const robustnessSuite: SuiteDeclaration<'robustness', RobustnessConfig, RobustnessConfig, never, typeof import('./jobs').jobs> = {
  id: 'robustness',
  label: 'Robustness (rephrased requests, expanded toolkits)',
  hint: 'the same requests as written, rephrased, and with related tools added: the paired drops of Rabinovich & Anaby-Tavor',
  defaultPacks: ['builtin-catalog'],
  packs: { holds: 'requests', legend: 'Packs (the requests, and the pool of distractor tools)' },
  format: 'bfcl-python',
  headline: { label: 'AST accuracy', measure: 'correct', beside: 'lenient' },
  columns: [],
  maxTokens: { default: 256, max: 2048 },
  constrain: 'run',
  nativeCalls: () => true,
  lengths: () => [],
  name: (run) => {
    const r = run.config;
    return `robustness · ${r.count} requests · ${r.variants.join('/')}`;
  },
  configure: (s) => ({ suite: 'robustness', packIds: [...s.selectedPacks], config: s.robustness }),
  config: { defaults: DEFAULT_ROBUSTNESS },
  settings: [
    { kind: 'number', path: 'count', label: 'Requests in the base set', flags: ['count', 'per-cell'], min: 1, max: MAX_PER_CELL },
    seedSetting(),
    { kind: 'number', path: 'expansion.added', label: 'Tools added per request', flags: ['added'], min: 0, max: 20 },
    // the paper's 0.8; kept by the runner (no flag), checked in run files
    { kind: 'number', path: 'expansion.threshold', label: 'Similarity above which a tool is too close to add (0–1)', flags: [], min: 0, max: 1, fractional: true },
  ],
  words: [{ path: 'variants', allowed: [...ROBUSTNESS_VARIANTS, MODEL_REPHRASED], many: true }],
  flags: ['constraint', 'bfcl', 'tools', 'requests'],
  // the toolkit expands from your own tools
  withOwnTools: (run, packId) => ({ ...run, suite: 'robustness', packIds: [packId] }),
  fromFlags: (_f, r) => ({ suite: 'robustness', packIds: [...robustnessSuite.defaultPacks], config: r }),
  size: (s) => ({ samples: Math.min(s.robustness.count, itemsOf(s, s.selectedPacks)) * s.robustness.variants.length, promptTokens: null }),
  needs: (s) => (s.robustness.variants.length === 0 ? ['choose a variant'] : []),
  jobs: () => import('./jobs').then((m) => m.jobs),
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
