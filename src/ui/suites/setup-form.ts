/** The Run tab's state as each suite's setup view reads and edits it (RunSetup.svelte owns it). */
import type { PackRow } from '../../lib/store/db';
import type { OwnApiSetup } from '../../lib/suites/wildagteval-simulated/request-conversations';
import type { SuiteFields } from '../../lib/suites/registry';
import type { WildFilesSummary } from '../../lib/suites/wildagteval-benchmark/benchmark-files';
import type { WildPlanSummary } from '../../lib/suites/wildagteval-benchmark/suite';

/** Every suite's fields, kept while the user switches between suites. */
export interface SetupForm extends SuiteFields {
  /** the WildAgtEval setup as its fields measured it (in the worker), or why it cannot run */
  wildPlan: WildPlanSummary | { error: string } | null;
}

/** What the rest of the setup offers a suite's fields: the engine, the chosen data. */
export interface SetupContext {
  /** context lengths offered */
  ladder: number[];
  asksModel: boolean;
  replay: boolean;
  maxTokens: number;
  selectedPacks: string[];
  chosenRows: PackRow[];
  conversationsAvailable: number;
  tasksAvailable: Partial<Record<string, number>>;
  predictedTasks: string[] | null;
  apiConversations: number;
  ownPacks: PackRow[];
  ownApi: OwnApiSetup | null;
  wildPack: PackRow | null;
  wildFiles: WildFilesSummary | null;
  wildRefusal: string | null;
}
