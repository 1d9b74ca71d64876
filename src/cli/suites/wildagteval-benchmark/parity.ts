/**
 * `parity wildagteval <dir>`: every WildAgtEval result log under <dir> (`*.json`, recursively)
 * scored as its analyzer does, one JSON line per file; then `agree N/M` against
 * `<dir>/scoring_reference.json` when it is there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from '../../walk';
import { scoreWildLog } from '../../../lib/suites/wildagteval-benchmark/log-score';

const REFERENCE = 'scoring_reference.json';
/** a folder of result logs holds hundreds of files; this bounds a walk into the wrong folder */
const MAX_FILES = 100_000;
const MAX_DEPTH = 16;

export interface LogVerdict {
  file: string;
  success: boolean;
  turns: boolean[];
}

/** The `.json` files under `dir`, as paths relative to it with `/`, sorted; the reference file is not a log. */
export function resultLogFiles(dir: string): string[] {
  return filesUnder(dir, (path) => path.endsWith('.json') && path !== REFERENCE, { maxFiles: MAX_FILES, maxDepth: MAX_DEPTH, what: 'result logs (.json files)' });
}

export function scoreResultLog(text: string, file: string): LogVerdict {
  const turns = scoreWildLog(text, file).verdicts.map((t) => t.success);
  return { file, success: turns.every(Boolean), turns };
}

interface ReferenceFile {
  files: Record<string, { conversation_success: boolean; turns: { success: boolean }[] }>;
}

function readReference(path: string): ReferenceFile {
  const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<ReferenceFile>;
  if (typeof v.files !== 'object' || v.files === null) throw new Error(`${path}: expected {"files": {<path>: {"conversation_success", "turns"}}}`);
  return v as ReferenceFile;
}

export function runWildAgtEvalParity(dir: string, out: (line: string) => void, err: (line: string) => void = out): { agree: number; total: number; unreadable: number } {
  const verdicts = new Map<string, LogVerdict>();
  let unreadable = 0;
  for (const file of resultLogFiles(dir)) {
    try {
      const verdict = scoreResultLog(readFileSync(join(dir, file), 'utf8'), file);
      verdicts.set(file, verdict);
      out(JSON.stringify(verdict));
    } catch (e) {
      unreadable++;
      err(`skipped ${(e as Error).message}`);
    }
  }
  const refPath = join(dir, REFERENCE);
  if (!existsSync(refPath)) return { agree: 0, total: 0, unreadable };
  const reference = readReference(refPath);
  let agree = 0;
  let turnsAgree = 0;
  let turnsTotal = 0;
  const entries = Object.entries(reference.files);
  for (const [file, want] of entries) {
    const ours = verdicts.get(file);
    const wantTurns = want.turns.map((t) => t.success);
    turnsTotal += wantTurns.length;
    if (!ours) {
      err(`disagree ${file}: no readable log at that path`);
      continue;
    }
    const sameTurns = ours.turns.length === wantTurns.length && ours.turns.every((t, i) => t === wantTurns[i]);
    turnsAgree += wantTurns.filter((t, i) => ours.turns[i] === t).length;
    if (ours.success === want.conversation_success && sameTurns) agree++;
    else err(`disagree ${file}: ours ${JSON.stringify({ success: ours.success, turns: ours.turns })}, reference ${JSON.stringify({ success: want.conversation_success, turns: wantTurns })}`);
  }
  out(`agree ${agree}/${entries.length} (turns ${turnsAgree}/${turnsTotal})`);
  return { agree, total: entries.length, unreadable };
}
