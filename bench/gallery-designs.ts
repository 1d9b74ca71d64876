/**
 * The real models the gallery is recorded with and the evidence designs of docs/findings.md, declared
 * once: `npm run bench:gallery` records them, `npm run bench:recheck` asks a design again with
 * another seed.
 */
import { join } from 'node:path';
import { CPU_SERVER_BOUNDS } from '../harness/llama-server';
import { QWEN_CODER_05B, QWEN_CODER_15B, SMOLLM2, type RealModel } from '../harness/real-model';

export interface Recording {
  title: string;
  args: string[];
  /** the server's window for this recording */
  context: number;
  /** more llama-cpp-python server flags (a longer window by YaRN rope scaling) */
  serverArgs?: string[];
  /** the runner's time bounds, where the CPU server's (CPU_SERVER_BOUNDS) are too short for the prompt */
  bounds?: readonly string[];
}

export interface GalleryModel {
  model: RealModel;
  /** what the gallery says of it: model and quantization (the file, its source and licence are in docs/findings.md) */
  label: string;
  /** recordings of its own where the suite's default does not fit it (a smaller window) */
  overrides?: Record<string, Recording>;
}

/** WildAgtEval's repository as ../shared holds it (its benchmark's databases, prompts and labels) */
export const WILD = join(process.cwd(), '..', 'shared', 'reference', 'wildagteval');

/**
 * The runner's bounds at WildAgtEval's ~27K-token prompt: the 1.5B on 2 cores had read neither
 * episode's first prompt after the CPU bounds' 1,800 s (2026-12-03, beside a recheck), so 3 h to the
 * first byte, 6 h a request.
 */
export const WILD_BOUNDS = ['--first-byte-timeout', '10800', '--stream-gap-timeout', '600', '--request-timeout', '21600'] as const;

export const MODELS: Record<string, GalleryModel> = {
  'qwen0.5b': {
    model: QWEN_CODER_05B,
    label: 'Qwen2.5-Coder-0.5B-Instruct Q4_K_M',
  },
  'qwen1.5b': {
    model: QWEN_CODER_15B,
    label: 'Qwen2.5-Coder-1.5B-Instruct Q4_K_M',
    overrides: {
      // 4K only: the length where its 100-sample curve was mid-range (32%; 92% at 2K), chosen for that (docs/findings.md, the design)
      position: {
        title: 'Evidence: needle position at 4K, α 0.1/0.5/0.9 × 100 requests',
        args: ['catalog', '--lengths', '4K', '--positions', '0.1,0.5,0.9', '--per-cell', '100', '--seed', '42', '--order', 'prefix', '--max-tokens', '128'],
        context: 6144,
      },
      // the ladder's first two rungs only (issue 48): each reads the ~27K-token prompt afresh, ~30 min on 2 cores
      'wildagteval-ladder': {
        title: "WildAgtEval's own benchmark, the cumulative ladder's first rungs (None → +Ad-hoc), first conversation",
        args: ['wildagteval-benchmark', '--wildagteval', WILD, '--experiments', 'cumulative:none,cumulative:ad-hoc', '--conversations', '1', '--max-tokens', '256', '--context', '32768'],
        context: 32768,
        bounds: WILD_BOUNDS,
      },
    },
  },
  // the model ladder's lowest rung, on the same catalog samples as far as its 8K window goes
  smollm2: {
    model: SMOLLM2,
    label: 'SmolLM2-135M-Instruct Q4_1',
    overrides: {
      catalog: {
        title: 'Tool catalog, 1K–4K tokens × 5 needle positions × 5 requests (its 8K window takes no 8K prompt)',
        args: ['catalog', '--lengths', '1K,2K,4K', '--positions', '0.1,0.3,0.5,0.7,0.9', '--per-cell', '5', '--seed', '7', '--order', 'prefix', '--max-tokens', '128'],
        context: 6144,
      },
    },
  },
};

/**
 * The evidence designs (docs/findings.md, "The design"): one recording per effect, the app's default
 * seed, many distinct requests, each asked under every condition of its contrast so the tests pair
 * by request. Written before recording; not stopped when a result looks significant.
 */
export const EVIDENCE: Record<string, Recording> = {
  position: {
    title: 'Evidence: length 1K/2K/4K × needle position α 0.1/0.5/0.9 × 100 requests',
    args: ['catalog', '--lengths', '1K,2K,4K', '--positions', '0.1,0.5,0.9', '--per-cell', '100', '--seed', '42', '--order', 'prefix', '--max-tokens', '128'],
    context: 6144,
  },
  // the right call's probability (issue 75): the first 30 requests of `position`'s plan, each in its 9 cells,
  // to measure what the probability decides with 30 requests beside accuracy on the same samples
  'position-probability': {
    title: "Evidence: the right call's probability — length 1K/2K/4K × needle position α 0.1/0.5/0.9 × 30 requests",
    args: ['catalog', '--lengths', '1K,2K,4K', '--positions', '0.1,0.5,0.9', '--per-cell', '30', '--seed', '42', '--order', 'prefix', '--max-tokens', '128'],
    context: 6144,
  },
  // the papers' lengths (issue 71): LongFuncEval measures from 8K; the 0.5B's window is 32K
  'position-long': {
    title: "Evidence: the papers' lengths — 8K/16K × needle position α 0.1/0.5/0.9 × 30 requests, with the right call's probability",
    args: ['catalog', '--lengths', '8K,16K', '--positions', '0.1,0.5,0.9', '--per-cell', '30', '--seed', '42', '--order', 'prefix', '--max-tokens', '128'],
    context: 17408,
  },
  // the 1.5B's length curve (issue 71): its `position` is 4K only; this asks its length effect at α 0.5 up to
  // the papers' first length, 30 requests (the 0.5B's `position-probability` decided the length effect on the
  // probability with 30: −17.0 points, p < 0.001, detects ≥ 7.9), ~4.8 min a request idle (4K at α 0.5 78 s measured; 1K ~10 s, 2K ~25 s,
  // 8K ~3 min estimated): ~2.4 h idle, 3–5× that beside the test suite
  length: {
    title: "Evidence: length 1K/2K/4K/8K at α 0.5 × 30 requests, with the right call's probability",
    args: ['catalog', '--lengths', '1K,2K,4K,8K', '--positions', '0.5', '--per-cell', '30', '--seed', '42', '--order', 'prefix', '--max-tokens', '128'],
    context: 9216,
  },
  // the response-size effect to the papers' lengths (issue 71): `depth`'s size ladder stops at 4K; the same 50
  // questions at 1K (the same prompts as `depth`'s 1K cell) and at 16K, the size experiment only; ~5 min a question
  // idle (a 16K prompt read whole: ~295 s measured in `position-long`), ~4.4 h idle
  'depth-long': {
    title: "Evidence: long tool responses to the papers' lengths, size 1K/16K (record 1) × 50 questions",
    args: ['response-qa', '--experiments', 'size', '--lengths', '1K,16K', '--positions', '1', '--per-cell', '50', '--seed', '42', '--max-tokens', '64'],
    context: 17408,
  },
  'robustness-200': {
    title: 'Evidence: robustness, 200 requests × original/rephrased/expanded toolkit',
    args: ['robustness', '--count', '200', '--seed', '42', '--max-tokens', '128'],
    context: 4096,
  },
  depth: {
    title: 'Evidence: long tool responses, size 1K/2K/4K (record 1) and depth records 1/4/8 at 4K × 50 questions',
    args: ['response-qa', '--lengths', '1K,2K,4K', '--positions', '1,4,8', '--per-cell', '50', '--seed', '42', '--max-tokens', '64'],
    context: 6144,
  },
  // 2K, not 1K: the opening, tools and last request of every conversation measure 1,174–1,357 tokens (the 1K cells of a first recording could not be built)
  turns: {
    title: 'Evidence: long conversations, 2K/4K tokens × fact in prose/JSON × 60 conversations',
    args: ['multiturn', '--lengths', '2K,4K', '--settings', 'prose,structured', '--count', '60', '--seed', '42', '--max-tokens', '128'],
    context: 6144,
  },
  levels: {
    title: 'Evidence: composition L0–L3, every task (200), single-turn, task tools only',
    args: ['composition', '--levels', 'L0_node,L1_chain,L2_parallel,L3_dag', '--per-cell', '1000', '--distractors', '0', '--protocol', 'single-turn', '--seed', '42', '--max-tokens', '256'],
    context: 6144,
  },
  complexity: {
    title: 'Evidence: API complexity, isolated, 20 targets a type × ad-hoc rules/irrelevant information/system failures, off vs on',
    args: ['wildagteval-simulated', '--mode', 'isolated', '--types', 'ad_hoc,irrelevant,system_failure', '--per-cell', '20', '--max-steps', '3', '--seed', '42', '--max-tokens', '256'],
    context: 8192,
  },
};

/**
 * The order the evidence is recorded in (`npm run bench:gallery -- evidence`): every row of the 0.5B
 * first, cheapest first once `position` (begun first) is done, then the 1.5B's rows, its long
 * `position` near the end, then the papers' lengths. Only the order is chosen here; each design is as docs/findings.md states it.
 */
export const EVIDENCE_QUEUE: [model: string, recording: string][] = [
  ['qwen0.5b', 'robustness-200'],
  ['qwen0.5b', 'position'],
  ['qwen0.5b', 'levels'],
  ['smollm2', 'robustness-200'],
  ['qwen0.5b', 'turns'],
  ['qwen0.5b', 'depth'],
  ['qwen0.5b', 'complexity'],
  ['qwen1.5b', 'robustness-200'],
  ['qwen1.5b', 'depth'],
  ['qwen1.5b', 'position'],
  ['qwen1.5b', 'wildagteval'],
  ['qwen1.5b', 'wildagteval-ladder'],
  ['qwen1.5b', 'levels'],
  ['qwen1.5b', 'complexity'],
  // the papers' lengths (issue 71): the 1.5B's length curve first (~2.4 h idle), then the 0.5B's 8K/16K (~9 h idle),
  // then its response-size contrast to 16K (~4.4 h idle)
  ['qwen1.5b', 'length'],
  ['qwen0.5b', 'position-long'],
  ['qwen0.5b', 'depth-long'],
];

/** The server's threads and KV reuse for every recording: exact reuse (a prefix cut at a micro-batch boundary). */
export const SERVER_THREADS = 2;
export const SERVER_KV_REUSE = 'aligned';

/** The runner's arguments for a recording on the CPU server (its wider bounds: an 8K prompt takes a minute or two). */
export const runnerArgsOf = (r: Recording): string[] => [...r.args, ...(r.bounds ?? CPU_SERVER_BOUNDS), '--server-reuse', SERVER_KV_REUSE];

/** A model's evidence design: its own where it has one (the 1.5B's `position` at 4K only), else the common one. */
export const evidenceDesign = (g: GalleryModel, design: string): Recording | undefined => (design in EVIDENCE ? (g.overrides?.[design] ?? EVIDENCE[design]) : undefined);
