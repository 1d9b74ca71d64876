/**
 * One model output through every reader the app has, as a run would: parse it in each
 * output format, then make what a run stores (plain calls, structured-cloned as the worker
 * posts them to the page) and what the pages show (the call lines of the sample view, the
 * Python repr of the parse tab, the parse error's description). Used by `cli fuzz-check`
 * and the fuzz tests: each step must be total (no throw) and bounded (no hang).
 */
import { pyRepr } from '../../lib/core/pyvalue';
import { callsText } from '../../lib/formats/json-text';
import { plainCalls } from '../../lib/scoring/score-sample';
import { parseReply } from '../../lib/prompts/episode-protocol';
import { type OutputFormat, parseCalls } from '../../lib/parsing';
import { describeParseError } from '../../lib/parsing/diagnose';

export const CHECKED_FORMATS = ['bfcl-python', 'json', 'tool-call-tags', 'auto', 'api-call'] as const;
type CheckedFormat = (typeof CHECKED_FORMATS)[number];

export interface FormatCheck {
  format: CheckedFormat;
  ms: number;
  /** the exception's message when a step threw (a bug: every reader must be total) */
  threw: string | null;
}

function readAndRender(text: string, format: CheckedFormat): void {
  if (format === 'api-call') {
    const reply = parseReply(text, 'api-call');
    if (reply.kind === 'api_call') structuredClone(reply.call);
    return;
  }
  const parsed = parseCalls(text, format as OutputFormat);
  if (!parsed.ok) {
    describeParseError(text, parsed.error);
    return;
  }
  const stored = structuredClone(plainCalls(parsed.calls));
  callsText(stored);
  for (const c of parsed.calls) pyRepr(c.args);
}

export function checkOutput(text: string, now: () => number = () => performance.now()): FormatCheck[] {
  return CHECKED_FORMATS.map((format) => {
    const start = now();
    let threw: string | null = null;
    try {
      readAndRender(text, format);
    } catch (e) {
      threw = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    return { format, ms: now() - start, threw };
  });
}

/**
 * checkOutput, with a slow reading timed again (up to twice, keeping each reader's fastest):
 * a collection pause is not the input's cost; an input that stays slow counts.
 */
export function checkOutputSteady(text: string): FormatCheck[] {
  let result = checkOutput(text);
  for (let retry = 0; retry < 2 && result.some((c) => c.ms > SLOW_MS); retry++) {
    const again = checkOutput(text);
    result = result.map((c, i) => ({ ...c, ms: Math.min(c.ms, (again[i] as FormatCheck).ms), threw: c.threw ?? (again[i] as FormatCheck).threw }));
  }
  return result;
}

export interface CheckSummary {
  inputs: number;
  throws: number;
  over50ms: number;
  maxMs: number;
}

export const SLOW_MS = 50;

export function summarize(checks: readonly FormatCheck[][]): CheckSummary {
  let throws = 0;
  let over = 0;
  let maxMs = 0;
  for (const input of checks)
    for (const c of input) {
      if (c.threw) throws++;
      if (c.ms > SLOW_MS) over++;
      maxMs = Math.max(maxMs, c.ms);
    }
  return { inputs: checks.length, throws, over50ms: over, maxMs };
}

export const summaryLine = (s: CheckSummary): string => `inputs ${s.inputs}, throws ${s.throws}, over50ms ${s.over50ms}, max ${Math.round(s.maxMs)} ms`;

/** Runs every reader a few times on ordinary outputs, so the first measured input does not pay for compiling them. */
export function warmUp(): void {
  for (let i = 0; i < 20; i++)
    for (const text of [
      "[f(a=1, b='x', c=[1.5, None])]",
      '{"name": "f", "arguments": {"a": 1}}',
      '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
      '<API_CALL>{"api": "f", "params": {}}</API_CALL>',
    ])
      checkOutput(text);
}
