/**
 * `wildagteval-calls <cases.jsonl> [--databases DIR]`: each case's call run on the re-implemented API
 * system (see lib/suites/wildagteval-benchmark/world/calls.ts); prints `{"id", "output"}` per case, then
 * `calls N, errors E`. The databases are WildAgtEval's `common/data` files: DIR, else the
 * `databases/` folder beside or above the cases file, else ../shared/reference/wildagteval/databases.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { databasesFor, readWildAgtEvalFiles } from '../../../lib/suites/wildagteval-benchmark/benchmark-files';
import { WILD_FUNCTION_NAMES } from '../../../lib/suites/wildagteval-benchmark/world/registry';
import { parseJsonValue } from '../../../lib/parsing/json-value';
import { readWildCallCase, runWildCallCase } from '../../../lib/suites/wildagteval-benchmark/world/calls';
import type { Databases, WildCode } from '../../../lib/suites/wildagteval-benchmark/world/state';

const MAX_CASES = 100_000;
const NO_COMPLEXITY_FOLDER = 'no_complexity_variant';

function databasesDir(casesFile: string, given: string | undefined): string {
  if (given) {
    if (!existsSync(given)) throw new Error(`--databases ${given}: no such folder`);
    return given;
  }
  const here = dirname(resolve(casesFile));
  const candidates = [join(here, 'databases'), join(here, '..', 'databases'), resolve('..', 'shared', 'reference', 'wildagteval', 'databases')];
  const found = candidates.find((d) => existsSync(join(d, 'users.json')));
  if (!found) throw new Error(`WildAgtEval's databases (common/data/*.json) were not found in ${candidates.join(', ')}: pass --databases DIR`);
  return found;
}

/** The databases in DIR and the files its `no_complexity_variant/` folder holds for the no-complexity code, read as the app reads them. */
function readDatabases(dir: string): (code: WildCode) => Databases {
  const jsonIn = (d: string) =>
    existsSync(d)
      ? readdirSync(d)
          .filter((f) => f.endsWith('.json'))
          .map((f) => ({ name: join(d, f), text: readFileSync(join(d, f), 'utf8') }))
      : [];
  const read = readWildAgtEvalFiles([...jsonIn(dir), ...jsonIn(join(dir, NO_COMPLEXITY_FOLDER))], new Set(WILD_FUNCTION_NAMES));
  const databases = read.databases;
  if (!databases) throw new Error(`${dir}: no database files`);
  return (code) => databasesFor({ ...read, databases }, code);
}

export function runWildAgtEvalCalls(args: readonly string[], out: (line: string) => void, err: (line: string) => void): { calls: number; errors: number } {
  const at = args.indexOf('--databases');
  const given = at >= 0 ? args[at + 1] : undefined;
  const casesFile = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!casesFile) throw new Error('usage: wildagteval-calls <cases.jsonl> [--databases DIR]');
  const databasesOf = readDatabases(databasesDir(casesFile, given));
  const lines = readFileSync(casesFile, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  let calls = 0;
  let errors = 0;
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    if (calls + errors >= MAX_CASES) throw new Error(`${casesFile}: more than ${MAX_CASES} cases`);
    let id = `line ${i + 1}`;
    try {
      const c = readWildCallCase(parseJsonValue(line));
      id = c.id;
      const output = runWildCallCase(databasesOf(c.variant), c);
      out(JSON.stringify({ id: c.id, output }));
      calls++;
    } catch (e) {
      errors++;
      err(`${casesFile} ${id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  out(`calls ${calls}, errors ${errors}`);
  return { calls, errors };
}
