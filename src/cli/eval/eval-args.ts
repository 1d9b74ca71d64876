/**
 * The headless runner's command line → the run it makes (the same `RunRow` the app stores), and
 * how to reach the engine. Pure: no files, no network. Every mistake names the flag.
 */
import { parseArgs } from 'node:util';
import { CALL_MODES, type CallMode } from '../../lib/core/types';
import { MAX_REPEATS, RUN_ORDERS, type RunOrder } from '../../lib/core/sample-source';
import { checkBaseUrl, type GrammarField, PENALTY_FIELDS, type PenaltyField } from '../../lib/engines/openai-server';
import { DEFAULT_RETRY } from '../../lib/engines/openai';
import { TIMEOUT_SETTINGS, type TimeoutBound } from '../../lib/engines/request-clock';
import type { RequestTimeouts } from '../../lib/core/types';
import { DEFAULT_PROMPT } from '../../lib/prompts/template';
import { newRun, type NewRun } from '../../lib/run/new-run';
import { MAX_CONCURRENCY, SERVER_REUSE, type ServerReuse } from '../../lib/engines/host';
import { type Constraint, type FlagReader, MIN_MAX_TOKENS } from '../../lib/suites/declaration';
import { MAX_PROMPT_TOKENS, readSettingFlags, settingUsage } from '../../lib/suites/settings';
import { type Suite, type SuiteId, SUITE_IDS, SUITE_LIST, SUITES } from '../../lib/suites/registry';
import { suiteIdNow } from '../../lib/store/run-shape';
import { ENGINE_KINDS, type EngineKind, kindsRunningIn } from '../../lib/engines/kinds';

const CONSTRAINTS: readonly Constraint[] = ['off', 'on', 'both'];
/** the flags every run takes, whatever its suite and engine */
const RUN_FLAGS = [
  'engine',
  'model',
  'api-key',
  'calls',
  'concurrency',
  'retries',
  'first-byte-timeout',
  'stream-gap-timeout',
  'request-timeout',
  'order',
  'max-tokens',
  'repeats',
  'temperature',
  'out',
  'name',
  'svg',
  'html',
];
/** the flags a suite takes beyond those every run takes: its settings' and its own */
const suiteFlags = (d: Pick<Suite, 'settings' | 'flags'>): string[] =>
  [...new Set([...d.settings.flatMap((s) => s.flags), ...d.flags])].filter((f) => !RUN_FLAGS.includes(f) && !ENGINE_FLAGS.includes(f));

/** the kinds that run in Node (lib/engines/kinds.ts: runsIn 'node'), each opened by its factory (its kind's `open`, lib/engines/kinds.ts) */
export const RUNNER_ENGINES = kindsRunningIn('node');
/** the flags some engine kind takes beyond those every run takes (each kind's `runnerFlags`) */
const ENGINE_FLAGS = [...new Set(RUNNER_ENGINES.flatMap((k) => ENGINE_KINDS[k].runnerFlags))];

export const EVAL_USAGE = `usage: npm run eval -- <suite> [options]
  suites: ${SUITE_IDS.join(', ')}
  engine:   --engine ${RUNNER_ENGINES.join('|')}   (openai: --base-url URL [--base-url URL2 …] --model NAME [--api-key KEY | env OPENAI_API_KEY])
            --calls prompt|native|both         tools in our prompt (default), in the request's native tools field, or both as paired runs
            --concurrency N                    requests in flight (default 1; a server batches them)
            --retries N                        attempts per request on 429, 5xx or a lost connection, with backoff (default 6)
            --first-byte-timeout S  --stream-gap-timeout S  --request-timeout S
                                               bounds on each request in seconds (defaults 90, 60, 600): a silent or stalled
                                               server fails the sample; a long prompt on a slow CPU server needs a larger first one
            --context N                        the server's context window, when it does not say
            --tokenizer server|llama3          count prompt lengths with the server's tokenizer (default where it has one) or Llama 3's (approximate)
            --grammar-field grammar|guided_grammar|none   how the server takes a grammar for --constrained (default: found by probing it)
            --penalty-field repeat_penalty|repetition_penalty|none   how the server's repeat penalty is switched off (sent as 1;
                                               default: found by probing it; none: its own default stands, recorded with the run)
            --server-reuse aligned|native|off  how the server reuses its KV cache between requests, recorded with the run (part of
                                               its identity: native reuse can change outputs; aligned — a prefix cut at a micro-batch
                                               boundary, as harness/llama_cpp_server.py does — and off do not)
  sweep:    --lengths 1K,2K,4K  --positions 0.1,0.5,0.9  --per-cell N  --seed S  --order prefix|grid
            --constraint on|both               decode under the grammar of the offered calls (both: the catalog's free and
                                               constrained answers side by side, paired; default off)
            --max-tokens N
            --repeats K --temperature T        ask every sample K times (1–${MAX_REPEATS}), sampling at temperature T (0–2; 0: greedy, default)
            defaults: as the app's Run tab (each suite's declaration in src/lib/suites/<suite>/declaration.ts)
${SUITE_LIST.map((d) => `            ${d.id}: ${[settingUsage(d.settings, d.config.defaults), d.usage ?? ''].join(' ').trim()}`).join('\n')}
  data:     --bfcl DIR/BFCL_v4_simple_python.json (repeatable; catalog and robustness): BFCL question files, their answers read
            from DIR/possible_answer/ as BFCL lays them out — instead of the built-in pack
            --tools FILE --requests FILE (catalog, robustness, wildagteval-simulated): your own tools (OpenAI/Anthropic/Gemini declarations
            or an OpenAPI document) and requests with expected calls (JSONL) — asked among the built-in catalog's tools,
            rephrased, or under WildAgtEval's complexity switches on your functions
            --wildagteval DIR (wildagteval): WildAgtEval's files (databases, conversation sets, agent prompts), read from DIR and
            its folders as the app's Packs tab reads them
            --judge-base-url URL --judge-model NAME (wildagteval): once the run completes, that model judges its
            error-handling episodes with WildAgtEval's rubric files (the run's own model need not be a good judge)
  output:   --out run.jsonl (resumable: a rerun with the same settings skips what is done)  --name NAME  --svg DIR
            --html FILE: the run as one self-contained HTML page (headline, charts, tables, every sample; no prompts, no
            server address) that opens in any browser offline and in the app as the run`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface EvalSettings {
  suite: SuiteId;
  engine: EngineKind;
  baseUrls: string[];
  /** --model: the model asked of an engine that asks one (a server may name its only one) */
  model: string | null;
  apiKey?: string;
  calls: CallMode[];
  concurrency: number;
  /** attempts per request */
  retries: number;
  /** the bounds set by flags (the engine's defaults for the rest) */
  timeouts: Partial<RequestTimeouts>;
  contextWindow: number | null;
  tokenizer: 'server' | 'llama3';
  /** how the server takes a grammar, when the user says (else probed) */
  grammarField: GrammarField | null;
  penaltyField: PenaltyField | null;
  /** how the server reuses its KV cache, when the user says */
  serverReuse: ServerReuse | null;
  /** decode under the grammar of the offered calls: the whole run, or the constrained cells of a suite that has them */
  constraint: Constraint;
  /** the suite's old id was typed: what the runner says before it starts */
  renamed: string | null;
  out: string;
  svgDir: string | null;
  /** --html: where to write the run as one HTML page */
  htmlFile: string | null;
  /** BFCL question files to use as the packs (catalog, robustness) */
  bfclFiles: string[];
  /** your own tools and requests files (catalog, robustness, wildagteval-simulated) */
  ownTools: { tools: string; requests: string } | null;
  /** the folder of the suite's own files, where it imports them (`importsFolder`: WildAgtEval's benchmark) */
  folder: string | null;
  /** the model that judges a WildAgtEval run's error-handling episodes once it completes (another server's, e.g.) */
  judge: { baseUrl: string; model: string } | null;
  /** the command that makes this run, the API key left out */
  command: string;
  /** the run without its id, times, engine and counter (filled in when they are known) */
  run: NewRun;
}

const MAX_LIST = 1000;

function list(flag: string, v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${flag} is empty`);
  if (items.length > MAX_LIST) throw new UsageError(`--${flag} has more than ${MAX_LIST} items`);
  return items;
}

/** `512`, `2K`, `1.5k`, `128K` → tokens. */
export function parseTokens(flag: string, v: string): number {
  const m = /^(\d+(?:\.\d+)?)([kK])?$/.exec(v);
  if (!m) throw new UsageError(`--${flag}: "${v}" is not a token count (e.g. 512, 2K)`);
  const n = Math.round(Number(m[1]) * (m[2] ? 1024 : 1));
  if (n < 1 || n > MAX_PROMPT_TOKENS) throw new UsageError(`--${flag}: ${v} is out of range`);
  return n;
}

function int(flag: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${flag}: "${v}" must be a whole number from ${min} to ${max}`);
  return n;
}

function oneOf<T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`--${flag}: "${v}" is not one of ${allowed.join(', ')}`);
  return v as T;
}

export function parseEvalArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): EvalSettings {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        ...(Object.fromEntries([...RUN_FLAGS, ...ENGINE_FLAGS, ...SUITE_LIST.flatMap(suiteFlags)].map((flag) => [flag, { type: 'string' }])) as Record<string, { type: 'string' }>),
        'base-url': { type: 'string', multiple: true },
        bfcl: { type: 'string', multiple: true },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  // every flag is text; the repeatable ones are lists
  const o = values as Partial<Record<string, string>>;
  const repeated = values as Partial<Record<'base-url' | 'bfcl', string[]>>;
  // the ids the suites had before still run, under today's (a resumed run's command, a script)
  const typed = positionals[0];
  const suite = oneOf('suite', typed === undefined ? undefined : suiteIdNow(typed), SUITE_IDS);
  if (!suite) throw new UsageError('name a suite first (e.g. npm run eval -- catalog …)');
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const engine = oneOf('engine', o.engine, RUNNER_ENGINES) ?? 'oracle';
  const baseUrls = (repeated['base-url'] ?? [])
    .flatMap((u) => u.split(','))
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of baseUrls) {
    const bad = checkBaseUrl(u);
    if (bad) throw new UsageError(`--base-url: ${bad}`);
  }
  const kind = ENGINE_KINDS[engine];
  // an engine flag of another kind would be ignored: say whose it is
  for (const flag of ENGINE_FLAGS) {
    if (o[flag] === undefined || kind.runnerFlags.includes(flag)) continue;
    throw new UsageError(
      `--${flag} is for ${RUNNER_ENGINES.filter((k) => ENGINE_KINDS[k].runnerFlags.includes(flag))
        .map((k) => `--engine ${k}`)
        .join(', ')}, not ${engine}`,
    );
  }
  for (const flag of kind.neededFlags ?? []) if (o[flag] === undefined && repeated[flag as 'base-url'] === undefined) throw new UsageError(`--engine ${engine} needs --${flag}`);
  if (o.model !== undefined && !kind.asksModel) throw new UsageError(`--model is for engines that ask a model (${RUNNER_ENGINES.filter((k) => ENGINE_KINDS[k].asksModel).join(', ')}), not ${engine}`);
  const callsFlag = o.calls === 'both' ? 'both' : oneOf('calls', o.calls, CALL_MODES);
  const calls: CallMode[] = callsFlag === 'both' ? ['prompt', 'native'] : [callsFlag ?? 'prompt'];
  if (calls.includes('native') && !kind.nativeCalls)
    throw new UsageError(`--calls native needs an engine that takes tools natively (--engine ${RUNNER_ENGINES.filter((k) => ENGINE_KINDS[k].nativeCalls).join('|')}: a server with tool calling)`);
  const declaration = SUITES[suite];
  // a flag of another suite would be ignored: say whose it is
  for (const [flag, value] of Object.entries(o)) {
    if (value === undefined || RUN_FLAGS.includes(flag) || ENGINE_FLAGS.includes(flag) || suiteFlags(declaration).includes(flag)) continue;
    const whose = SUITE_LIST.filter((d) => suiteFlags(d).includes(flag)).map((d) => d.id);
    throw new UsageError(`--${flag} is for ${whose.join(', ')}, not ${suite}`);
  }

  const bfclFiles = repeated.bfcl ?? [];
  if ((o.tools === undefined) !== (o.requests === undefined))
    throw new UsageError(o.tools === undefined ? '--requests needs --tools (the functions they call)' : '--tools needs --requests (the requests with their expected calls)');
  const ownTools = o.tools !== undefined && o.requests !== undefined ? { tools: o.tools, requests: o.requests } : null;
  if (ownTools && bfclFiles.length) throw new UsageError('--tools and --bfcl both name the requests: choose one');
  const folderFlag = declaration.importsFolder;
  const folder = folderFlag ? (o[folderFlag.flag] ?? null) : null;
  if (folderFlag && folder === null) throw new UsageError(`${suite} needs --${folderFlag.flag} DIR (${folderFlag.what})`);
  const judgeUrl = o['judge-base-url'];
  if ((judgeUrl === undefined) !== (o['judge-model'] === undefined))
    throw new UsageError(judgeUrl === undefined ? '--judge-model needs --judge-base-url (the server that serves it)' : '--judge-base-url needs --judge-model (the name that server serves it under)');
  const badJudge = judgeUrl === undefined ? null : checkBaseUrl(judgeUrl);
  if (badJudge) throw new UsageError(`--judge-base-url: ${badJudge}`);
  const judge = judgeUrl !== undefined && o['judge-model'] !== undefined ? { baseUrl: judgeUrl, model: o['judge-model'] } : null;
  const constraint = oneOf<Constraint>('constraint', o.constraint, CONSTRAINTS) ?? 'off';
  if (constraint === 'both' && declaration.constrain !== 'variants')
    throw new UsageError(
      `--constraint both (free and constrained side by side in one run) is for ${SUITE_LIST.filter((d) => d.constrain === 'variants')
        .map((d) => d.id)
        .join(', ')}; ${suite} runs constrained or not (--constraint on)`,
    );
  if (constraint !== 'off' && declaration.constrain === null) throw new UsageError(`--constraint is for suites whose answers are calls of offered tools, not ${suite}`);
  const raw = (flag: string): string | undefined => (o as Record<string, string | undefined>)[flag];
  const flags: FlagReader = {
    list: (flag) => list(flag, raw(flag)),
    int: (flag, min, max) => int(flag, raw(flag), min, max),
    oneOf: (flag, allowed) => oneOf(flag, raw(flag), allowed),
    text: raw,
    fail: (message) => {
      throw new UsageError(message);
    },
    lengths: list('lengths', o.lengths)
      ?.map((x) => parseTokens('lengths', x))
      .sort((a, b) => a - b),
    constraint,
    asksModel: kind.asksModel,
  };
  const suiteRun = declaration.fromFlags(flags, readSettingFlags(declaration.settings, declaration.config.defaults, flags));
  if (calls.includes('native') && !declaration.nativeCalls(suiteRun)) throw new UsageError(`--calls native applies to the catalog, robustness and single-turn composition, not this ${suite} run`);
  const maxTokens = int('max-tokens', o['max-tokens'], MIN_MAX_TOKENS, declaration.maxTokens.max) ?? declaration.maxTokens.default;
  const repeats = int('repeats', o.repeats, 1, MAX_REPEATS) ?? 1;
  const temperature = o.temperature === undefined ? 0 : Number(o.temperature);
  if (!(temperature >= 0 && temperature <= 2)) throw new UsageError(`--temperature: "${o.temperature}" must be a number from 0 to 2`);
  const order = oneOf<RunOrder>('order', o.order, RUN_ORDERS) ?? 'prefix';

  const run = newRun({ suiteRun, constraint, request: { maxTokens, temperature }, repeats, order, template: { ...DEFAULT_PROMPT } });
  if (o.name) run.name = o.name.slice(0, 200);
  const apiKey = o['api-key'] ?? env.OPENAI_API_KEY;
  // the key and its flag are left out of the recorded command (a run file never carries one, even masked)
  const shown = argv.filter((a, i) => a !== '--api-key' && argv[i - 1] !== '--api-key' && !a.startsWith('--api-key='));
  return {
    command: `npm run eval -- ${shown.join(' ')}`,
    suite,
    engine,
    baseUrls,
    model: o.model ?? null,
    ...(apiKey ? { apiKey } : {}),
    calls,
    concurrency: int('concurrency', o.concurrency, 1, MAX_CONCURRENCY) ?? 1,
    retries: int('retries', o.retries, 1, 100) ?? DEFAULT_RETRY.attempts,
    timeouts: Object.fromEntries(
      (Object.keys(TIMEOUT_SETTINGS) as TimeoutBound[]).flatMap((bound) => {
        const flag = TIMEOUT_SETTINGS[bound].flag.slice(2);
        const seconds = int(flag, raw(flag), 1, 86_400);
        return seconds === undefined ? [] : [[bound, seconds * 1000]];
      }),
    ),
    contextWindow: o.context === undefined ? null : parseTokens('context', o.context),
    tokenizer: oneOf('tokenizer', o.tokenizer, ['server', 'llama3'] as const) ?? 'server',
    grammarField: oneOf<GrammarField>('grammar-field', o['grammar-field'], ['grammar', 'guided_grammar', 'none']) ?? null,
    penaltyField: oneOf<PenaltyField>('penalty-field', o['penalty-field'], PENALTY_FIELDS) ?? null,
    serverReuse: oneOf<ServerReuse>('server-reuse', o['server-reuse'], SERVER_REUSE) ?? null,
    constraint,
    renamed: typed !== undefined && typed !== suite ? `${typed} is called ${suite} now: running ${suite}` : null,
    // the same command writes (and resumes) the same file it did under the old id
    out: o.out ?? `${typed ?? suite}.run.jsonl`,
    bfclFiles,
    ownTools,
    folder,
    judge,
    svgDir: o.svg ?? null,
    htmlFile: o.html ?? null,
    run,
  };
}
