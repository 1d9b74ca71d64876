/** The papers' tabs, each loaded when opened: LongFuncEval's three challenges, and the tab of each paper with one suite, which its views declare (`Paper`). */
import type { Component } from 'svelte';
import type { PaperTab } from './app-state.svelte';
import { SUITE_VIEWS } from './suites/registry';

type PaperPage = { label: string; page: () => Promise<{ default: Component }> };

const ofOneSuite = Object.values(SUITE_VIEWS).flatMap((v) => (v.Paper ? [[v.Paper.tab, { label: v.Paper.label, page: v.Paper.page }] as const] : []));

const tabs: Record<string, PaperPage> = {
  longfunceval: { label: 'LongFuncEval', page: () => import('./longfunceval/LongFuncEval.svelte') },
  ...Object.fromEntries(ofOneSuite),
};

export const PAPER_TABS = tabs as Readonly<Record<PaperTab, PaperPage>>;
