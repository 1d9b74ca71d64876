/** State shared by the screens: GPU, models, the active run's live progress. */
import type { GpuInfo } from '../lib/engines/gpu';
import type { ModelOption } from '../lib/engines/webllm-models';
import type { RunOutcome, RunProgress } from '../lib/run/loop';
import type { ConnectedServer, LoadedModel } from '../lib/engines/host';
import { NO_STREAM, type StreamTail } from './run/stream-tail';

/** The papers' tabs (each declared with its page in `papers.ts`). */
export type PaperTab = 'longfunceval' | 'comptoolbench' | 'wildagteval';

class AppState {
  gpu: GpuInfo | null = $state(null);
  models: ModelOption[] = $state.raw([]);
  loadedModel: LoadedModel | null = $state.raw(null);
  server: ConnectedServer | null = $state.raw(null);
  modelLoad: { progress: number; text: string } | null = $state(null);
  modelError: string | null = $state(null);
  activeRunId: string | null = $state(null);
  /** runs whose lock a worker holds (this tab's active run included): generated there, shown elsewhere read-only */
  runLocks: ReadonlySet<string> = $state.raw(new Set());
  progress: RunProgress | null = $state.raw(null);
  /** why the first of the active run's prompts that could not be built in this session could not be (the count is its progress's) */
  firstUnbuilt: string | null = $state(null);
  /** the output being generated now: its tail, and how long it is */
  streaming: StreamTail = $state.raw(NO_STREAM);
  /** how the latest run of this page ended, until another starts or the user dismisses it */
  ended: { runId: string; outcome: RunOutcome } | null = $state.raw(null);
  tab: 'run' | 'results' | PaperTab | 'packs' | 'parse' = $state('run');
  selectedRunId: string | null = $state(null);
  /** large type, thick lines, colour-blind-safe colours, direct labels (kept in this browser) */
  projector = $state(typeof localStorage !== 'undefined' && localStorage.getItem('fc-projector') === '1');
  /** a run just opened (a gallery example, a run file): its report is scrolled into view once it is on the page */
  revealRunId: string | null = $state(null);
  /** the first view's small sweep, asked of the Run tab (each ask a new id); `start`: its model is loaded, start it at once */
  quickSweep: { id: number; start: boolean } | null = $state.raw(null);
  /** a sample link opened (#run=…&sample=…), until the report selects it */
  linkedSample: { runId: string; sampleId: string | null } | null = $state.raw(null);
  /** a followed link whose run is neither in this browser nor shipped with the app */
  linkNotice: string | null = $state(null);
}

export const app = new AppState();
