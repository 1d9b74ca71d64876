/**
 * Reading WildAgtEval's files as a user picks them: one test per kind of mistake (each names file, record and field),
 * then the reference folder read whole (skipped without ../shared).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NamedText } from '../../src/lib/core/types';
import { readWildAgtEvalFiles } from '../../src/lib/suites/wildagteval-benchmark/benchmark-files';
import { WILD_FUNCTION_NAMES } from '../../src/lib/suites/wildagteval-benchmark/world/registry';
import { DATABASE_FILES } from '../../src/lib/suites/wildagteval-benchmark/world/state';

const KNOWN = new Set(WILD_FUNCTION_NAMES);
const OBJECT_FILES = new Set(['irrelevant_mock_data', 'media_database', 'mock_data', 'shopping_carts']);

function databaseFiles(change: Partial<Record<string, string>> = {}): NamedText[] {
  return DATABASE_FILES.map((f) => ({
    name: `common/data/${f}.json`,
    text: change[f] ?? (f === 'users' ? '[{"user_id": "user1", "name": "Ann", "home_id": "home1"}]' : OBJECT_FILES.has(f) ? '{}' : '[]'),
  }));
}
const conversation = (lines: string[], name = 'Combined50_transformed/Conv_user1_scenario1.jsonl'): NamedText => ({ name, text: lines.join('\n') });
const GOOD_LINE = '{"query": "Turn on the lamp", "api_sequence": [{"api": "power_on", "params": {"endpoints": ["1"]}}], "context": {"ignored": true}}';
const read = (files: NamedText[]) => readWildAgtEvalFiles(files, KNOWN);

describe('reading WildAgtEval files', () => {
  it('sorts a good pick into databases, a conversation set, prompts and rubrics; other files are skipped by name', () => {
    const got = read([
      ...databaseFiles(),
      conversation([GOOD_LINE, '{"query": "Thanks", "api_sequence": []}']),
      { name: 'extracted_api/centralized_prompt_unclear.md', text: '# Overview\nRealEnv look-alikes\n# COMPLETE API REFERENCE\n{...}' },
      { name: 'function_uncertainty_references/make_call_system_failure_error.md', text: '# Rubric' },
      { name: 'README.md', text: 'hello' },
    ]);
    expect(got.databases?.users).toBeTruthy();
    expect(got.sets).toMatchObject([{ name: 'Combined50_transformed', transformed: true, conversations: [{ user: 'user1', turns: [{ query: 'Turn on the lamp' }, { query: 'Thanks', gold: [] }] }] }]);
    expect(got.prompts).toMatchObject([{ variant: 'adhoc+unclear' }]);
    expect(got.judgeReferences).toMatchObject([{ function: 'make_call', errorType: 'system_failure' }]);
    expect(got.skipped).toEqual(['README.md']);
  });

  it('a database file that is not JSON', () => {
    expect(() => read(databaseFiles({ products: '[{"product_id": "p1",' }))).toThrow(/common\/data\/products\.json: \(file\): not JSON/);
  });

  it('a database file of the wrong shape', () => {
    expect(() => read(databaseFiles({ shopping_carts: '[]' }))).toThrow(/shopping_carts\.json: \(file\): expected an object/);
  });

  it('database files missing', () => {
    expect(() => read(databaseFiles().filter((f) => !f.name.includes('/orders.json') && !f.name.includes('/users.json')))).toThrow(/missing orders\.json, users\.json/);
  });

  it('two copies of one database file; the copy the no-complexity code reads is kept apart', () => {
    expect(() => read([...databaseFiles(), { name: 'backup/common/data/mock_data.json', text: '{}' }])).toThrow(/mock_data\.json: \(file\): a second mock_data\.json/);
    const both = read([...databaseFiles(), { name: 'API_NoComplexity/common/data/mock_data.json', text: '{"knowledge": {}}' }]);
    expect(Object.keys(both.noComplexityDatabases)).toEqual(['mock_data']);
    expect(() => read([...databaseFiles(), { name: 'no_complexity_variant/users.json', text: '{}' }])).toThrow(/users\.json: \(file\): expected a list of records/);
  });

  it('a conversation file whose name does not give the user', () => {
    expect(() => read([conversation([GOOD_LINE], 'Combined50/scenario1.jsonl')])).not.toThrow(); // not a conversation file: skipped
    expect(() => read([conversation([GOOD_LINE], 'Combined50/Conv_.jsonl')])).toThrow(/Conv_\.jsonl: \(file name\): expected Conv_<userId>_/);
  });

  it('a conversation line that is not JSON', () => {
    expect(() => read([conversation([GOOD_LINE, '{"query": "x", "api_sequence": ['])])).toThrow(/Conv_user1_scenario1\.jsonl.*line 2/);
  });

  it('a conversation line without a query, or with gold calls of the wrong shape', () => {
    expect(() => read([conversation(['{"api_sequence": []}'])])).toThrow(/line 1: query: expected the user message/);
    expect(() => read([conversation(['{"query": "x", "api_sequence": {}}'])])).toThrow(/line 1: api_sequence: expected a list/);
    expect(() => read([conversation(['{"query": "x", "api_sequence": [{"params": {}}]}'])])).toThrow(/line 1: api_sequence\[0\]: expected \{"api"/);
    expect(() => read([conversation(['{"query": "x", "api_sequence": [{"api": "power_on", "params": ["1"]}]}'])])).toThrow(/line 1: api_sequence\[0\]\.params: expected an object/);
  });

  it('a gold call to a function the system does not have', () => {
    expect(() => read([conversation(['{"query": "x", "api_sequence": [{"api": "find_communication_device", "params": {}}]}'])])).toThrow(
      /line 1: api_sequence\[0\]\.api: 'find_communication_device' is not one of WildAgtEval's 84 functions/,
    );
  });

  it('a conversation about a user the databases do not have', () => {
    expect(() => read([...databaseFiles(), conversation([GOOD_LINE], 'Combined50/Conv_user7_x.jsonl')])).toThrow(/Combined50\/Conv_user7_x\.jsonl: \(file name\): user user7 is not in users\.json/);
  });

  it('the same conversation twice in one set', () => {
    expect(() => read([conversation([GOOD_LINE]), conversation([GOOD_LINE])])).toThrow(/a second Conv_user1_scenario1\.jsonl in Combined50_transformed/);
  });

  it('a prompt file that is not the agent prompt, or two prompts of one variant', () => {
    expect(() => read([{ name: 'centralized_prompt.md', text: '# Notes' }])).toThrow(/centralized_prompt\.md: \(file\): no "# COMPLETE API REFERENCE" section/);
    const prompt = (name: string) => ({ name, text: '# COMPLETE API REFERENCE\nCARRIER-SUFFIX' });
    expect(() => read([prompt('a/centralized_prompt.md'), prompt('b/centralized_prompt.md')])).toThrow(/two "adhoc" system prompts/);
  });

  it('a rubric for a function the system does not have, or an empty one', () => {
    expect(() => read([{ name: 'teleport_system_failure_error.md', text: '# Rubric' }])).toThrow(/teleport_system_failure_error\.md: \(file name\): 'teleport' is not one of/);
    expect(() => read([{ name: 'play_system_failure_error.md', text: '  ' }])).toThrow(/play_system_failure_error\.md: \(file\): empty rubric/);
  });
});

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'databases'));
if (!haveShared) console.warn(`skipping the WildAgtEval reference-folder import test: ${REF} is not present (it comes with ../shared, not with the repository)`);

function walk(dir: string, root = dir, depth = 0): NamedText[] {
  if (depth > 6) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path, root, depth + 1) : [{ name: relative(root, path), text: readFileSync(path, 'utf8') }];
  });
}

describe.skipIf(!haveShared)('the reference folder as a user would pick it', () => {
  it('reads the databases, four conversation sets of 50, three prompt variants and 16 rubrics', () => {
    const files = walk(REF).filter((f) => !f.name.startsWith('databases/no_complexity_variant/') && !f.name.startsWith('results_sample/'));
    const got = read(files);
    expect(Object.keys(got.databases ?? {})).toHaveLength(24);
    expect(got.sets.map((s) => `${s.name}:${s.conversations.length}:${s.transformed}`).sort()).toEqual([
      'Combined50:50:false',
      'Combined50_transformed:50:true',
      'Combined_deref50:50:false',
      'Combined_deref50_transformed:50:true',
    ]);
    expect(got.sets.flatMap((s) => s.conversations.flatMap((c) => c.turns.flatMap((t) => t.gold)))).toHaveLength(4 * 619);
    expect(got.prompts.map((p) => p.variant).sort()).toEqual(['adhoc', 'adhoc+unclear', 'none']);
    expect(got.judgeReferences).toHaveLength(16);
  });
});
