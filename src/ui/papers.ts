/** The papers' tabs, each loaded when opened: a paper with one suite shows that suite's page, LongFuncEval its three challenges. */
import type { Component } from 'svelte';
import type { PaperTab } from './app-state.svelte';

export const PAPER_TABS: Readonly<Record<PaperTab, { label: string; page: () => Promise<{ default: Component }> }>> = {
  longfunceval: { label: 'LongFuncEval', page: () => import('./longfunceval/LongFuncEval.svelte') },
  comptoolbench: { label: 'CompToolBench', page: () => import('./suites/composition/CompToolBench.svelte') },
  wildagteval: { label: 'WildAgtEval', page: () => import('./suites/wildagteval-benchmark/WildAgtEvalTab.svelte') },
};
