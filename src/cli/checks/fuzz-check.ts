/** `cli fuzz-check <inputs.jsonl>`: every input through every reader, timed; ends with the summary line. */
import { readFileSync } from 'node:fs';
import { checkOutputSteady, summarize, summaryLine, type FormatCheck, warmUp } from './output-check';

/** Inputs from JSON Lines, one object per line with the raw output in `text`; a bad line is named. */
function readInputs(path: string): string[] {
  const texts: string[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (e) {
        throw new Error(`${path} line ${i + 1}: not JSON (${e instanceof Error ? e.message : String(e)})`);
      }
      const text = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw new Error(`${path} line ${i + 1}: expected an object with the output in "text" (a string)`);
      texts.push(text);
    });
  return texts;
}

export function runFuzzCheck(path: string, out: (line: string) => void): number {
  const checks: FormatCheck[][] = [];
  const inputs = readInputs(path);
  warmUp();
  inputs.forEach((text, i) => {
    const result = checkOutputSteady(text);
    for (const c of result) if (c.threw) out(`input ${i + 1} (${c.format}): threw ${c.threw}`);
    checks.push(result);
  });
  const summary = summarize(checks);
  out(summaryLine(summary));
  return summary.throws > 0 || summary.over50ms > 0 ? 1 : 0;
}
