/**
 * The run file's schema: every field its header and result lines may have, and every check a value
 * must pass, declared once with zod (a maintained schema library: its objects refuse unknown keys,
 * its refinements carry the checks across fields). The compiler holds the declared fields to the run's
 * and result's types both ways (`everyFieldDeclared`), so a field added to either is declared here or
 * the build fails. What needs more than one line to decide — a result's run, a sample twice, the
 * versions before this one — stays in `run-file.ts`, and credentials are refused before any of it.
 */
import { z } from 'zod/mini';
import { MAX_REPEATS, RUN_ORDERS } from '../core/sample-source';
import { type CallLogprob, CALL_MODES, CELL_MEASURES, type SampleResult } from '../core/types';
import { ENGINE_KIND_IDS, ENGINE_KINDS, type EngineChoice } from '../engines/kinds';
import { storedModelId } from '../engines/gguf-models';
import type { EngineDevice } from '../engines/load-log';
import { LOGPROBS_FIELDS, PENALTY_FIELDS } from '../engines/openai-server';
import { MAX_CONCURRENCY, SERVER_REUSE } from '../engines/host';
import type { RecordedPrompt, Recording, RunRow } from '../run/run-row';
import { SUITE_IDS, SUITES } from '../suites/registry';
import { settingProblems, wordProblems } from '../suites/settings';

// no generated code: the app's policy refuses eval, and zod's probe for it would report a violation on every page
z.config({ jitless: true });

const STATUSES = ['queued', 'running', 'paused', 'completed', 'cancelled', 'failed'] as const;
const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const ERROR_KINDS = ['context_overflow', 'engine_error', 'aborted', 'build_error', 'no_prediction'] as const;
const DEVICE_KINDS = ['cpu', 'webgpu'] as const satisfies readonly EngineDevice['kind'][];
/** A forced name has a few tokens; a file listing more is not one this app wrote. */
const MAX_FORCED_TOKENS = 256;

/** a field the format has and whose value this app does not check (it reads it as stored) */
const kept = z.optional(z.unknown());
const text = z.string();
const number = z.number();
const textOrNull = z.nullable(z.string());

const deviceSchema = z.strictObject({
  kind: z.enum(DEVICE_KINDS),
  adapter: z.optional(text),
  layers: z.optional(
    z
      .strictObject({ offloaded: number, of: number })
      .check(z.refine((l) => l.offloaded <= l.of, { error: (i) => `expected at most ${(i.input as { of: number }).of} layers offloaded (got ${(i.input as { offloaded: number }).offloaded})` })),
  ),
  note: z.optional(text),
  checked: z.optional(text),
});

const engineSchema = z
  .strictObject({
    kind: z.enum(ENGINE_KIND_IDS),
    model: text,
    contextWindow: kept,
    baseUrl: z.optional(text),
    calls: z.optional(z.enum(CALL_MODES)),
    grammarField: kept,
    penaltyField: z.optional(z.enum(PENALTY_FIELDS)),
    logprobs: z.optional(z.enum(LOGPROBS_FIELDS)),
    timeouts: kept,
    serverReuse: z.optional(z.enum(SERVER_REUSE)),
    concurrency: z.optional(
      number.check(
        z.refine((n) => Number.isInteger(n) && n >= 2 && n <= MAX_CONCURRENCY, {
          error: (i) => `expected a whole number of requests in flight from 2 to ${MAX_CONCURRENCY} (one is said by its absence), got ${String(i.input)}`,
        }),
      ),
    ),
    device: z.optional(deviceSchema),
  })
  .check(
    z.superRefine((engine, ctx) => {
      // the model id's mark binds a run to its device: a file that says otherwise would resume on the wrong one
      const device = engine.device;
      if (engine.kind === 'wllama' && device && (device.kind === 'webgpu') !== (storedModelId(engine.model).load === 'webgpu')) {
        const gpu = device.kind === 'webgpu';
        ctx.addIssue({ code: 'custom', path: ['device', 'kind'], message: `a run on ${gpu ? 'the GPU' : 'the CPU'} names its model ${gpu ? 'with' : 'without'} the #webgpu mark` });
      }
    }),
  );

const recordingSchema = z.strictObject({ recordedAt: text, model: text, engine: text, command: text, note: z.optional(text) });

const runSchema = z
  .strictObject({
    id: z.string().check(z.regex(/^[\w.:-]{1,120}$/, { error: 'expected letters, digits and . _ : - only' })),
    name: text,
    createdAt: number,
    updatedAt: kept,
    status: z.enum(STATUSES),
    suite: z.enum(SUITE_IDS),
    packIds: z.array(text),
    packVersions: kept,
    config: kept,
    engine: engineSchema,
    template: z.looseObject({ system: text, user: text }),
    format: text,
    request: z.looseObject({
      maxTokens: number,
      temperature: number.check(z.refine((t) => t >= 0 && t <= 2, { error: (i) => `expected 0 to 2 (got ${String(i.input)})` })),
    }),
    repeats: z.optional(
      number.check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_REPEATS, { error: (i) => `expected a whole number from 1 to ${MAX_REPEATS} (got ${String(i.input)})` })),
    ),
    constrained: kept,
    order: z.optional(z.enum(RUN_ORDERS)),
    kvReuse: z.optional(z.boolean()),
    counterId: text,
    total: number,
    done: kept,
    correct: kept,
    headline: kept,
    error: kept,
    predictions: z.optional(text),
    recording: kept,
    speed: kept,
  })
  .check(
    z.superRefine((run, ctx) => {
      if (run.predictions !== undefined && !ENGINE_KINDS[run.engine.kind].readsPredictions)
        ctx.addIssue({ code: 'custom', path: ['predictions'], message: 'only a replay run carries its predictions file' });
      // the suite's configuration: its declared settings within the bounds the Run tab and the runner take
      // (none only where the suite says what such a run is, `config.absent`: WildAgtEval's read from published logs)
      const declared = SUITES[run.suite];
      if (run.config === null) {
        if (!declared.config.absent) ctx.addIssue({ code: 'custom', path: ['config'], message: `a ${run.suite} run needs its configuration` });
        return;
      }
      if (run.config === undefined || typeof run.config !== 'object' || Array.isArray(run.config)) {
        ctx.addIssue({ code: 'custom', path: ['config'], message: `expected an object, got ${describe(run.config)}` });
        return;
      }
      const config = run.config as Record<string, unknown>;
      for (const { path, problem } of [...wordProblems(declared.words, config), ...settingProblems(declared.settings, config)])
        ctx.addIssue({ code: 'custom', path: ['config', path], message: problem });
    }),
  );

export const headerSchema = z.strictObject({ format: kept, version: kept, run: runSchema, recording: z.optional(recordingSchema) });

const choiceSchema = z.strictObject({ piece: text, logprob: number.check(z.refine((l) => l <= 0, { error: (i) => `a log-probability is at most 0, got ${String(i.input)}` })) });

const callLogprobSchema = z
  .strictObject({
    forced: text,
    tokens: z.array(choiceSchema).check(z.refine((t) => t.length >= 1 && t.length <= MAX_FORCED_TOKENS, { error: `expected a list of 1 to ${MAX_FORCED_TOKENS} tokens` })),
    logprob: number,
    canonical: z.boolean(),
    parts: z.nullable(
      z.strictObject({ at: number, rank: z.nullable(number), top: z.array(choiceSchema).check(z.maxLength(MAX_FORCED_TOKENS, { error: `expected at most ${MAX_FORCED_TOKENS} candidates` })) }),
    ),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (!c.forced.startsWith(c.tokens.map((t) => t.piece).join(''))) ctx.addIssue({ code: 'custom', path: ['tokens'], message: 'the tokens do not spell the start of the forced text' });
      const sum = c.tokens.reduce((s, t) => s + t.logprob, 0);
      if (Math.abs(c.logprob - sum) > 1e-6 * Math.max(1, Math.abs(sum)))
        ctx.addIssue({ code: 'custom', path: ['logprob'], message: `${c.logprob} is not the sum of its tokens' log-probabilities (${sum})` });
      const at = c.parts?.at;
      if (at !== undefined && (!Number.isInteger(at) || at < 0 || at >= c.tokens.length)) ctx.addIssue({ code: 'custom', path: ['parts', 'at'], message: `not the index of a forced token: ${at}` });
    }),
  );

/** An API-system episode's turns, as the results browser shows them (text only). */
const apiSchema = z.looseObject({
  turns: z.array(
    z.looseObject({
      query: text,
      success: z.boolean(),
      failureReason: text,
      steps: z.array(z.looseObject({ reply: text, injected: z.array(text) })),
    }),
  ),
  resultLog: z.optional(text),
  errorHandling: z.optional(z.looseObject({ score: number, judge: text })),
});

const cellSchema = z.strictObject({
  ...(Object.fromEntries(CELL_MEASURES.map((m) => [m, z.optional(number)])) as Record<(typeof CELL_MEASURES)[number], z.ZodMiniOptional<z.ZodMiniNumber>>),
  length: number,
  variant: z.optional(text),
});

const resultSchema = z.strictObject({
  id: text,
  runId: text,
  sampleId: text,
  itemId: kept,
  index: number,
  cell: cellSchema,
  facets: kept,
  output: text,
  calls: z.nullable(z.array(z.looseObject({ name: text }))),
  parseError: textOrNull,
  score: z.looseObject({ correct: z.boolean(), value: number, errorType: textOrNull, errorClass: textOrNull, api: z.optional(apiSchema) }),
  usage: z.nullable(z.looseObject({ promptTokens: number, completionTokens: number, prefilledTokens: z.optional(number) })),
  timings: z.nullable(z.looseObject({ prefillMs: number, forcedMs: z.optional(number), decodeMs: number })),
  error: z.nullable(z.looseObject({ kind: z.enum(ERROR_KINDS), message: text })),
  createdAt: number,
  callLogprob: z.optional(callLogprobSchema),
});

const promptSchema = z.strictObject({
  messages: z.array(z.looseObject({ role: z.enum(ROLES), content: text })),
  needleNames: z.array(text),
  toolCount: number,
  promptTokens: number,
  expected: textOrNull,
});

export const lineSchema = z.strictObject({ result: resultSchema, prompt: z.optional(promptSchema) });

/** The fields declared here are the types' fields, both ways: a field added to a type and not here (or here and not there) fails the build. */
type Mismatch<Declared, Typed> = Exclude<keyof Declared, keyof Typed> | Exclude<keyof Typed, keyof Declared>;
type Undeclared =
  | Mismatch<z.infer<typeof runSchema>, RunRow>
  | Mismatch<z.infer<typeof engineSchema>, EngineChoice>
  | Mismatch<z.infer<typeof deviceSchema>, EngineDevice>
  | Mismatch<z.infer<typeof recordingSchema>, Recording>
  | Mismatch<z.infer<typeof resultSchema>, SampleResult>
  | Mismatch<z.infer<typeof callLogprobSchema>, CallLogprob>
  | Mismatch<z.infer<typeof promptSchema>, RecordedPrompt>;
const everyFieldDeclared: [Undeclared] extends [never] ? true : Undeclared = true;
void everyFieldDeclared;

/** A value in a message: "nothing (missing)", "a list", "the string "x"", "number 7". */
export function describe(v: unknown): string {
  if (v === undefined) return 'nothing (missing)';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? `the string "${v.slice(0, 30)}"` : `${typeof v} ${typeof v === 'object' ? '' : String(v)}`.trim();
}

const EXPECTED: Partial<Record<string, string>> = { string: 'a string', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list' };

/**
 * The first thing wrong with a value, as the run file's reader names it: the field (from `root`, the
 * line's name for itself: "(header)", "(line)") and what is wrong, in the format's words.
 */
export function firstProblem(schema: z.ZodMiniType, value: unknown, root: string): { field: string; message: string } | null {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const at = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
  if (issue.code === 'unrecognized_keys') {
    const key = (issue.keys[0] ?? '').slice(0, 60);
    return { field: `${at || root}.${key}`, message: 'not a field of a run file: remove it' };
  }
  const field = at || root;
  if (issue.code === 'invalid_type') return { field, message: `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describe(issue.input)}` };
  if (issue.code === 'invalid_value') return { field, message: `"${String(issue.input).slice(0, 40)}" is not one of ${issue.values.join(', ')}` };
  return { field, message: issue.message };
}
