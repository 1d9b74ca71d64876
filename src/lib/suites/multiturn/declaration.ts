/** LongFuncEval's challenge 3, long conversations, as the registry knows it. */
import { formatTokens } from '../../analysis/format';
import { sortedNumbers, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, lengthsSetting, seedSetting } from '../settings';
import { DEFAULT_MULTITURN, FACT_SETTINGS, type FactSetting, type MultiturnConfig } from './config';

const SETTING_IDS = FACT_SETTINGS.map((s) => s.id);

export const multiturnSuite: SuiteDeclaration<'multiturn', MultiturnConfig> = {
  id: 'multiturn',
  label: 'Long conversations (LongFuncEval challenge 3)',
  hint: 'a fact given early, a call that needs it at the end of a conversation of exact length',
  defaultPacks: ['builtin-travel-conversations'],
  packs: { holds: 'conversations', legend: 'Packs (the base conversations)' },
  format: 'bfcl-python',
  headline: { label: 'AST accuracy', measure: 'correct', beside: 'lenient' },
  columns: ['length'],
  maxTokens: { default: 256, max: 2048 },
  constrain: 'run',
  nativeCalls: () => false,
  lengths: (run) => run.config.lengths,
  name: (run) => `multi-turn · ${sortedNumbers(run.config.lengths).map(formatTokens).join('/')}`,
  configure: (s) => ({ suite: 'multiturn', packIds: [...s.selectedPacks], config: s.multiturn }),
  config: { defaults: DEFAULT_MULTITURN },
  settings: [{ kind: 'number', path: 'count', label: 'Base conversations', flags: ['count', 'per-cell'], min: 1, max: MAX_PER_CELL }, seedSetting(), lengthsSetting()],
  usage: `--settings ${SETTING_IDS.join(',')}`,
  words: [{ path: 'settings', allowed: FACT_SETTINGS.map((s) => s.id), many: true }],
  flags: ['lengths', 'settings', 'constraint'],
  fromFlags(f, c) {
    const settings = f.list('settings') ?? c.settings;
    for (const s of settings) if (!(SETTING_IDS as string[]).includes(s)) f.fail(`--settings: "${s}" is not one of ${SETTING_IDS.join(', ')}`);
    const mt = { ...c, lengths: f.lengths ?? c.lengths, settings: settings as FactSetting[] };
    return { suite: 'multiturn', packIds: [...multiturnSuite.defaultPacks], config: mt };
  },
  size(s) {
    const per = Math.min(s.multiturn.count, s.conversationsAvailable) * s.multiturn.settings.length;
    return { samples: s.multiturn.lengths.length * per, promptTokens: s.multiturn.lengths.reduce((n, l) => n + l * per, 0) };
  },
  needs: (s) => [...(s.multiturn.lengths.length === 0 ? ['choose a conversation length'] : []), ...(s.multiturn.settings.length === 0 ? ['choose a setting'] : [])],
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
