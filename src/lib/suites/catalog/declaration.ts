/** LongFuncEval's challenge 1, the tool catalog, as the registry knows it. */
import { formatTokens } from '../../analysis/format';
import { itemsOf, sortedNumbers, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, lengthsSetting, seedSetting } from '../settings';
import { CONSTRAINED, FREE, type CatalogSweep } from './config';

/** A class demo on a CPU and a first run on a server alike: two lengths, three positions, five requests per cell. */
const CATALOG_DEFAULTS: Omit<CatalogSweep, 'variants' | 'requestPackIds'> = { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], samplesPerCell: 5, seed: 42 };

/** The Run tab's catalog fields: the sweep, the packs whose requests are asked, and the lengths those cannot fill. */
type CatalogFields = Omit<CatalogSweep, 'variants' | 'requestPackIds'> & { askedPacks: string[]; unfillable: number[] };

const variantsOf = (constraint: 'off' | 'on' | 'both') => (constraint === 'off' ? undefined : constraint === 'on' ? [CONSTRAINED] : [FREE, CONSTRAINED]);

/** The run's size: every request of the asked packs at most `samplesPerCell` times per cell, once per variant. */
function catalogRunSize(sweep: CatalogSweep, available: number) {
  const perCell = Math.min(sweep.samplesPerCell, available) * Math.max(1, sweep.variants?.length ?? 0);
  return { samples: perCell * sweep.lengths.length * sweep.positions.length, promptTokens: perCell * sweep.positions.length * sweep.lengths.reduce((a, b) => a + b, 0) };
}

export const catalogSuite: SuiteDeclaration<'catalog', CatalogSweep, CatalogFields, never, typeof import('./jobs').jobs> = {
  id: 'catalog',
  label: 'Tool catalog (LongFuncEval challenge 1)',
  hint: 'the right tool hidden among many, at a chosen position, in prompts of exact lengths',
  intro:
    'The right tool is hidden among many others, at a chosen position, in prompts of exact lengths. Watch accuracy fall as the catalog grows, and see whether the model favours the start or the end.',
  defaultPacks: ['builtin-catalog'],
  packs: { holds: 'requests', legend: 'Packs (the requests, and the pool of distractor tools)' },
  format: 'bfcl-python',
  headline: { label: 'AST accuracy', measure: 'correct', beside: 'lenient' },
  columns: ['length', 'alpha'],
  maxTokens: { default: 256, max: 2048 },
  constrain: 'variants',
  nativeCalls: () => true,
  lengths: (run) => run.config.lengths,
  name(run) {
    const v = run.config.variants;
    const constrained = !v ? '' : v.length === 1 && v[0] === CONSTRAINED ? ' · constrained' : ' · free vs constrained';
    return `catalog · ${run.config.lengths.map(formatTokens).join('/')}${constrained}`;
  },
  configure(s) {
    const c = s.catalog;
    const variants = variantsOf(s.constraint);
    return {
      suite: 'catalog',
      packIds: [...s.selectedPacks],
      config: {
        lengths: sortedNumbers(c.lengths),
        positions: sortedNumbers(c.positions),
        samplesPerCell: c.samplesPerCell,
        seed: c.seed,
        ...(variants ? { variants } : {}),
        ...(c.askedPacks.length < s.selectedPacks.length ? { requestPackIds: [...c.askedPacks] } : {}),
      },
    };
  },
  // the tab asks every chosen pack until the user narrows it
  config: { defaults: CATALOG_DEFAULTS, fields: (sweep) => ({ ...sweep, askedPacks: [], unfillable: [] }) },
  settings: [
    { kind: 'list', path: 'positions', label: 'Needle positions α', flags: ['positions'], min: 0, max: 1, fractional: true },
    { kind: 'number', path: 'samplesPerCell', label: 'Requests per cell', flags: ['per-cell'], min: 1, max: MAX_PER_CELL },
    seedSetting(),
    lengthsSetting(),
  ],
  words: [
    { path: 'variants', allowed: [FREE, CONSTRAINED], many: true, optional: true },
    { path: 'requestPackIds', allowed: null, many: true, optional: true },
  ],
  flags: ['lengths', 'constraint', 'bfcl', 'tools', 'requests'],
  // your requests are asked among the built-in catalog's tools
  withOwnTools: (run, packId) => ({ ...run, suite: 'catalog', packIds: [...run.packIds, packId], config: { ...run.config, requestPackIds: [packId] } }),
  fromFlags(f, c) {
    const variants = variantsOf(f.constraint);
    return {
      suite: 'catalog',
      packIds: [...catalogSuite.defaultPacks],
      config: { ...c, lengths: f.lengths ?? c.lengths, positions: sortedNumbers(c.positions), ...(variants ? { variants } : {}) },
    };
  },
  size: (s) => catalogRunSize({ ...s.catalog, variants: variantsOf(s.constraint) }, itemsOf(s, s.catalog.askedPacks)),
  needs(s) {
    const c = s.catalog;
    return [
      ...(c.lengths.length === 0 ? ['choose a context length'] : []),
      ...(c.positions.length === 0 ? ['choose a needle position'] : []),
      ...(c.askedPacks.length === 0 ? ['choose the packs whose requests are asked'] : []),
      ...(c.unfillable.length ? [`lengths the chosen packs can fill (${c.unfillable.map(formatTokens).join(', ')} cannot be: too few distinct tools)`] : []),
    ];
  },
  jobs: () => import('./jobs').then((m) => m.jobs),
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
