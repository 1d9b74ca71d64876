/**
 * Each engine kind's panel in the Run tab, where the tab gets what the kind chooses its engine from
 * (a model to load, a server to connect, a predictions file): the tab shows the chosen kind's panel,
 * and every panel takes the same props (what it does not need, it ignores). A kind with nothing to
 * set up in the tab has no line.
 */
import type { Component } from 'svelte';
import type { ChosenPredictions } from '../../lib/engines/host';
import type { EngineKind } from '../../lib/engines/kinds';
import type { ReplayCoverage } from '../../lib/engines/host';
import type { RunDraft } from '../../lib/run/run-row';
import GgufModelPanel from './GgufModelPanel.svelte';
import ReplayFields from './ReplayFields.svelte';
import ServerPanel from './ServerPanel.svelte';
import WebLlmPanel from './WebLlmPanel.svelte';

/** What the panels set that is the tab's own (a loaded model and a connected server live in the app's state). */
export interface EngineForm {
  /** the window the next WebLLM load asks for */
  nextWindow: number;
  predictions: ChosenPredictions | null;
  coverage: ReplayCoverage | null;
}

export interface EnginePanelProps {
  form: EngineForm;
  /** changes the form (the tab owns it) */
  set(patch: Partial<EngineForm>): void;
  /** the run Start would store, when it plans samples */
  planned: RunDraft | null;
}

export const newEngineForm = (): EngineForm => ({ nextWindow: 8192, predictions: null, coverage: null });

export const ENGINE_PANELS: Partial<Record<EngineKind, Component<EnginePanelProps>>> = {
  webllm: WebLlmPanel,
  wllama: GgufModelPanel,
  openai: ServerPanel,
  replay: ReplayFields,
};
