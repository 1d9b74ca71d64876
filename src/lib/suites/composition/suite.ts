/**
 * The composition suite (CompToolBench): each task's request with a catalog
 * of tools — the task's own plus k seeded distractors, or every tool of the
 * chosen packs as in the paper — answered in one turn (the paper's protocol)
 * or over several turns with the simulated results shown.
 */
import { toPlain } from '../../core/pyvalue';
import { hashString, Rng } from '../../core/random';
import type { CompositionTask, Json, Pack, Sample, ToolSchema } from '../../core/types';
import { messagesTokens, type TokenCounter } from '../../context/token-counter';
import type { Call } from '../../core/calls';
import { renderMessages } from '../../prompts/template';
import { type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import { LEVELS } from '../../core/expected';
import { toolPool } from '../catalog/tool-pool';
import { dagShape } from '../../scoring/dag-shape';
import { simulateCall } from '../../simulate/composition';
import type { CompositionConfig } from './config';
import { COMPOSITION_PROMPTS } from './prompts';

const COMPOSITION_SUITE = 'composition';

function packTasks(packs: readonly Pack[]): { pack: Pack; task: CompositionTask }[] {
  return packs.flatMap((pack) => (pack.tasks ?? []).map((task) => ({ pack, task })));
}

interface PlannedTask extends PlannedSample {
  pack: Pack;
  task: CompositionTask;
}

/** How many tools a task is offered: its own and the distractors the pool has room for. */
function offeredCount(task: CompositionTask, pool: readonly ToolSchema[], distractors: number | null): number {
  const own = new Set(task.steps.map((s) => s.toolName));
  const others = pool.filter((t) => !own.has(t.name)).length;
  return own.size + (distractors === null ? others : Math.min(distractors, others));
}

function planComposition(packs: readonly Pack[], config: CompositionConfig): PlannedTask[] {
  const pool = toolPool(packs);
  const only = config.onlyTasks ? new Set(config.onlyTasks) : null;
  const all = packTasks(packs).filter((t) => !only || only.has(t.task.taskId));
  const plan: PlannedTask[] = [];
  for (const level of LEVELS) {
    if (!config.levels.includes(level)) continue;
    const of = all.filter((t) => t.task.level === level);
    const chosen = config.perLevel > 0 ? new Rng(`composition-tasks:${config.seed}:${level}`).sample(of, config.perLevel).sort((a, b) => of.indexOf(a) - of.indexOf(b)) : of;
    for (const { pack, task } of chosen) {
      const id = hashString(`${COMPOSITION_SUITE}|${pack.id}|${task.taskId}|${config.protocol}|${config.distractors ?? 'all'}|${config.seed}`);
      // each task is offered its own catalog order: no two tasks' prompts share more than the instructions
      const cell = { length: 0, tools: offeredCount(task, pool, config.distractors), variant: config.protocol };
      plan.push({ id, cell, group: id, rank: [], itemId: task.taskId, pack, task });
    }
  }
  return plan;
}

/** The tools offered with a task, in a seeded order. */
export function offeredTools(task: CompositionTask, pool: readonly ToolSchema[], config: Pick<CompositionConfig, 'distractors' | 'seed'>): ToolSchema[] {
  const byName = new Map(pool.map((t) => [t.name, t]));
  const own = [...new Set(task.steps.map((s) => s.toolName))];
  const missing = own.filter((n) => !byName.has(n));
  if (missing.length) throw new Error(`task ${task.taskId} uses ${missing.join(', ')}, which no chosen pack defines`);
  const rng = new Rng(`composition-offer:${config.seed}:${task.taskId}`);
  const others = pool.filter((t) => !own.includes(t.name));
  const distractors = config.distractors === null ? others : rng.sample(others, config.distractors);
  return rng.shuffle([...own.map((n) => byName.get(n) as ToolSchema), ...distractors]);
}

/** A call run against the simulations, rendered as JSON (an error too: never a throw). */
function executeSimulated(call: Call): string {
  const result = simulateCall(call.name, toPlain(call.args) as Json);
  return JSON.stringify(result.ok ? result.output : { error: result.error });
}

export interface CompositionSourceOptions {
  packs: readonly Pack[];
  config: CompositionConfig;
  counter: TokenCounter;
}

export function compositionSource(opts: CompositionSourceOptions): PlannedSource {
  const pool = toolPool(opts.packs);
  const template = COMPOSITION_PROMPTS[opts.config.protocol];
  const build = (p: PlannedTask): Sample => {
    const tools = offeredTools(p.task, pool, opts.config);
    const messages = renderMessages(template, tools, p.task.prompt);
    const own = new Set(p.task.steps.map((s) => s.toolName));
    const shape = dagShape(p.task);
    return {
      id: p.id,
      suite: COMPOSITION_SUITE,
      packId: p.pack.id,
      itemId: p.task.taskId,
      cell: p.cell,
      messages,
      tools,
      needleIndexes: tools.flatMap((t, i) => (own.has(t.name) ? [i] : [])),
      expected: { kind: 'dag', level: p.task.level, steps: p.task.steps, protocol: opts.config.protocol },
      promptTokens: messagesTokens(opts.counter, messages),
      facets: {
        level: p.task.level,
        tools: p.task.steps.map((s) => s.toolName).join(','),
        steps: shape.steps,
        pattern: p.task.pattern || (shape.steps === 1 ? 'single' : ''),
        category: p.task.category,
        offered: tools.length,
      },
    };
  };
  return planSource(planComposition(opts.packs, opts.config), build, executeSimulated);
}
