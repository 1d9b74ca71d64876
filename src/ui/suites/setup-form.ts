/** The Run tab's state as each suite's setup view reads and edits it (RunSetup.svelte owns it). */
import type { PackRow } from '../../lib/store/db';
import type { SetupCommon } from '../../lib/suites/declaration';
import type { SuiteFields } from '../../lib/suites/registry';

/** Every suite's fields, kept while the user switches between suites. */
export type SetupForm = SuiteFields;

/** What the rest of the setup offers a suite's fields: the engine, the stored and chosen data, and what the suite measured of it. */
export interface SetupContext {
  /** context lengths offered */
  ladder: number[];
  asksModel: boolean;
  replay: boolean;
  maxTokens: number;
  selectedPacks: string[];
  chosenRows: PackRow[];
  /** every stored pack (not the earlier versions kept for runs) */
  storedPacks: PackRow[];
  conversationsAvailable: number;
  tasksAvailable: Partial<Record<string, number>>;
  predictedTasks: string[] | null;
  window: SetupCommon['window'];
  /** what the open suite's `prepare` measured (its declaration's type), null until it answers */
  prepared: unknown;
}
