/**
 * `wildagteval-replay <reference dir>`: every gold call of `conversations/Combined50_transformed`
 * replayed in order on the databases, each result compared as text with the one the repository
 * stored (`Combined50_transformed_exec_mapping/`). Prints per-function figures and the total.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NamedText } from '../../../lib/core/types';
import { readExecMapping, readWildConversation, readWildDatabases } from '../../../lib/suites/wildagteval-benchmark/benchmark-files';
import { implementedWildFunctions, SPEC_ONLY_FUNCTIONS } from '../../../lib/suites/wildagteval-benchmark/world/registry';
import { replayGoldCalls } from '../../../lib/suites/wildagteval-benchmark/world/gold-replay';

export interface ReplayFigures {
  calls: number;
  same: number;
  /** calls to functions this re-implementation has */
  implementedCalls: number;
  /** results that differ only in timestamps the repository wrote at its wall-clock time (2025-07-30), later than the frozen clock */
  sameButRecordingTime: number;
  byFunction: Map<string, { calls: number; same: number; implemented: boolean }>;
  differences: { file: string; index: number; api: string; ours: string; theirs: string }[];
}

const FROZEN = '2025-07-17T12:00:00Z';
/** a timestamp the repository wrote at its wall-clock time, or ours at the frozen time (with or without fraction and zone) */
const WRITTEN_TIME = /2025-07-(?:30T\d\d:\d\d:\d\d|17T12:00:00)(?:\.\d+)?Z?/g;
const timesBlanked = (text: string): string => text.replace(WRITTEN_TIME, '<time>');

const read = (path: string): NamedText => ({ name: path, text: readFileSync(path, 'utf8') });

/** `switches`: complexity switches on during the replay (none: the no-complexity behaviour). */
export function replayReference(dir: string, switches: ReadonlySet<string> = new Set()): ReplayFigures {
  const dbDir = join(dir, 'databases');
  const databases = readWildDatabases(
    readdirSync(dbDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => read(join(dbDir, f))),
  );
  const convDir = join(dir, 'conversations', 'Combined50_transformed');
  const mapDir = join(dir, 'conversations', 'Combined50_transformed_exec_mapping');
  const figures: ReplayFigures = { calls: 0, same: 0, implementedCalls: 0, sameButRecordingTime: 0, byFunction: new Map(), differences: [] };
  for (const name of readdirSync(convDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const conversation = readWildConversation(read(join(convDir, name)));
    const gold = conversation.turns.flatMap((t) => t.gold);
    const stored = readExecMapping(read(join(mapDir, name.replace(/\.jsonl$/, '_exec_mapping.json'))));
    if (stored.length !== gold.length) throw new Error(`${name}: ${gold.length} gold calls but ${stored.length} stored results`);
    replayGoldCalls(databases, conversation.user, gold, undefined, switches).forEach((ours, i) => {
      const api = gold[i]?.api ?? '';
      const theirs = stored[i]?.executionResult ?? '';
      const same = ours.text === theirs;
      const f = figures.byFunction.get(api) ?? { calls: 0, same: 0, implemented: ours.implemented };
      f.calls++;
      if (same) f.same++;
      figures.byFunction.set(api, f);
      figures.calls++;
      if (same) figures.same++;
      if (ours.implemented) {
        figures.implementedCalls++;
        if (!same && timesBlanked(ours.text) === timesBlanked(theirs)) figures.sameButRecordingTime++;
        else if (!same) figures.differences.push({ file: name, index: i + 1, api, ours: ours.text, theirs });
      }
    });
  }
  return figures;
}

export function runWildAgtEvalReplay(dir: string, out: (line: string) => void): ReplayFigures {
  const figures = replayReference(dir);
  const rows = [...figures.byFunction].sort((a, b) => b[1].calls - a[1].calls);
  for (const [api, f] of rows) out(`${api.padEnd(28)} ${String(f.same).padStart(3)}/${String(f.calls).padEnd(3)} ${f.implemented ? '' : '(not re-implemented yet)'}`);
  for (const d of figures.differences.slice(0, 40)) {
    let at = 0;
    while (at < d.ours.length && d.ours[at] === d.theirs[at]) at++;
    out(`differs ${d.file} call ${d.index} ${d.api} at character ${at}: ours …${d.ours.slice(Math.max(0, at - 40), at + 80)}… stored …${d.theirs.slice(Math.max(0, at - 40), at + 80)}…`);
  }
  const implemented = implementedWildFunctions().length;
  out(`${figures.sameButRecordingTime} more differ only in timestamps the repository recorded at its wall-clock time (2025-07-30) instead of the frozen ${FROZEN}`);
  out(
    `reproduced ${figures.same}/${figures.calls} stored results exactly; ${implemented} of 84 functions re-implemented (${SPEC_ONLY_FUNCTIONS.size} from their specs alone: no gold call runs them), their calls ${figures.same}/${figures.implementedCalls}`,
  );
  return figures;
}
