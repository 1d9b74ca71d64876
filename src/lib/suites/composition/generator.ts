/**
 * Seeded task generation for the four composition levels: a recipe gives the
 * request and the steps; running the simulations in order fills every
 * argument that reads an earlier output, so the expected trace is exactly
 * what a correct agent would send.
 */
import { fromPlain, type PyDict } from '../../core/pyvalue';
import { Rng } from '../../core/random';
import type { CompositionTask, Json, JsonObject } from '../../core/types';
import type { Level } from '../../core/expected';
import { type Draft, L0_RECIPES, L1_RECIPES, L2_RECIPES, L3_RECIPES, type Recipe } from './recipes';
import { simulateCall } from '../../simulate/composition';

const RECIPES: Record<Level, Recipe[]> = { L0_node: L0_RECIPES, L1_chain: L1_RECIPES, L2_parallel: L2_RECIPES, L3_dag: L3_RECIPES };

/** The paper's task counts per level (48 / 64 / 40 / 48 = 200). */
export const PAPER_COUNTS: Record<Level, number> = { L0_node: 48, L1_chain: 64, L2_parallel: 40, L3_dag: 48 };

class RecipeError extends Error {
  override name = 'RecipeError';
}

/** Runs a draft's steps; a step may only read the outputs of the steps it declares. */
function runDraft(draft: Draft): { args: JsonObject[]; outputs: Json[] } {
  const args: JsonObject[] = [];
  const outputs: Json[] = [];
  draft.steps.forEach((step, i) => {
    const allowed = new Set(step.after ?? []);
    const read = (j: number): JsonObject => {
      if (!allowed.has(j)) throw new RecipeError(`step ${i + 1} (${step.tool}) reads step ${j + 1} without depending on it`);
      return outputs[j] as JsonObject;
    };
    const a = step.args(read);
    const result = simulateCall(step.tool, a);
    if (!result.ok) throw new RecipeError(`step ${i + 1} (${step.tool}) fails: ${result.error.message} — prompt: ${draft.prompt}`);
    args.push(a);
    outputs.push(result.output);
  });
  return { args, outputs };
}

function taskOfDraft(taskId: string, level: Level, draft: Draft): CompositionTask {
  const { args, outputs } = runDraft(draft);
  const steps = draft.steps.map((s, i) => ({
    stepId: `step_${i + 1}`,
    toolName: s.tool,
    arguments: fromPlain(args[i]) as PyDict,
    dependsOn: (s.after ?? []).map((j) => `step_${j + 1}`),
    outputKey: null,
  }));
  return {
    taskId,
    level,
    prompt: draft.prompt,
    steps,
    availableTools: [...new Set(draft.steps.map((s) => s.tool))],
    category: draft.category,
    pattern: draft.pattern,
    expectedFinalAnswer: JSON.stringify(outputs[outputs.length - 1] ?? null),
    outputs,
  };
}

/**
 * `counts[level]` distinct tasks per level (distinct requests), recipes taken
 * in a seeded order round after round so every recipe is used before any repeats.
 */
export function generateTasks(seed: number, counts: Record<Level, number> = PAPER_COUNTS): CompositionTask[] {
  const tasks: CompositionTask[] = [];
  for (const level of Object.keys(RECIPES) as Level[]) {
    const rng = new Rng(`composition:${seed}:${level}`);
    const recipes = RECIPES[level];
    const seen = new Set<string>();
    let order: Recipe[] = [];
    let made = 0;
    for (let attempt = 0; made < counts[level] && attempt < counts[level] * 50; attempt++) {
      if (order.length === 0) order = rng.shuffle(recipes);
      const draft = (order.pop() as Recipe)(rng);
      if (seen.has(draft.prompt)) continue;
      seen.add(draft.prompt);
      made++;
      tasks.push(taskOfDraft(`${level}_${String(made).padStart(4, '0')}`, level, draft));
    }
  }
  return tasks;
}
