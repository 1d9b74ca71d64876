/**
 * Builder of the built-in composition pack: the simulated tool catalog
 * (107 tools in 15 categories) and tasks generated at the four levels with
 * the paper's counts (48 / 64 / 40 / 48), seed 42. Deterministic.
 */
import type { Pack } from '../../src/lib/core/types';
import { generateTasks, PAPER_COUNTS } from '../../src/lib/suites/composition/generator';
import { SIM_TOOLS, simulatedSchemas } from '../../src/lib/simulate/composition';

export const COMPOSITION_PACK_ID = 'builtin-composition';
export const COMPOSITION_VERSION = 1;
export const COMPOSITION_SEED = 42;

export function buildCompositionPack(): Pack {
  const tasks = generateTasks(COMPOSITION_SEED, PAPER_COUNTS);
  const categories = new Set(SIM_TOOLS.map((t) => t.category)).size;
  const used = new Set(tasks.flatMap((t) => t.steps.map((s) => s.toolName))).size;
  return {
    id: COMPOSITION_PACK_ID,
    name: 'Composition tasks (simulated tools)',
    source: 'builtin',
    description: `${tasks.length} tasks (L0 ${PAPER_COUNTS.L0_node}, L1 ${PAPER_COUNTS.L1_chain}, L2 ${PAPER_COUNTS.L2_parallel}, L3 ${PAPER_COUNTS.L3_dag}) over ${SIM_TOOLS.length} deterministic simulated tools in ${categories} categories; ${used} tools are used by some task, the rest are distractors.`,
    createdAt: 0,
    tools: simulatedSchemas(),
    items: [],
    tasks,
  };
}
