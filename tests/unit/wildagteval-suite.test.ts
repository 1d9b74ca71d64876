/**
 * WildAgtEval's own benchmark as a suite of the app (skipped without ../shared): an imported pack's
 * experiments planned into samples, run by the run loop with the oracle (every episode correct) and
 * with an engine that only ends turns (none correct); results carry the result log and Table 3's facets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Engine, NamedText, Pack, SampleResult } from '../../src/lib/core/types';
import { judgeWildResults, parseWildJudgeScore } from '../../src/lib/suites/wildagteval-benchmark/judge';
import { wildLogText, type WildResultLog } from '../../src/lib/suites/wildagteval-benchmark/runner';
import { PyFloat, type PyDict } from '../../src/lib/core/pyvalue';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { withRepeats } from '../../src/lib/core/sample-source';
import { DATABASE_FILES, type Databases } from '../../src/lib/suites/wildagteval-benchmark/world/state';
import { addWildFiles, databasesFor, WILDAGTEVAL_PACK_ID, wildSummaryOf } from '../../src/lib/suites/wildagteval-benchmark/benchmark-files';
import { planWildAgtEval, wildAgtEvalSource, wildBenchmarkOf } from '../../src/lib/suites/wildagteval-benchmark/suite';
import { WILD_EXPERIMENTS, whyNotRunnable } from '../../src/lib/suites/wildagteval-benchmark/experiments';
import { runWildAgtEvalParity, scoreResultLog } from '../../src/cli/suites/wildagteval-benchmark/parity';
import { wildLogFiles } from '../../src/lib/suites/wildagteval-benchmark/log-score';
import { tarArchive } from '../../src/lib/formats/tar';
import { table3, ladder, unansweredWords } from '../../src/lib/analysis/wildagteval';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { AppDB } from '../../src/lib/store/db';
import { addPackFiles, packFiles } from '../../src/lib/store/repos';
import { WILD_FUNCTION_NAMES } from '../../src/lib/suites/wildagteval-benchmark/world/registry';

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'databases'));
if (!haveShared) console.warn(`skipping the WildAgtEval suite tests: ${REF} is not present (it comes with ../shared, not with the repository)`);

describe.skipIf(!haveShared)('the WildAgtEval suite', () => {
  const read = (path: string): NamedText => ({ name: path.slice(REF.length + 1), text: readFileSync(path, 'utf8') });
  const setDir = join(REF, 'conversations', 'Combined50_transformed');
  // short conversations whose turns all fit the 15-step limit
  const names = ['Conv_user3_scenario7_NotificationCall_only', 'Conv_user5_DailyInvestmentMonitor_scenario2'];
  const packWith = (withUnclear: boolean): Pack => ({
    id: 'wae',
    name: 'WildAgtEval',
    source: 'wildagteval',
    description: '',
    createdAt: 0,
    tools: [],
    items: [],
    files: haveShared
      ? [
          ...DATABASE_FILES.map((f) => read(join(REF, 'databases', `${f}.json`))),
          ...names.map((n) => read(join(setDir, `${n}.jsonl`))),
          read(join(REF, 'prompts', 'complexity', 'centralized_prompt.md')),
          read(join(REF, 'prompts', 'no_complexity', 'centralized_prompt.md')),
          ...(withUnclear
            ? [
                read(join(REF, 'prompts', 'complexity', 'centralized_prompt_unclear.md')),
                ...readdirSync(join(REF, 'judge_references'))
                  .filter((f) => f.endsWith('_error.md'))
                  .map((f) => read(join(REF, 'judge_references', f))),
              ]
            : []),
        ]
      : [],
  });
  const bench = haveShared ? wildBenchmarkOf(packWith(false)) : null;
  const config = { packId: 'wae', set: 'Combined50_transformed', conversations: 0, experiments: ['isolated:ad-hoc:off', 'isolated:ad-hoc:on', 'cumulative:none', 'cumulative:ad-hoc'] };
  const counter = new CachedCounter(llama3Counter);

  it('says which experiments cannot run on these files, and why', () => {
    const why = (id: string) =>
      whyNotRunnable(
        WILD_EXPERIMENTS.find((e) => e.id === id)!,
        bench!.prompts.map((p) => p.variant),
      );
    expect(why('isolated:ad-hoc:on')).toBeNull();
    expect(why('cumulative:none')).toBeNull();
    expect(why('isolated:unclear:on')).toMatch(/"adhoc\+unclear" agent prompt/);
    expect(why('isolated:notice:on')).toMatch(/"adhoc\+unclear" agent prompt/);
    expect(why('error:system_failure:play')).toMatch(/"adhoc\+unclear" agent prompt/);
    expect(() => planWildAgtEval({ ...config, experiments: ['isolated:unclear:on'] }, bench!)).toThrow(/cannot run/);
    expect(() => planWildAgtEval({ ...config, set: 'Combined300' }, bench!)).toThrow(/no conversation set 'Combined300'.*Combined50_transformed/);
  });

  it('the oracle through the run loop: every episode correct, logs the parity scorer reads, Table 3 and the ladder filled', async () => {
    const source = wildAgtEvalSource({ config, bench: bench!, counter, model: 'oracle' });
    const plan = planWildAgtEval(config, bench!);
    expect(source.ids.length).toBe(plan.length);
    // isolated: one sample per ad-hoc target point and side; cumulative: one per conversation and rung
    expect(plan.filter((p) => p.experiment.mode === 'cumulative').length).toBe(4);
    expect(plan.filter((p) => p.experiment.id === 'isolated:ad-hoc:on').length).toBe(plan.filter((p) => p.experiment.id === 'isolated:ad-hoc:off').length);
    const first = source.build(source.ids[0]!);
    expect(first.messages[0]!.content).toContain('# COMPLETE API REFERENCE');
    expect(first.promptTokens).toBeGreaterThan(20_000);
    const store = new MemoryResultStore();
    const outcome = await runSamples({ runId: 'r', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    expect(outcome).toEqual({ status: 'completed' });
    const results = [...store.results.values()];
    expect(results.length).toBe(plan.length);
    expect(results.filter((r) => !r.score.correct).map((r) => r.facets)).toEqual([]);
    for (const r of results) {
      const log = r.score.api?.resultLog;
      expect(log).toBeDefined();
      expect(scoreResultLog(log!, 'x.json').success).toBe(true);
    }
    // exported as WildAgtEval logs in a tar: `tar -xf` reads it, and the parity command scores every log a success
    const files = wildLogFiles(results);
    expect(files.length).toBe(results.length);
    expect(new Set(files.map((f) => f.name.split('/')[0]))).toEqual(new Set(config.experiments.map((e) => e.replace(/:/g, '_'))));
    const dir = mkdtempSync(join(tmpdir(), 'wae-logs-'));
    writeFileSync(join(dir, 'logs.tar'), tarArchive(files));
    execFileSync('tar', ['-xf', 'logs.tar'], { cwd: dir });
    rmSync(join(dir, 'logs.tar'));
    const lines: string[] = [];
    runWildAgtEvalParity(dir, (l) => lines.push(l));
    expect(lines.length).toBe(files.length);
    expect(lines.every((l) => (JSON.parse(l) as { success: boolean }).success)).toBe(true);
    expect(readFileSync(join(dir, files[0]!.name), 'utf8')).toBe(files[0]!.text);
    // a path longer than the ustar fields (a pax record names it)
    const long = { name: `${'folder_'.repeat(30)}/${'x'.repeat(120)}é.json`, text: '{"é": 1}' };
    writeFileSync(join(dir, 'long.tar'), tarArchive([long]));
    execFileSync('tar', ['-xf', 'long.tar'], { cwd: dir });
    expect(readFileSync(join(dir, long.name), 'utf8')).toBe(long.text);
    rmSync(join(dir, 'long.tar'));
    rmSync(join(dir, long.name.split('/')[0]!), { recursive: true });
    rmSync(dir, { recursive: true });
    const t3 = table3(results);
    expect(t3.rows.map((row) => [row.type, row.off.accuracy, row.on.accuracy])).toEqual([['ad_hoc', 1, 1]]);
    expect(ladder(results, ['None', 'Ad-hoc']).map((row) => [row.rung, row.acc.accuracy])).toEqual([
      ['None', 1],
      ['Ad-hoc', 1],
    ]);
  });

  it('error scenarios: the oracle run, then judged with the rubric files by a judge that answers the JSON form (or not)', async () => {
    const full = wildBenchmarkOf(packWith(true));
    const errorConfig = {
      ...config,
      experiments: ['error:system_failure:stock_price', 'error:feature_limitation:stock_watchlist', 'error:feature_limitation:get_notifications', 'error:system_failure:make_call'],
    };
    const source = wildAgtEvalSource({ config: errorConfig, bench: full, counter, model: 'oracle' });
    const store = new MemoryResultStore();
    await runSamples({ runId: 'e', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    const results = [...store.results.values()];
    expect(results.length).toBeGreaterThan(1);
    // the target call is replayed and fails: its error payload is in the history the agent reacts to
    const failed = results[0]!.score.api!.turns[0]!.steps.find((s) => s.source === 'gold' && s.success === false);
    expect(failed?.call?.api).toMatch(/stock_price|stock_watchlist|get_notifications|make_call/);
    const prompts: string[] = [];
    const answers = ['{"evaluation_summary": {"total_score": "4/5", "overall_level": "Good"}}', 'I cannot judge this.'];
    const written: SampleResult[] = [];
    const outcome = await judgeWildResults({
      results,
      references: full.judgeReferences,
      ask: async (p) => {
        prompts.push(p);
        return answers[(prompts.length - 1) % 2]!;
      },
      judge: 'test judge',
      put: async (r) => void written.push(r),
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ judged: results.length, total: results.length, missingReferences: [] });
    expect(prompts[0]).toContain('## Reference file');
    expect(prompts[0]).toMatch(/(stock_price_system_failure|stock_watchlist_feature_limitation|get_notifications_feature_limitation|make_call_system_failure)_error\.md/);
    expect(prompts[0]).toContain(results[0]!.score.api!.turns[0]!.query);
    expect(written.map((r) => r.score.api?.errorHandling?.score)).toEqual(written.map((_, i) => (i % 2 === 0 ? 4 : 0)));
    expect(written[0]!.score.correct).toBe(true);
    const t3 = table3(written);
    expect([...new Set(t3.errors.map((e) => e.type))].sort()).toEqual(['feature_limit', 'system_failure']);
    expect(t3.errors.every((e) => e.judge === 'test judge')).toBe(true);
    expect(t3.rows).toEqual([]);
  });

  it("result logs are written as Python's json writes them: 28.0 stays a float, keys keep their order", () => {
    const log: WildResultLog = {
      evaluation_type: 'step_by_step',
      filename: 'Conv_user1_x.json',
      user_id: 'user1',
      model: 'm',
      uncertainty_config: 'none.yaml',
      query_results: [{ query: 'Warm it up', expected_api_sequence: [{ api: 'temperature_set', params: { endpoints: ['5A'], temperature: new PyFloat(28) } }], steps: [] }],
    };
    expect(wildLogText(log)).toBe(
      '{"evaluation_type": "step_by_step", "filename": "Conv_user1_x.json", "user_id": "user1", "model": "m", "uncertainty_config": "none.yaml", "query_results": [{"query": "Warm it up", "expected_api_sequence": [{"api": "temperature_set", "params": {"endpoints": ["5A"], "temperature": 28.0}}], "steps": []}]}',
    );
  });

  it('reads the judge score as the repository does', () => {
    expect(parseWildJudgeScore('Here: {"evaluation_summary": {"total_score": "3/5"}, "criteria_scores": []}')).toBe(3);
    expect(parseWildJudgeScore('{"evaluation_summary": {"total_score": 4.5}}')).toBe(4.5);
    expect(parseWildJudgeScore('"total_score": "2/5", and more')).toBe(2);
    expect(parseWildJudgeScore('{"evaluation_summary": {"total_score": "9/5"}}')).toBeNull();
    expect(parseWildJudgeScore('no score')).toBeNull();
  });

  it('repeats: every episode run twice, each answer its own sample, the oracle right every time', async () => {
    const source = withRepeats(wildAgtEvalSource({ config: { ...config, experiments: ['cumulative:none'] }, bench: bench!, counter, model: 'oracle' }), 2);
    const store = new MemoryResultStore();
    const outcome = await runSamples({ runId: 'r', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0.7 }, format: 'json', signal: new AbortController().signal });
    expect(outcome.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results.map((r) => r.facets?.repeat).sort()).toEqual([1, 1, 2, 2]);
    expect(results.every((r) => r.score.correct && r.error === null)).toBe(true);
  });

  it('an engine that only ends turns fails every episode, and its replies are the output', async () => {
    const source = wildAgtEvalSource({ config: { ...config, experiments: ['cumulative:ad-hoc'] }, bench: bench!, counter, model: 'ender' });
    const ender: Engine = {
      info: { id: 'ender', kind: 'baseline', model: 'ender' },
      async generate() {
        return { text: 'Nothing to do. <End of Turn>', finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 3 }, timings: { prefillMs: 0, decodeMs: 1 } };
      },
    };
    const store = new MemoryResultStore();
    await runSamples({ runId: 'r', source, engine: ender, store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    const results = [...store.results.values()];
    expect(results.length).toBe(2);
    for (const r of results) {
      expect(r.score.correct).toBe(false);
      expect(r.output).toContain('<End of Turn>');
      expect(r.score.api?.turns.every((t) => t.steps.every((s) => s.kind === 'completion'))).toBe(true);
    }
  });
});

describe.skipIf(!haveShared)('importing WildAgtEval files into storage', () => {
  const freshDb = () => new AppDB(`w${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const read = (path: string): NamedText => ({ name: path.slice(REF.length + 1), text: readFileSync(path, 'utf8') });
  const known = new Set(WILD_FUNCTION_NAMES);
  const dbFiles = () => DATABASE_FILES.map((f) => read(join(REF, 'databases', `${f}.json`)));
  const conv = (set: string, name: string) => read(join(REF, 'conversations', set, `${name}.jsonl`));
  const prompt = () => read(join(REF, 'prompts', 'complexity', 'centralized_prompt.md'));
  // as the worker imports them
  const importWildAgtEvalFiles = (db: AppDB, files: NamedText[], knownFunctions: ReadonlySet<string>) =>
    addPackFiles(db, WILDAGTEVAL_PACK_ID, (stored, createdAt) => addWildFiles(stored, files, knownFunctions, createdAt ?? Date.now()));

  it('files added later join the pack; the no-complexity copy of the databases is kept beside the other, for the experiments that run on it', async () => {
    const db = freshDb();
    const { pack: first, replaced: none } = await importWildAgtEvalFiles(
      db,
      [...dbFiles(), conv('Combined50_transformed', 'Conv_user3_scenario7_NotificationCall_only'), prompt(), { name: 'README.md', text: '#' }],
      known,
    );
    expect(none).toEqual([]);
    expect(first.description).toMatch(/^24 database files · Combined50_transformed \(1 conversations\) · agent prompts: adhoc · 0 judge rubrics\. WildAgtEval/);
    // a whole folder: a second copy of a database file under no_complexity_variant, and another set
    const { pack: second, replaced: same } = await importWildAgtEvalFiles(
      db,
      [read(join(REF, 'databases', 'no_complexity_variant', 'mock_data.json')), ...dbFiles(), conv('Combined50', 'Conv_user3_scenario7_NotificationCall_only')],
      known,
    );
    // the same database files again replace nothing
    expect(same).toEqual([]);
    expect(second.description).toMatch(/^24 database files \(\+1 of the no-complexity copy\) · Combined50 \(1 conversations\), Combined50_transformed/);
    const bench = wildBenchmarkOf(second);
    const knowledge = (d: Databases) => ((d.mock_data as PyDict).knowledge as PyDict).python;
    expect(knowledge(databasesFor(bench, 'complexity'))).toBeUndefined();
    expect(typeof knowledge(databasesFor(bench, 'no_complexity'))).toBe('string');
    // the no-complexity side runs on the original labels (Combined50) where they are imported, the other on the transformed ones
    const withNone = wildBenchmarkOf((await importWildAgtEvalFiles(db, [read(join(REF, 'prompts', 'no_complexity', 'centralized_prompt.md'))], known)).pack);
    const plan = planWildAgtEval({ packId: 'wae', set: 'Combined50_transformed', conversations: 0, experiments: ['cumulative:none', 'cumulative:ad-hoc'] }, withNone);
    const setOf = (c: unknown) => withNone.sets.find((x) => x.conversations.includes(c as never))?.name;
    expect(plan.map((p) => [p.experiment.id, setOf(p.conversation)])).toEqual([
      ['cumulative:none', 'Combined50'],
      ['cumulative:ad-hoc', 'Combined50_transformed'],
    ]);
    const [row] = await db.packs.toArray();
    expect(wildSummaryOf(packFiles(row!)).sets).toEqual([
      { name: 'Combined50', conversations: 1 },
      { name: 'Combined50_transformed', conversations: 1 },
    ]);
    expect(row?.createdAt).toBe(first.createdAt);
    // a file of the same name with other contents replaces the stored one, and the import says which (issue 46, item 5: it said nothing)
    const edited = prompt();
    const { replaced } = await importWildAgtEvalFiles(db, [{ ...edited, text: `${edited.text}\n<!-- edited -->\n` }], known);
    expect(replaced).toEqual([edited.name]);
  });

  it('a mistake stores nothing: the pack stays as it was', async () => {
    const db = freshDb();
    await importWildAgtEvalFiles(db, [...dbFiles(), conv('Combined50_transformed', 'Conv_user3_scenario7_NotificationCall_only'), prompt()], known);
    const before = (await db.packs.toArray())[0]?.contentHash;
    const bad = { name: 'Combined50_transformed/Conv_user3_broken.jsonl', text: '{"query": "hi", "api_sequence": [{"api": "teleport", "params": {}}]}\n' };
    await expect(importWildAgtEvalFiles(db, [bad], known)).rejects.toThrow(/Conv_user3_broken\.jsonl line 1.*api_sequence\[0\]\.api.*'teleport'/);
    expect((await db.packs.toArray()).map((p) => p.contentHash)).toEqual([before]);
    await expect(importWildAgtEvalFiles(freshDb(), [prompt()], known)).rejects.toThrow(/needs the database files.*a conversation set/);
  });
});

describe('the cumulative ladder keeps every rung it asked (issue 49: rungs that did not fit were dropped silently)', () => {
  const episode = (rung: string, ok: boolean | null, error?: 'context_overflow' | 'engine_error'): SampleResult =>
    ({
      sampleId: `${rung}-${String(ok)}-${error ?? ''}`,
      facets: { mode: 'cumulative', rung },
      ...(error ? { error: { kind: error, message: error } } : {}),
      score: ok === null ? {} : { api: { turns: [{ success: ok }] } },
    }) as unknown as SampleResult;
  it('a rung whose every episode overflowed the window is a row with no accuracy, saying why', () => {
    const rows = ladder(
      [
        episode('None', true),
        episode('None', false),
        episode('Ad-hoc', null, 'context_overflow'),
        episode('Ad-hoc', null, 'context_overflow'),
        episode('+Noise', true),
        episode('+Noise', null, 'engine_error'),
      ],
      ['None', 'Ad-hoc', '+Noise'],
    );
    expect(rows.map((r) => [r.rung, r.acc.accuracy, r.unanswered, r.overflowed])).toEqual([
      ['None', 0.5, 0, 0],
      ['Ad-hoc', null, 2, 2],
      ['+Noise', 1, 1, 0],
    ]);
    expect(unansweredWords(rows[1]!)).toBe('2 episodes unanswered (2 did not fit the window)');
    expect(unansweredWords(rows[2]!)).toBe('1 episode unanswered (1 ended in an error)');
    expect(unansweredWords(rows[0]!)).toBe('');
  });
});
