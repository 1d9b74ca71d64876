/** `parity bfcl-ast <dir>`: our decoder + checker against BFCL's verdicts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDict, type PyValue } from '../../lib/core/pyvalue';
import { type BfclSample, readBfclParitySample } from '../../lib/formats/bfcl';
import { parseJsonLines } from '../../lib/formats/jsonl';
import { decodeBfclPython } from '../../lib/parsing/bfcl-python';
import { checkBfclSample, type CheckResult } from '../../lib/scoring/bfcl-ast';

export interface BfclParityCase {
  caseId: string;
  sampleId: string;
  rawOutput: string;
  expectedValid: boolean | null;
  expectedErrorType: string | null;
}

export interface BfclCorpus {
  samples: Map<string, BfclSample>;
  cases: BfclParityCase[];
}

export function loadBfclCorpus(dir: string): BfclCorpus {
  const samples = new Map<string, BfclSample>();
  parseJsonLines(readFileSync(join(dir, 'samples.jsonl'), 'utf8'), 'samples.jsonl').forEach((v, i) => {
    const s = readBfclParitySample(v, `samples.jsonl record ${i + 1}`);
    samples.set(s.id, s);
  });
  const cases = parseJsonLines(readFileSync(join(dir, 'cases.jsonl'), 'utf8'), 'cases.jsonl').map((v): BfclParityCase => {
    const d = v !== null && isDict(v) ? v : {};
    const expected = (d.expected ?? null) as PyValue;
    const e = expected !== null && isDict(expected) ? expected : {};
    return {
      caseId: String(d.case_id),
      sampleId: String(d.sample_id),
      rawOutput: String(d.raw_output ?? ''),
      expectedValid: typeof e.valid === 'boolean' ? e.valid : null,
      expectedErrorType: typeof e.error_type === 'string' ? e.error_type : null,
    };
  });
  return { samples, cases };
}

export function scoreBfclCase(corpus: BfclCorpus, c: BfclParityCase): CheckResult {
  const sample = corpus.samples.get(c.sampleId);
  if (!sample) throw new Error(`case ${c.caseId}: unknown sample ${c.sampleId}`);
  return checkBfclSample(sample.category, sample.functions, sample.possibleAnswer, decodeBfclPython(c.rawOutput));
}

export function runBfclParity(dir: string, print: (line: string) => void): { agree: number; total: number } {
  const corpus = loadBfclCorpus(dir);
  const t0 = performance.now();
  const results = corpus.cases.map((c) => scoreBfclCase(corpus, c));
  const ms = performance.now() - t0;
  let agree = 0;
  let agreeType = 0;
  results.forEach((r, i) => {
    const c = corpus.cases[i] as BfclParityCase;
    if (r.valid === c.expectedValid) agree++;
    if (r.errorType === c.expectedErrorType) agreeType++;
    print(JSON.stringify({ case_id: c.caseId, valid: r.valid, error_type: r.errorType }));
  });
  print(`scored ${results.length} cases in ${ms.toFixed(1)} ms`);
  print(`error_type agree ${agreeType}/${results.length}`);
  print(`agree ${agree}/${results.length}`);
  return { agree, total: results.length };
}
