/**
 * Each suite's views, beside its declaration (lib/suites/registry.ts): its fields on the Run tab,
 * the wording of its prompt, its part of a run's report, its view of compared runs on its paper's
 * tab, its panel on the Packs tab and its paper's own tab. RunSetup, RunReport, the papers' tabs and Packs show them
 * without naming suites.
 */
import type { Component } from 'svelte';
import type { GridCell } from '../../lib/analysis/catalog';
import type { SampleResult } from '../../lib/core/types';
import type { RunRow } from '../../lib/run/run-row';
import type { SuiteId } from '../../lib/suites/registry';
import type { RunSeries } from '../results/run-series';
import type { SetupContext, SetupForm } from './setup-form';
import CatalogSetup from './catalog/CatalogSetup.svelte';
import CatalogPacks from './catalog/CatalogPacks.svelte';
import RobustnessSetup from './robustness/RobustnessSetup.svelte';
import ResponseQaSetup from './response-qa/ResponseQaSetup.svelte';
import ResponseQaWording from './response-qa/ResponseQaWording.svelte';
import MultiturnSetup from './multiturn/MultiturnSetup.svelte';
import CompositionSetup from './composition/CompositionSetup.svelte';
import CompositionWording from './composition/CompositionWording.svelte';
import WildSimulatedSetup from './wildagteval-simulated/WildSimulatedSetup.svelte';
import WildSimulatedWording from './wildagteval-simulated/WildSimulatedWording.svelte';
import WildAgtEvalSetup from './wildagteval-benchmark/WildAgtEvalSetup.svelte';
import WildAgtEvalWording from './wildagteval-benchmark/WildAgtEvalWording.svelte';

export type SetupProps = { form: SetupForm; ctx: SetupContext };

/** What a suite's part of the report is given: the run, all its results, as a series for the shared charts. */
interface ReportProps {
  run: RunRow;
  results: SampleResult[];
  runs: RunSeries[];
  caption: string;
  /** the catalog's free/constrained filter, which the sample list follows */
  variant: string;
  /** a cell clicked in a chart: its samples listed */
  onselect: (cell: GridCell) => void;
  /** results changed outside the run (a judge pass): read them again */
  reload: () => void;
}

export interface SuiteViews {
  Setup: Component<SetupProps, object, 'form'>;
  /** inside the packs fieldset, for suites that say more about the chosen packs */
  Packs?: Component<SetupProps, object, 'form'>;
  /** the prompt's wording, shown read-only; null: the suite takes the editable prompt template */
  Wording: Component<SetupProps> | null;
  /** loaded when a run of the suite is opened (the first page does not carry the reports) */
  Report: () => Promise<{ default: Component<ReportProps, object, '' | 'variant'> }>;
  /** its view of the runs ticked on its paper's tab, for suites that share a tab (LongFuncEval's challenges) */
  Compared?: () => Promise<{ default: Component<{ runs: RunSeries[] }> }>;
  /** its panel on the Packs tab, for a suite whose data is imported there */
  Import?: () => Promise<{ default: Component }>;
  /** its paper's tab, for a paper with this one suite (`tab`: the tab's id, `papers.ts`) */
  Paper?: { tab: string; label: string; page: () => Promise<{ default: Component }> };
}

export const SUITE_VIEWS: Readonly<Record<SuiteId, SuiteViews>> = {
  catalog: { Setup: CatalogSetup, Packs: CatalogPacks, Wording: null, Report: () => import('./catalog/CatalogReport.svelte'), Compared: () => import('./catalog/CatalogView.svelte') },
  robustness: { Setup: RobustnessSetup, Wording: null, Report: () => import('./robustness/RobustnessSummary.svelte') },
  'response-qa': {
    Setup: ResponseQaSetup,
    Wording: ResponseQaWording,
    Report: () => import('./response-qa/ResponseQaView.svelte'),
    Compared: () => import('./response-qa/ResponseQaView.svelte'),
  },
  multiturn: { Setup: MultiturnSetup, Wording: null, Report: () => import('./multiturn/MultiturnView.svelte'), Compared: () => import('./multiturn/MultiturnView.svelte') },
  composition: {
    Setup: CompositionSetup,
    Wording: CompositionWording,
    Report: () => import('./composition/CompositionView.svelte'),
    Paper: { tab: 'comptoolbench', label: 'CompToolBench', page: () => import('./composition/CompToolBench.svelte') },
  },
  'wildagteval-simulated': { Setup: WildSimulatedSetup, Wording: WildSimulatedWording, Report: () => import('../results/WildAgtEvalTables.svelte') },
  'wildagteval-benchmark': {
    Setup: WildAgtEvalSetup,
    Wording: WildAgtEvalWording,
    Report: () => import('./wildagteval-benchmark/WildAgtEvalReport.svelte'),
    Import: () => import('./wildagteval-benchmark/ImportWildAgtEval.svelte'),
    Paper: { tab: 'wildagteval', label: 'WildAgtEval', page: () => import('./wildagteval-benchmark/WildAgtEvalTab.svelte') },
  },
};
