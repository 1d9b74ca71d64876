/**
 * Every kind of engine, declared once: what the Run tab calls it, and what it can do — whether it
 * asks a model, whether that model is loaded in this tab, whether it keeps its KV cache between
 * requests by default, which tokenizer measures its prompts, whether it can take tools natively,
 * whether it can answer a sample several times, and where it runs. The Run tab, run files and the
 * runner read these; the worker and the runner open the engine of a run's kind with `openEngine`,
 * which loads the kind's factory (`open`) only then, so the page loads no engine.
 */
import type { EngineFactory, EngineHost, EngineOrder, EngineSettings, OpenedEngine } from './host';

export interface EngineKindDeclaration {
  label: string;
  hint: string;
  /** how a run's caption and report name it */
  caption: string;
  /** a model answers (not the ground truth, a heuristic or a file) */
  asksModel: boolean;
  /** the model is loaded in this tab first (its panel), not served elsewhere */
  loadsModel: boolean;
  /**
   * KV reuse unless the user says otherwise, where it is shown exact: the CPU engine (llama.cpp in
   * WebAssembly, loaded without flash attention) gives the same logits to the bit for a prompt read
   * partly from its cache as for the prompt read whole (docs/performance.md); WebLLM's reuse was not
   * shown exact on WebGPU, nor llama.cpp's on WebGPU as the app loads it (the Run tab starts a model
   * loaded there with reuse off). A server reuses as it is set up to.
   */
  kvReuseByDefault: boolean;
  /** whose tokenizer measures the prompts: the loaded model's, the server's (Llama 3's where it has none), or Llama 3's */
  counter: 'model' | 'server' | 'llama3';
  /** can take the tools natively (a server's `tools` field, a GGUF's own tool template) */
  nativeCalls: boolean;
  /** can answer one sample several times (a predictions file holds one answer each) */
  repeatable: boolean;
  /**
   * the right call's probability (docs/scoring.md): 'forced' where the engine reads a given continuation
   * and reports the model's log-probabilities (a server only when its probe found it does), else why not
   */
  callProbability: 'forced' | { none: string };
  /** where it runs: in the tab's worker, in the headless runner, or both */
  runsIn: readonly ('browser' | 'node')[];
  /** how a run's engine of this kind is opened (loaded when a run starts: the page loads no engine) */
  open: () => Promise<EngineFactory>;
}

/** What an engine that is no model can and cannot do. */
const NO_MODEL = {
  asksModel: false,
  loadsModel: false,
  kvReuseByDefault: false,
  counter: 'llama3',
  nativeCalls: false,
  callProbability: { none: 'no model answers: there are no log-probabilities' },
} as const;

export const ENGINE_KINDS = {
  webllm: {
    label: 'WebLLM (your GPU)',
    hint: 'A real model, running on WebGPU in this tab.',
    caption: 'WebLLM',
    asksModel: true,
    loadsModel: true,
    kvReuseByDefault: false,
    counter: 'model',
    nativeCalls: false,
    callProbability: {
      none: "WebLLM's API reports log-probabilities of the tokens it generates but cannot be made to read a given continuation (no grammar of a literal text, no logit bias by position)",
    },
    repeatable: true,
    runsIn: ['browser'],
    open: () => import('./open-in-tab').then((m) => m.openWebllm),
  },
  wllama: {
    label: 'llama.cpp (GGUF, your CPU or GPU)',
    hint: 'A real GGUF model in this tab: on the CPU in WebAssembly (no GPU needed), or on the GPU through WebGPU where the adapter can run it.',
    caption: 'llama.cpp',
    asksModel: true,
    loadsModel: true,
    kvReuseByDefault: true,
    counter: 'model',
    nativeCalls: true,
    callProbability: 'forced',
    repeatable: true,
    runsIn: ['browser'],
    open: () => import('./open-in-tab').then((m) => m.openWllama),
  },
  openai: {
    label: 'OpenAI-compatible server',
    hint: 'vLLM, SGLang, llama.cpp, Ollama, LM Studio or a hosted API: the same suites against a real serving engine.',
    caption: 'OpenAI-compatible server',
    asksModel: true,
    loadsModel: false,
    kvReuseByDefault: false,
    counter: 'server',
    nativeCalls: true,
    callProbability: 'forced',
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./openai').then((m) => m.openServer),
  },
  baseline: {
    label: 'Baseline (no model)',
    hint: 'BM25 picks the tool, patterns fill the parameters: what surface matching alone achieves.',
    caption: 'baseline engine (BM25 + patterns, not a model)',
    ...NO_MODEL,
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./baseline').then((m) => m.openBaseline),
  },
  oracle: {
    label: 'Oracle (ground truth)',
    hint: 'Answers with the expected call: proves the pipeline can reach 100%. Measures no model.',
    caption: 'oracle engine (the ground truth, not a model)',
    ...NO_MODEL,
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./oracle').then((m) => m.openOracle),
  },
  replay: {
    label: 'Replay a predictions file',
    hint: 'Scores outputs produced elsewhere: {"id", "result"} per line — BFCL result files, or a list of {"tool_name", "arguments"} calls per CompToolBench task.',
    caption: 'replayed predictions',
    ...NO_MODEL,
    repeatable: false,
    runsIn: ['browser'],
    open: () => import('./replay').then((m) => m.openReplay),
  },
} as const satisfies Record<string, EngineKindDeclaration>;

export type EngineKind = keyof typeof ENGINE_KINDS;

/** The kinds in the order the Run tab offers them. */
export const ENGINE_KIND_IDS = Object.keys(ENGINE_KINDS) as EngineKind[];

/** The kinds that run where asked. */
export const kindsRunningIn = (where: 'browser' | 'node'): EngineKind[] => ENGINE_KIND_IDS.filter((k) => (ENGINE_KINDS[k].runsIn as readonly string[]).includes(where));

/** Why a run's results carry no right-call probability, or null where its engine gives one. */
export function whyNoCallProbability(engine: EngineChoice): string | null {
  const declared: EngineKindDeclaration = ENGINE_KINDS[engine.kind];
  if (declared.callProbability !== 'forced') return declared.callProbability.none;
  if (engine.kind === 'openai' && engine.logprobs !== 'chat-logprobs')
    return engine.logprobs === 'none'
      ? 'the server gave no log-probabilities for a forced continuation when probed (llama-cpp-python needs them enabled; a hosted API takes no grammar)'
      : 'the run was made before the server was probed for log-probabilities';
  return null;
}

/** A run's engine: its kind and how it was set up. */
export interface EngineChoice extends EngineSettings {
  kind: EngineKind;
}

/** Opens a run's engine of the given kind: a kind that loads its model in the tab is refused, by name, where there is no tab. */
export async function openEngine(kind: EngineKind, order: EngineOrder, host: EngineHost): Promise<OpenedEngine> {
  const declared: EngineKindDeclaration = ENGINE_KINDS[kind];
  if (declared.loadsModel && !host.models) throw new Error(`${declared.label} runs in a browser tab only.`);
  return (await declared.open())(order, host);
}
