/** State shared by the screens: GPU, models, the active run's live progress. */
import type { GpuInfo } from '../lib/engines/gpu';
import type { ModelOption } from '../lib/engines/webllm-models';
import type { RunProgress } from '../lib/run/loop';
import type { LoadedModel } from '../../workers/eval.worker';

class AppState {
  gpu: GpuInfo | null = $state(null);
  models: ModelOption[] = $state.raw([]);
  loadedModel: LoadedModel | null = $state.raw(null);
  modelLoad: { progress: number; text: string } | null = $state(null);
  modelError: string | null = $state(null);
  activeRunId: string | null = $state(null);
  progress: RunProgress | null = $state.raw(null);
  /** the output being generated now */
  streaming = $state('');
  runError: string | null = $state(null);
  tab: 'run' | 'results' | 'longfunceval' | 'comptoolbench' | 'wildagteval' | 'packs' | 'parse' = $state('run');
  selectedRunId: string | null = $state(null);
}

export const app = new AppState();
