/**
 * `npm run bench:gallery -- MODEL [SUITE …]`: records the gallery's runs of a real model with the
 * headless runner against llama-cpp-python's server (native llama.cpp: about three times the
 * browser's speed), one run file per suite, then publishes each finished file in
 * examples/index.json where it lies (no copy). MODEL is qwen0.5b, qwen1.5b or smollm2 (fetched by
 * scripts/fetch-models.sh); SUITE is any of the keys below (default: all). Resumable: run files are
 * written as results come, in examples/recordings/MODEL/ (kept in git, so a recording stopped in one
 * session goes on in the next; the gallery offers only what the manifest publishes), and the same
 * command again skips what they hold. Long: the 0.5B's
 * catalog sweep (100 prompts of 1K–8K tokens) takes about half an hour on 2 cores, the 1.5B's
 * about twice that; WildAgtEval's 27K-token prompt a few minutes a step.
 * Greedy (temperature 0), prompts in our format (the app's default), KV cache kept by the server.
 * `npm run bench:gallery -- evidence` records the evidence designs of docs/findings.md, model by
 * model in EVIDENCE_QUEUE's order, each resuming where it stopped. A run file begun by this recorder
 * carries in its header the command that re-records it, the model file's sha256, the server's window,
 * reuse mode and threads, and the runner's arguments.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { whyNotPublishable, writeManifestEntries } from './gallery-manifest';
import { updateGeneratedBlocks } from './gallery-findings';
import { headlineSums, headlineValue } from '../src/lib/analysis/headline';
import { recordingKey } from '../src/lib/analysis/recording-key';
import { SUITES } from '../src/lib/suites/registry';
import { readRunFile } from '../src/lib/store/run-file';
import { modelMissing } from '../harness/real-model';
import { EVIDENCE, EVIDENCE_QUEUE, type GalleryModel, MODELS, type Recording, runnerArgsOf, SERVER_KV_REUSE, SERVER_THREADS, WILD, WILD_BOUNDS } from './gallery-designs';
import { runRecording, withRecordingServer } from './recording-server';

/**
 * Qwen2.5's window stretched past its trained 32K by YaRN (as Qwen documents for long inputs), here
 * ×1.25 to 40K: WildAgtEval's "adhoc+unclear" prompt is 34,108 tokens in Qwen's tokenizer.
 */
const YARN_40K = ['--rope_scaling_type', '2', '--yarn_orig_ctx', '32768', '--rope_freq_scale', '0.8'];

const RECORDINGS: Record<string, Recording> = {
  ...EVIDENCE,
  catalog: {
    title: 'Tool catalog, 1K–8K tokens × 5 needle positions × 5 requests',
    args: ['catalog', '--lengths', '1K,2K,4K,8K', '--positions', '0.1,0.3,0.5,0.7,0.9', '--per-cell', '5', '--seed', '7', '--order', 'prefix', '--max-tokens', '128'],
    context: 10240,
  },
  robustness: { title: 'Robustness, 20 requests × original/rephrased/expanded toolkit', args: ['robustness', '--count', '20', '--seed', '7', '--max-tokens', '128'], context: 4096 },
  'response-qa': {
    title: 'Long tool responses, 1K/4K tokens, answer in records 1, 4, 8',
    args: ['response-qa', '--lengths', '1K,4K', '--positions', '1,4,8', '--per-cell', '2', '--seed', '7', '--max-tokens', '64'],
    context: 6144,
  },
  multiturn: {
    title: 'Long conversations, 2K/8K tokens, fact in prose and in JSON',
    args: ['multiturn', '--lengths', '2K,8K', '--settings', 'prose,structured', '--count', '2', '--seed', '7', '--max-tokens', '128'],
    context: 10240,
  },
  composition: {
    title: 'Composition L0–L3, single-turn, task tools only',
    args: ['composition', '--levels', 'L0_node,L1_chain,L2_parallel,L3_dag', '--per-cell', '3', '--distractors', '0', '--protocol', 'single-turn', '--seed', '7', '--max-tokens', '256'],
    context: 6144,
  },
  'api-complexity': {
    title: 'API complexity, isolated: ad-hoc rules, irrelevant information, system failures, off vs on',
    args: [
      'wildagteval-simulated',
      '--mode',
      'isolated',
      '--types',
      'ad_hoc,irrelevant,system_failure',
      '--per-cell',
      '1',
      '--conversations',
      '3',
      '--max-steps',
      '3',
      '--seed',
      '7',
      '--max-tokens',
      '256',
    ],
    context: 8192,
  },
  wildagteval: {
    title: "WildAgtEval's own benchmark, isolated ad-hoc pair, first conversation",
    args: ['wildagteval-benchmark', '--wildagteval', WILD, '--experiments', 'isolated:ad-hoc:off,isolated:ad-hoc:on', '--conversations', '1', '--max-tokens', '512', '--context', '32768'],
    context: 32768,
    bounds: WILD_BOUNDS,
  },
  'wildagteval-40k': {
    title: "WildAgtEval's own benchmark at a 40K window (YaRN ×1.25): the cumulative ladder and the isolated notice pair, first conversation",
    args: [
      'wildagteval-benchmark',
      '--wildagteval',
      WILD,
      '--experiments',
      'cumulative:none,cumulative:ad-hoc,cumulative:unclear,cumulative:info,cumulative:irrelevant,isolated:notice:off,isolated:notice:on',
      '--conversations',
      '1',
      '--max-tokens',
      '256',
      '--context',
      '40960',
    ],
    context: 40960,
    serverArgs: YARN_40K,
  },
  'wildagteval-ladder': {
    title: "WildAgtEval's own benchmark, the cumulative ladder (None → +Ad-hoc → +Unclear → +Info → +Irrelevant), first conversation",
    args: [
      'wildagteval-benchmark',
      '--wildagteval',
      WILD,
      '--experiments',
      'cumulative:none,cumulative:ad-hoc,cumulative:unclear,cumulative:info,cumulative:irrelevant',
      '--conversations',
      '1',
      '--max-tokens',
      '256',
      '--context',
      '32768',
    ],
    context: 32768,
  },
};

async function main() {
  const [key, ...only] = process.argv.slice(2);
  if (key === 'evidence') {
    for (const [model, recording] of EVIDENCE_QUEUE) await record(model, [recording]);
    return;
  }
  const g = key ? MODELS[key] : undefined;
  if (!g) throw new Error(`usage: npm run bench:gallery -- evidence | ${Object.keys(MODELS).join('|')} [${Object.keys(RECORDINGS).join(' ')}]`);
  await record(key!, only.length ? only : Object.keys(RECORDINGS));
}

async function record(key: string, suites: readonly string[]) {
  const g = MODELS[key]!;
  const missing = modelMissing(g.model);
  if (missing) throw new Error(missing);
  for (const s of suites) if (!RECORDINGS[s]) throw new Error(`unknown suite "${s}" (one of ${Object.keys(RECORDINGS).join(', ')})`);
  const examples = join(process.cwd(), 'examples');
  const charts = join(process.cwd(), '.cache', 'recordings', key);

  // one server per window and flags, reused by the suites that share them
  const byServer = new Map<string, string[]>();
  for (const s of suites) {
    const r = g.overrides?.[s] ?? RECORDINGS[s]!;
    if (s.startsWith('wildagteval') && !existsSync(join(WILD, 'databases'))) {
      console.log(`wildagteval: skipped, ${WILD} is not present (it comes with ../shared)`);
      continue;
    }
    const out = join(examples, recordingKey(key, s));
    mkdirSync(dirname(out), { recursive: true });
    const earlier = existsSync(out) ? readRunFile(readFileSync(out, 'utf8')).run : null;
    // a file recorded to another design is refused by the runner below, with what differs
    if (earlier?.status === 'completed' && earlier.name.endsWith(r.title)) {
      console.log(`${key} · ${s}: already complete (${out})`);
      publish(key, s, r, out, g, examples);
      continue;
    }
    const serverKey = JSON.stringify([r.context, r.serverArgs ?? []]);
    byServer.set(serverKey, [...(byServer.get(serverKey) ?? []), s]);
  }
  for (const [serverKey, names] of [...byServer].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [context, serverArgs] = JSON.parse(serverKey) as [number, string[]];
    await withRecordingServer(g, { context, serverArgs }, async (baseUrl, signal) => {
      for (const s of names) {
        const r = g.overrides?.[s] ?? RECORDINGS[s]!;
        const out = join(examples, recordingKey(key, s));
        const t0 = Date.now();
        console.log(`\n== ${key} · ${s} (window ${context}${serverArgs.length ? `, ${serverArgs.join(' ')}` : ''})`);
        const provenance = {
          command: `npm run bench:gallery -- ${key} ${s}`,
          note:
            `model file ${basename(g.model.file)} sha256 ${g.model.sha256}; ` +
            `server llama-cpp-python 0.3.36 (harness/llama_cpp_server.py, window ${context}${serverArgs.length ? `, ${serverArgs.join(' ')}` : ''}, KV reuse ${SERVER_KV_REUSE}, ${SERVER_THREADS} threads, greedy); ` +
            `runner: npm run eval -- ${runnerArgsOf(r).join(' ')} --engine openai --base-url <server> --model ${g.model.alias}`,
        };
        const code = await runRecording(g, r, baseUrl, { name: r.title, out, extraArgs: ['--svg', join(charts, `${s}-svg`)], provenance, signal });
        console.log(`== ${s}: exit ${code} in ${((Date.now() - t0) / 60_000).toFixed(1)} min`);
        if (code === 0) publish(key, s, r, out, g, examples);
        if (signal.aborted) break;
      }
    });
  }
}

/** Puts a finished run file's entry in the manifest (by its path under examples/) and rewrites the README's findings table. */
function publish(key: string, suite: string, r: Recording, path: string, g: GalleryModel, examples: string) {
  const file = readRunFile(readFileSync(path, 'utf8'));
  const why = whyNotPublishable(file.run, file.results);
  if (why) return console.log(`${suite}: not published: ${why}`);
  const name = relative(examples, path);
  writeManifestEntries(examples, [
    {
      file: name,
      suite: file.run.suite,
      model: g.label,
      parameters: g.model.parameters,
      engine: `llama.cpp server (native, ${SERVER_THREADS} threads), headless runner`,
      recordedAt: (file.recording?.recordedAt ?? new Date().toISOString()).slice(0, 10),
      title: r.title,
      samples: file.results.length,
      headline: headlineValue(headlineSums(SUITES[file.run.suite].headline.measure, file.results)),
      command: `npm run bench:gallery -- ${key} ${suite}`,
    },
  ]);
  console.log(`published examples/${name} (${file.results.length} results, ${(readFileSync(path).length / 1024).toFixed(0)} KB)`);
  // the README's findings table reads the gallery: kept as the recordings give it
  for (const path of updateGeneratedBlocks(join(examples, '..'))) console.log(`${path}: rewritten from the gallery`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
