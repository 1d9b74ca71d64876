/** WildAgtEval's own benchmark (imported: its functions, databases, conversations and prompts) as the registry knows it. */
import { isWildAgtEvalFileName, WILDAGTEVAL_PACK_ID } from './benchmark-files';
import { EPISODES_NEED_A_LIVE_ENGINE, type SuiteDeclaration } from '../declaration';
import { MAX_PER_CELL } from '../settings';
import { WILD_EXPERIMENTS } from './experiments';
import { DEFAULT_WILDAGTEVAL, type WildAgtEvalConfig } from './config';
import type { WildPrepared } from './prepare';
import { planPromptTokens, windowRefusal } from './window';

const labelsOf = (experiments: readonly string[]) => [...new Set(WILD_EXPERIMENTS.filter((e) => experiments.includes(e.id)).map((e) => e.label))];

export const wildAgtEvalSuite: SuiteDeclaration<'wildagteval-benchmark', WildAgtEvalConfig | null, WildAgtEvalConfig, WildPrepared, typeof import('./jobs').jobs> = {
  id: 'wildagteval-benchmark',
  label: "WildAgtEval's own benchmark (imported)",
  hint: 'its 84 functions over its databases, its 50 conversations, its prompt and its scorer — to check the paper on your model (prompts of about 27K tokens)',
  // the benchmark is the imported pack it runs on (chosen in its fields)
  defaultPacks: [],
  packs: null,
  format: 'json',
  headline: { label: 'API-call accuracy (turns)', measure: 'turns', beside: 'fully correct' },
  columns: [],
  // WildAgtEval's OpenAI-client runner allows 4,096 output tokens (10,000 with Claude): replies reason before their call
  maxTokens: { default: 4096, max: 10_000 },
  constrain: null,
  nativeCalls: () => false,
  lengths: () => [],
  name(run) {
    const w = run.config ?? DEFAULT_WILDAGTEVAL;
    return `WildAgtEval · ${w.set}${w.conversations ? ` (${w.conversations})` : ''} · ${labelsOf(w.experiments).join(', ')}`;
  },
  configure(s) {
    const packId = s.prepared?.packId ?? null;
    return { suite: 'wildagteval-benchmark', packIds: packId ? [packId] : [], config: { ...s['wildagteval-benchmark'], packId: packId ?? '' } };
  },
  config: { defaults: DEFAULT_WILDAGTEVAL, absent: 'a run read from published result logs (its samples are the logs)' },
  settings: [{ kind: 'number', path: 'conversations', label: 'Conversations', flags: ['conversations'], min: 0, max: MAX_PER_CELL, zero: 'all' }],
  settingMax(s): Record<string, number> {
    const set = s.prepared?.summary?.sets.find((x) => x.name === s['wildagteval-benchmark'].set);
    return set ? { conversations: set.conversations } : {};
  },
  usage: `--experiments ${WILD_EXPERIMENTS.slice(0, 3)
    .map((e) => e.id)
    .join(',')},… --set NAME`,
  words: [
    { path: 'packId', allowed: null },
    { path: 'set', allowed: null },
    { path: 'experiments', allowed: WILD_EXPERIMENTS.map((e) => e.id), many: true },
  ],
  flags: ['wildagteval', 'experiments', 'set', 'judge-base-url', 'judge-model'],
  importsFolder: { flag: 'wildagteval', accepts: isWildAgtEvalFileName, what: "WildAgtEval's databases, conversations and prompts" },
  fixedPrompt: true,
  fromFlags(f, config) {
    const experiments = f.list('experiments') ?? config.experiments;
    for (const id of experiments) if (!WILD_EXPERIMENTS.some((e) => e.id === id)) f.fail(`--experiments: "${id}" is not one of ${WILD_EXPERIMENTS.map((e) => e.id).join(', ')}`);
    const w: WildAgtEvalConfig = { ...config, packId: WILDAGTEVAL_PACK_ID, set: f.text('set') ?? config.set, experiments };
    return { suite: 'wildagteval-benchmark', packIds: [WILDAGTEVAL_PACK_ID], config: w };
  },
  size: (s) => ({ samples: s.prepared?.plan && 'samples' in s.prepared.plan ? s.prepared.plan.samples : 0, promptTokens: null }),
  needs(s) {
    const plan = s.prepared?.plan ?? null;
    return [
      ...(s.prepared?.packId === null ? ["WildAgtEval's benchmark: import it on the Packs tab"] : []),
      ...(s['wildagteval-benchmark'].experiments.length === 0 ? ['choose an experiment'] : []),
      ...(s.replay ? [EPISODES_NEED_A_LIVE_ENGINE] : []),
      ...(plan !== null && 'error' in plan ? [`a setup that can run (${plan.error})`] : []),
      ...(windowRefusal(plan, s.window) !== null ? [`a model whose window takes the prompt (${planPromptTokens(plan).toLocaleString('en-US')} tokens and the answer; see above)`] : []),
    ];
  },
  prepare: () => import('./prepare').then((m) => m.prepare),
  jobs: () => import('./jobs').then((m) => m.jobs),
  source: () => import('./source').then((m) => m.source),
  textReport: () => import('./text-report').then((m) => m.textReport),
};
