/** LongFuncEval's challenge 3, long conversations, as the registry knows it. */
import { formatTokens } from '../../analysis/format';
import { noSweep, sortedNumbers, type SuiteDeclaration } from '../declaration';
import { seedField } from '../number-fields';
import { DEFAULT_MULTITURN, FACT_SETTINGS, type FactSetting } from './suite';

const SETTING_IDS = FACT_SETTINGS.map((s) => s.id);

export const multiturnSuite: SuiteDeclaration = {
  id: 'multiturn',
  label: 'Long conversations (LongFuncEval challenge 3)',
  hint: 'a fact given early, a call that needs it at the end of a conversation of exact length',
  defaultPacks: ['builtin-travel-conversations'],
  packs: { holds: 'conversations', legend: 'Packs (the base conversations)' },
  format: 'bfcl-python',
  headline: { label: 'AST accuracy', measure: 'correct', beside: 'lenient' },
  columns: { tokens: true, position: null },
  maxTokens: { default: 256, max: 2048 },
  constrain: 'run',
  nativeCalls: () => false,
  lengths: (run) => run.multiturn?.lengths ?? [],
  name: (run) =>
    `multi-turn · ${sortedNumbers(run.multiturn?.lengths ?? [])
      .map(formatTokens)
      .join('/')}`,
  configure: (s) => ({ suite: 'multiturn', packIds: [...s.selectedPacks], sweep: noSweep(s.multiturn.count, s.multiturn.seed, sortedNumbers(s.multiturn.lengths), [0]), multiturn: s.multiturn }),
  flags: ['lengths', 'settings', 'count', 'per-cell', 'constraint'],
  fromFlags(f) {
    const settings = f.list('settings') ?? DEFAULT_MULTITURN.settings;
    for (const s of settings) if (!(SETTING_IDS as string[]).includes(s)) f.fail(`--settings: "${s}" is not one of ${SETTING_IDS.join(', ')}`);
    const mt = {
      lengths: f.lengths ?? DEFAULT_MULTITURN.lengths,
      settings: settings as FactSetting[],
      count: f.int('count', 1, 10_000) ?? f.perCell ?? DEFAULT_MULTITURN.count,
      seed: f.seed ?? DEFAULT_MULTITURN.seed,
    };
    return { suite: 'multiturn', packIds: [...multiturnSuite.defaultPacks], sweep: noSweep(mt.count, mt.seed, mt.lengths, [0]), multiturn: mt };
  },
  size(s) {
    const per = Math.min(s.multiturn.count, s.conversationsAvailable) * s.multiturn.settings.length;
    return { samples: s.multiturn.lengths.length * per, promptTokens: s.multiturn.lengths.reduce((n, l) => n + l * per, 0) };
  },
  needs: (s) => [...(s.multiturn.lengths.length === 0 ? ['choose a conversation length'] : []), ...(s.multiturn.settings.length === 0 ? ['choose a setting'] : [])],
  numberFields: (s) => [{ label: 'Base conversations', value: s.multiturn.count, min: 1, max: 1000 }, seedField(s.multiturn.seed)],
  textReport: () => import('./text-report').then((m) => m.textReport),
};
