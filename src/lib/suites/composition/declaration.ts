/** CompToolBench's composition levels L0–L3 as the registry knows it. */
import type { CompositionProtocol } from '../../core/types';
import { LEVELS, type Level } from '../../core/expected';
import { type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, seedSetting } from '../settings';
import { type CompositionConfig, DEFAULT_COMPOSITION } from './config';

const PROTOCOLS: readonly CompositionProtocol[] = ['single-turn', 'multi-turn'];

export const compositionSuite: SuiteDeclaration<'composition', CompositionConfig> = {
  id: 'composition',
  label: 'Composition (CompToolBench L0–L3)',
  hint: 'single calls, chains, parallel calls and DAGs over about a hundred simulated tools: is one call from a plain request harder than a whole workflow?',
  defaultPacks: ['builtin-composition'],
  packs: {
    holds: 'tasks',
    legend: 'Packs (the tasks, and the catalog of their tools)',
    note: "Every tool of the chosen packs is in the catalog; the built-in composition pack, or CompToolBench's published tasks imported on the Packs tab.",
  },
  // answers hold nested objects: JSON, tool-call tags and Python lists are all read
  format: 'auto',
  headline: { label: 'score (CompToolBench)', measure: 'score', beside: 'fully correct' },
  columns: ['tools'],
  maxTokens: { default: 256, max: 2048 },
  constrain: 'run',
  nativeCalls: (run) => run.config.protocol === 'single-turn',
  lengths: () => [],
  name: (run) => {
    const c = run.config;
    return `composition · ${c.protocol} · ${c.distractors === null ? 'full catalog' : `+${c.distractors} distractors`}`;
  },
  configure: (s) => {
    const c = { ...s.composition, ...(s.predictedTasks ? { onlyTasks: s.predictedTasks } : {}) };
    return { suite: 'composition', packIds: [...s.selectedPacks], config: c };
  },
  config: { defaults: DEFAULT_COMPOSITION },
  settings: [
    { kind: 'number', path: 'perLevel', label: 'Tasks per level', flags: ['per-cell'], min: 0, max: MAX_PER_CELL, zero: 'all' },
    seedSetting(),
    { kind: 'number', path: 'distractors', label: 'Distractor tools', flags: ['distractors'], min: 0, max: MAX_PER_CELL, empty: 'all' },
  ],
  usage: `--levels ${LEVELS.join(',')} --protocol ${PROTOCOLS.join('|')}`,
  words: [
    { path: 'levels', allowed: LEVELS, many: true },
    { path: 'protocol', allowed: PROTOCOLS },
    { path: 'onlyTasks', allowed: null, many: true, optional: true },
  ],
  flags: ['levels', 'protocol', 'constraint'],
  fromFlags(f, config) {
    const levels = f.list('levels') ?? [...config.levels];
    for (const l of levels) if (!(LEVELS as readonly string[]).includes(l)) f.fail(`--levels: "${l}" is not one of ${LEVELS.join(', ')}`);
    const c = { ...config, levels: levels as Level[], protocol: f.oneOf('protocol', PROTOCOLS) ?? config.protocol };
    return { suite: 'composition', packIds: [...compositionSuite.defaultPacks], config: c };
  },
  size(s) {
    const c = s.composition;
    const of = (l: string) => s.tasksAvailable[l] ?? 0;
    return { samples: s.predictedTasks ? s.predictedTasks.length : c.levels.reduce((n, l) => n + (c.perLevel > 0 ? Math.min(c.perLevel, of(l)) : of(l)), 0), promptTokens: null };
  },
  needs: (s) => (s.composition.levels.length === 0 ? ['choose a level'] : []),
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
