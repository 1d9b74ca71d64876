/**
 * Every suite's settings are declared once (issue 45): the Run tab and the runner start from the same
 * defaults, take the same bounds, and a run made with no options in either is the same run.
 */
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../src/cli/eval/eval-args';
import { defaultSuiteFields, SUITE_LIST, type SuiteId, suiteNumberFields, type SuiteSetup } from '../../src/lib/suites/registry';
import { settingProblems, valueAt, wordProblems } from '../../src/lib/suites/settings';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';
import { WILDAGTEVAL_PACK_ID } from '../../src/lib/suites/wildagteval-benchmark/benchmark-files';
import { numberProblem } from '../../src/lib/suites/number-fields';
import type { RunRow } from '../../src/lib/run/run-row';
import { newRun } from '../../src/lib/run/new-run';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { cellsOf, type ResponseQaConfig } from '../../src/lib/suites/response-qa/config';

/** What a suite's `prepare` measures with its data stored as the runner's flags name it (WildAgtEval's benchmark imported). */
const PREPARED_WITH_DATA: Partial<Record<SuiteId, unknown>> = { 'wildagteval-benchmark': { packId: WILDAGTEVAL_PACK_ID, summary: null, plan: null } };

/** The Run tab as it opens on a suite, with an engine that asks no model (the runner's default, the oracle). */
function openingSetup(packs: readonly string[], suite?: SuiteId): SuiteSetup {
  return {
    ...defaultSuiteFields(),
    catalog: { ...defaultSuiteFields().catalog, askedPacks: [...packs] },
    asksModel: false,
    replay: false,
    selectedPacks: [...packs],
    itemsIn: {},
    conversationsAvailable: 0,
    tasksAvailable: {},
    predictedTasks: null,
    window: { limit: Infinity, answerTokens: 256, owner: 'the model' },
    prepared: (suite && PREPARED_WITH_DATA[suite]) ?? null,
  };
}

/** The runner with no options but those a suite cannot run without. */
const runnerArgs = (suite: string) => (suite === 'wildagteval-benchmark' ? [suite, '--wildagteval', 'dir'] : [suite]);

describe('a suite declares each setting once', () => {
  for (const d of SUITE_LIST) {
    it(`${d.id}: the defaults hold every setting, within its bounds`, () => {
      for (const s of d.settings) expect(valueAt(d.config.defaults, s.path), `${d.id}.${s.path}`).not.toBeUndefined();
      expect(settingProblems(d.settings, d.config.defaults)).toEqual([]);
      // a flag sets one setting
      expect(new Set(d.settings.flatMap((s) => s.flags)).size, 'a flag names one setting of a suite').toBe(d.settings.flatMap((s) => s.flags).length);
    });

    it(`${d.id}: a run made with no options on the Run tab and by the runner is the same run`, () => {
      const tab = d.configure(openingSetup(d.defaultPacks, d.id));
      const runner = parseEvalArgs(runnerArgs(d.id)).run;
      expect({ suite: runner.suite, packIds: runner.packIds, config: runner.config }).toEqual({ suite: tab.suite, packIds: tab.packIds, config: tab.config });
      expect(runner.request.maxTokens).toBe(d.maxTokens.default);
      // the whole run, not only the suite's part: both are made by one function from the same choices
      const tabRun = newRun({ suiteRun: tab, constraint: 'off', request: { maxTokens: d.maxTokens.default, temperature: 0 }, repeats: 1, order: 'prefix', template: { ...DEFAULT_PROMPT } });
      expect(runner).toEqual(tabRun);
    });

    it(`${d.id}: the Run tab's fields take the runner's bounds, and a run file out of them is refused naming the field`, () => {
      const fields = suiteNumberFields(d, openingSetup(d.defaultPacks, d.id));
      for (const s of d.settings.filter((x) => x.kind === 'number' && valueAt(d.config.defaults, x.path) !== null)) {
        const field = fields.find((f) => f.label === s.label);
        expect(field, s.label).toBeDefined();
        expect(field?.min).toBe(s.min);
        // the data may narrow the tab's bound (the conversations a pack holds), never widen it
        expect(field?.max).toBeLessThanOrEqual(s.max);
        const over = s.max + 1;
        for (const flag of s.flags.slice(0, 1))
          expect(() => parseEvalArgs([...runnerArgs(d.id), `--${flag}`, String(over)]), `--${flag} ${over}`).toThrow(`must be a whole number from ${s.min} to ${s.max}`);
        expect(numberProblem({ ...(field as NonNullable<typeof field>), value: over })).not.toBeNull();
        const run = parseEvalArgs(runnerArgs(d.id)).run;
        const config = run.config as object;
        const [head, ...rest] = s.path.split('.');
        const bad = rest.length ? { ...config, [head as string]: { ...(config as Record<string, object>)[head as string], [rest.join('.')]: over } } : { ...config, [s.path]: over };
        const row = { ...run, id: 'run-x', createdAt: 0, updatedAt: 0, engine: { kind: 'oracle', model: 'oracle' }, counterId: 'llama3', config: bad } as unknown as RunRow;
        expect(() => readRunFile(writeRunFile({ run: row, recording: null, results: [] })), s.path).toThrow(`run.config.${s.path}`);
      }
    });

    it(`${d.id}: the defaults hold words it takes, and a run file with a word it does not take is refused naming the field`, () => {
      expect(wordProblems(d.words, d.config.defaults)).toEqual([]);
      const run = parseEvalArgs(runnerArgs(d.id)).run;
      expect(wordProblems(d.words, run.config)).toEqual([]);
      for (const w of d.words.filter((x) => x.allowed !== null)) {
        const bad = { ...(run.config as object), [w.path]: w.many ? ['no-such-word'] : 'no-such-word' };
        const row = { ...run, id: 'run-x', createdAt: 0, updatedAt: 0, engine: { kind: 'oracle', model: 'oracle' }, counterId: 'llama3', config: bad } as unknown as RunRow;
        expect(() => readRunFile(writeRunFile({ run: row, recording: null, results: [] })), w.path).toThrow(`run.config.${w.path}: "no-such-word" is not one of ${w.allowed?.[0]}`);
      }
    });
  }
});

describe("response QA's experiments on the runner", () => {
  it('--experiments size asks the size ladder only (the answer in record 1 at each length); a word it does not take is refused naming the flag', () => {
    const run = parseEvalArgs(['response-qa', '--experiments', 'size', '--lengths', '1K,16K', '--positions', '1']).run;
    expect(run.config).toMatchObject({ experiments: ['size'], lengths: [1024, 16384], positions: [1] });
    expect(cellsOf(run.config as ResponseQaConfig)).toEqual([
      { experiment: 'size', length: 1024, record: 1 },
      { experiment: 'size', length: 16384, record: 1 },
    ]);
    expect(() => parseEvalArgs(['response-qa', '--experiments', 'size,depth'])).toThrow('--experiments: "depth" is not one of size, position');
  });
});
