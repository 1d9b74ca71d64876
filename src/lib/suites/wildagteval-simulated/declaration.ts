/** WildAgtEval's API complexity on our simulated API system (or your tools), as the registry knows it. */
import { COMPLEXITY_TYPES, type ComplexityType, CUMULATIVE_LADDER } from '../../simulate/api/complexity';
import { EPISODES_NEED_A_LIVE_ENGINE, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL, seedSetting } from '../settings';
import { EVAL_MODES } from './episode';
import { CALL_FORMATS, MAX_STEPS_PER_TURN } from '../../prompts/episode-protocol';
import { planWildSimulated } from './plan';
import { type WildSimulatedConfig, DEFAULT_WILD_SIMULATED } from './config';
import { builtinConversations, type Conversation, type Wording, WORDINGS } from './conversations';
import { ownApiOf, type OwnToolsPrepared } from './request-conversations';

let builtin: Conversation[] | null = null;
/** the conversations a run without your tools has */
const builtinSet = (): Conversation[] => (builtin ??= builtinConversations());

export const wildSimulatedSuite: SuiteDeclaration<'wildagteval-simulated', WildSimulatedConfig, WildSimulatedConfig, OwnToolsPrepared> = {
  id: 'wildagteval-simulated',
  label: 'API complexity on a simulated API (WildAgtEval)',
  hint: 'multi-turn conversations with a simulated home-assistant API full of real-world mess — format rules, look-alike functions, notices, sponsored results, errors: which hurts most?',
  // the suite brings its own API system (or the user's tools, chosen in its fields)
  defaultPacks: [],
  packs: null,
  format: 'json',
  headline: { label: 'API-call accuracy (turns)', measure: 'turns', beside: 'fully correct' },
  columns: [],
  maxTokens: { default: 256, max: 2048 },
  constrain: null,
  nativeCalls: () => false,
  lengths: () => [],
  name(run, packName) {
    const a = run.config;
    const own = a.packId ? ` · ${packName?.(a.packId) ?? a.packId}` : '';
    return `API complexity${own} · ${a.mode} · ${a.mode === 'isolated' ? a.types.join('/') : a.ladder.join(' → ')}`;
  },
  configure(s) {
    // an engine that is not a model cannot judge: the rubric checks do
    const a = { ...s['wildagteval-simulated'], ...(s.asksModel ? {} : { judge: 'rubric' as const }) };
    const own = ownApiOf(s.prepared);
    return { suite: 'wildagteval-simulated', packIds: own ? [own.packId] : [], config: a };
  },
  config: { defaults: DEFAULT_WILD_SIMULATED },
  settings: [
    { kind: 'number', path: 'perType', label: 'Target points per type', flags: ['per-cell'], min: 0, max: MAX_PER_CELL, zero: 'all' },
    { kind: 'number', path: 'conversations', label: 'Conversations', flags: ['conversations'], min: 0, max: MAX_PER_CELL, zero: 'all' },
    { kind: 'number', path: 'maxSteps', label: 'Replies per turn', flags: ['max-steps'], min: 1, max: MAX_STEPS_PER_TURN },
    seedSetting(),
  ],
  settingMax: (s) => ({ conversations: (ownApiOf(s.prepared)?.conversations ?? builtinSet()).length }),
  usage: `--mode ${EVAL_MODES.join('|')} --types ${COMPLEXITY_TYPES.join(',')} --wordings ${WORDINGS.join(',')}`,
  words: [
    { path: 'mode', allowed: EVAL_MODES },
    { path: 'types', allowed: COMPLEXITY_TYPES, many: true },
    { path: 'ladder', allowed: CUMULATIVE_LADDER.map((r) => r.name), many: true },
    { path: 'wordings', allowed: WORDINGS, many: true },
    { path: 'judge', allowed: ['rubric', 'engine'], optional: true },
    { path: 'callFormat', allowed: CALL_FORMATS, optional: true },
    { path: 'packId', allowed: null, optional: true },
  ],
  flags: ['mode', 'types', 'wordings', 'tools', 'requests'],
  // WildAgtEval's complexity switches on your functions, your requests as conversations
  withOwnTools: (run, packId) => ({ ...run, suite: 'wildagteval-simulated', packIds: [packId], config: { ...run.config, packId } }),
  fromFlags(f, config) {
    const types = f.list('types') ?? config.types;
    for (const t of types) if (!(COMPLEXITY_TYPES as readonly string[]).includes(t)) f.fail(`--types: "${t}" is not one of ${COMPLEXITY_TYPES.join(', ')}`);
    const wordings = f.list('wordings') ?? config.wordings;
    for (const w of wordings) if (!(WORDINGS as readonly string[]).includes(w)) f.fail(`--wordings: "${w}" is not one of ${WORDINGS.join(', ')}`);
    const a = {
      ...config,
      mode: f.oneOf('mode', EVAL_MODES) ?? config.mode,
      types: types as ComplexityType[],
      wordings: wordings as Wording[],
      ...(f.asksModel ? {} : { judge: 'rubric' as const }),
    };
    return { suite: 'wildagteval-simulated', packIds: [], config: a };
  },
  size(s) {
    const own = ownApiOf(s.prepared);
    return { samples: planWildSimulated(s['wildagteval-simulated'], own?.conversations ?? builtinSet(), own?.system).length, promptTokens: null };
  },
  needs(s) {
    const a = s['wildagteval-simulated'];
    return [
      ...(a.mode === 'isolated' ? (a.types.length === 0 ? ['choose a complexity type'] : []) : a.ladder.length === 0 ? ['choose a rung of the ladder'] : []),
      ...(a.wordings.length === 0 ? ['choose a wording'] : []),
      ...(s.replay ? [EPISODES_NEED_A_LIVE_ENGINE] : []),
      ...(a.packId !== undefined && s.prepared !== null && s.prepared.own === null ? ['the chosen tools pack is not stored any more'] : []),
    ];
  },
  prepare: () => import('./prepare').then((m) => m.prepare),
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
