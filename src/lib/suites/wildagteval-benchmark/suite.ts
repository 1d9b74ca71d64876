/**
 * WildAgtEval's own benchmark as a suite of the app: an imported pack (its databases, a
 * conversation set, its prompts) and the experiments of its matrix. A sample is one target point
 * of one isolated experiment (off and on paired by target) or one whole conversation of a rung of
 * the cumulative ladder; the suite's runner drives its episode and writes its result log.
 */
import { hashString } from '../../core/random';
import { type EpisodeContext, type EpisodeOutcome, type PlannedSample, planSource, type PlannedSource, TURN_SEPARATOR } from '../../core/sample-source';
import type { Pack, Sample } from '../../core/types';
import type { TokenCounter } from '../../context/token-counter';
import { databasesFor, readWildAgtEvalFiles, type WildAgtEvalFiles, type WildConversation, type WildPromptVariant } from './benchmark-files';
import { WILD_FUNCTION_NAMES } from './world/registry';
import { createWildState, type Databases, type WildCode } from './world/state';
import { isTargetReplayed, switchSet, WILD_EXPERIMENTS, type WildExperiment, WILD_LADDER, whyNotRunnable, PROMPT_FILES, tableTypeOf, pairOf } from './experiments';
import { findTargetPoints, goldHistory, type TargetPoint, type WildEntry, wildPrompt, wildSystemText } from './protocol';
import { runConversation, runTargetPoint, type WildGenerate, wildLogText, wildOracle } from './runner';
import { wildLogScore } from './log-score';
import { type WildAgtEvalConfig, SAMPLE_IDS_HASHED_AS, WILD_BENCHMARK_SUITE } from './config';

export interface WildBenchmark extends WildAgtEvalFiles {
  databases: Databases;
}

/** The imported files of a WildAgtEval pack, read again (they were validated when imported). */
export function wildBenchmarkOf(pack: Pack): WildBenchmark {
  if (!pack.files) throw new Error(`the pack '${pack.name}' holds no WildAgtEval files`);
  const files = readWildAgtEvalFiles(pack.files, new Set(WILD_FUNCTION_NAMES));
  if (!files.databases) throw new Error(`the pack '${pack.name}' has no database files (common/data/*.json)`);
  return { ...files, databases: files.databases };
}

const experimentNamed = (id: string): WildExperiment => {
  const e = WILD_EXPERIMENTS.find((x) => x.id === id);
  if (!e) throw new Error(`no WildAgtEval experiment '${id}'`);
  return e;
};

function systemOf(bench: WildBenchmark, variant: WildPromptVariant): string {
  const prompt = bench.prompts.find((p) => p.variant === variant);
  if (!prompt) throw new Error(`the "${variant}" agent prompt (${PROMPT_FILES[variant]}) is not imported`);
  return wildSystemText(prompt.text);
}

interface PlannedWild extends PlannedSample {
  experiment: WildExperiment;
  conversation: WildConversation;
  point: TargetPoint | null;
  facets: Record<string, string | number>;
}

/**
 * The set an experiment runs on: the repository runs its no-complexity code on the original labels
 * (`Combined50` beside `Combined50_transformed`) — that set when it is imported, else the chosen one.
 */
function setFor(bench: Pick<WildAgtEvalFiles, 'sets'>, set: string, code: WildCode): string {
  const plain = set.replace(/_transformed$/, '');
  return code === 'no_complexity' && plain !== set && bench.sets.some((s) => s.name === plain) ? plain : set;
}

function conversationsOf(bench: Pick<WildAgtEvalFiles, 'sets'>, config: Pick<WildAgtEvalConfig, 'set' | 'conversations'>): WildConversation[] {
  const set = bench.sets.find((s) => s.name === config.set);
  if (!set) throw new Error(`no conversation set '${config.set}' in this pack (${bench.sets.map((s) => s.name).join(', ') || 'none imported'})`);
  const sorted = [...set.conversations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return config.conversations > 0 ? sorted.slice(0, config.conversations) : sorted;
}

export function planWildAgtEval(config: WildAgtEvalConfig, bench: Pick<WildAgtEvalFiles, 'sets' | 'prompts'>): PlannedWild[] {
  // the chosen set must be imported, whichever set each experiment then reads
  conversationsOf(bench, config);
  const plan: PlannedWild[] = [];
  const id = (...parts: (string | number)[]) => hashString([SAMPLE_IDS_HASHED_AS, config.packId, config.set, ...parts].join('|'));
  const chosen = WILD_EXPERIMENTS.filter((e) => config.experiments.includes(e.id));
  for (const unknown of config.experiments) experimentNamed(unknown);
  for (const experiment of chosen) {
    const why = whyNotRunnable(
      experiment,
      bench.prompts.map((p) => p.variant),
    );
    if (why) throw new Error(`the experiment ${experiment.id} cannot run: it ${why}`);
    const conversations = conversationsOf(bench, { ...config, set: setFor(bench, config.set, experiment.code) });
    if (experiment.mode === 'cumulative') {
      const rank = WILD_LADDER.indexOf(experiment.label);
      for (const c of conversations)
        plan.push({
          id: id(experiment.id, c.name),
          cell: { length: 0, variant: experiment.label },
          group: c.name,
          rank: [rank],
          itemId: c.name,
          experiment,
          conversation: c,
          point: null,
          facets: { mode: 'cumulative', experiment: experiment.id, rung: experiment.label, conversation: c.name, turns: c.turns.length },
        });
      continue;
    }
    const pair = pairOf(experiment);
    const side = experiment.side ?? 'on';
    const targets = new Set(experiment.targets?.functions ?? []);
    for (const c of conversations)
      for (const point of findTargetPoints(c, targets, experiment.targets?.limits)) {
        const target = `${c.name} turn ${point.turn + 1} step ${point.step + 1}`;
        plan.push({
          id: id(experiment.id, c.name, point.turn, point.step),
          cell: { length: 0, variant: side },
          group: `${pair}|${c.name}|${point.turn}|${point.step}`,
          rank: [side === 'off' ? 0 : 1],
          itemId: c.name,
          experiment,
          conversation: c,
          point,
          facets: { mode: 'isolated', experiment: experiment.id, type: tableTypeOf(experiment), switch: side, fn: point.fn, conversation: c.name, target, wording: 'coref' },
        });
      }
  }
  return plan;
}

/** The history the agent first sees: the target's gold history, or the conversation's first query. */
function firstHistory(bench: WildBenchmark, p: PlannedWild): WildEntry[] {
  if (!p.point) return [{ kind: 'human', text: p.conversation.turns[0]?.query ?? '' }];
  const state = createWildState(databasesFor(bench, p.experiment.code), p.conversation.user, undefined, switchSet(p.experiment.switches), p.experiment.code);
  return goldHistory(state, p.conversation, p.point, isTargetReplayed(p.experiment, p.point.fn)).history;
}

export interface WildAgtEvalSourceOptions {
  config: WildAgtEvalConfig;
  bench: WildBenchmark;
  counter: TokenCounter;
  /** the model's name as result logs record it */
  model: string;
}

/** The run's samples; each one's episode is run by `episode` (the run loop asks the engine through it). */
export function wildAgtEvalSource(opts: WildAgtEvalSourceOptions): PlannedSource {
  const { bench, counter } = opts;
  const plan = planWildAgtEval(opts.config, bench);
  const byId = new Map(plan.map((p) => [p.id, p]));
  const planned = planSource(plan, (p): Sample => {
    const system = systemOf(bench, p.experiment.prompt);
    const prompt = wildPrompt(system, firstHistory(bench, p));
    return {
      id: p.id,
      suite: WILD_BENCHMARK_SUITE,
      packId: opts.config.packId,
      itemId: p.conversation.name,
      cell: p.cell,
      facets: p.facets,
      messages: [{ role: 'user', content: prompt }],
      tools: [],
      needleIndexes: [],
      expected: { kind: 'wild', goldReply: '' },
      // the system text and the history counted apart: the counter caches the system text's count
      promptTokens: counter.count(system) + counter.count(prompt.slice(system.length)),
    };
  });
  const episode = async (sample: Sample, { ask }: EpisodeContext): Promise<EpisodeOutcome> => {
    const p = byId.get(sample.id);
    if (!p) throw new Error(`sample ${sample.id} is not part of this run`);
    const replies: string[] = [];
    const generate: WildGenerate = async (prompt, stop, context) => {
      const reply = await ask({ messages: [{ role: 'user', content: prompt }], stop, expected: { kind: 'wild', goldReply: await wildOracle(prompt, stop, context) } });
      replies.push(reply);
      return reply;
    };
    const input = {
      databases: databasesFor(bench, p.experiment.code),
      conversation: p.conversation,
      experiment: p.experiment,
      system: systemOf(bench, p.experiment.prompt),
      generate,
      model: opts.model,
    };
    const log = p.point ? await runTargetPoint(input, p.point) : await runConversation(input);
    const score = wildLogScore(wildLogText(log), log.filename);
    const calls = (score.api?.turns ?? []).flatMap((t) => t.steps.flatMap((s) => (s.source === 'agent' && s.call ? [{ name: s.call.api, args: s.call.params }] : [])));
    return { score, text: replies.join(TURN_SEPARATOR), calls };
  };
  return { ...planned, episode };
}

export interface WildPlanSummary {
  samples: number;
  conversations: number;
  /** each prompt variant the plan uses: its system text (prompt file + suffix) measured, the least any step sends */
  systemTokens: { variant: WildPromptVariant; tokens: number }[];
}

/** What a setup would run, measured before it starts (throws, naming the cause, for a setup that cannot run). */
export function wildPlanSummary(config: WildAgtEvalConfig, bench: WildBenchmark, counter: TokenCounter): WildPlanSummary {
  const plan = planWildAgtEval(config, bench);
  const variants = [...new Set(plan.map((p) => p.experiment.prompt))];
  return { samples: plan.length, conversations: conversationsOf(bench, config).length, systemTokens: variants.map((variant) => ({ variant, tokens: counter.count(systemOf(bench, variant)) })) };
}
