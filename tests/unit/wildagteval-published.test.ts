/**
 * WildAgtEval's published result logs imported as runs (skipped without ../shared): the two sample
 * folders (irrelevant information off and on) become one run of one model whose verdicts are the
 * reference analyzer's, whose Table 3 pairs the same target points, and which survives a run file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { table3 } from '../../src/lib/analysis/wildagteval';
import { experimentOfFolder, publishedWildRuns } from '../../src/lib/suites/wildagteval-benchmark/published-logs';
import { importedRun } from '../../src/lib/run/imported-run';
import { WILD_BENCHMARK_SUITE } from '../../src/lib/suites/wildagteval-benchmark/config';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';
import { hashString } from '../../src/lib/core/random';

const DIR = '../shared/reference/wildagteval/results_sample';
const haveShared = existsSync(join(DIR, 'scoring_reference.json'));
if (!haveShared) console.warn(`skipping the published WildAgtEval logs tests: ${DIR} is not present (it comes with ../shared, not with the repository)`);

function walk(dir: string, prefix = ''): { name: string; text: string }[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n), `${prefix}${n}/`) : [{ name: `${prefix}${n}`, text: readFileSync(join(dir, n), 'utf8') }]));
}

describe.skipIf(!haveShared)('published WildAgtEval result logs as runs', () => {
  it('reads the experiment from a result folder name', () => {
    expect(experimentOfFolder('turn_level_tf_claude37_no_think_adhoc+unclear_partially_irrelevant_s0_irrelevantTRG', false)?.id).toBe('isolated:irrelevant:on');
    expect(experimentOfFolder('turn_level_tf_claude37_no_think_adhoc+unclear_adhoc_s0_irrelevantTRG', false)?.id).toBe('isolated:irrelevant:off');
    expect(experimentOfFolder('turn_level_tf_gpt4o_adhoc_adhoc_s0_unclearTRG', false)?.id).toBe('isolated:unclear:off');
    expect(experimentOfFolder('turn_level_tf_gpt4o_adhoc+unclear_feature_limitation_get_messages_s0_get_messagesTRG', false)?.id).toBe('error:feature_limitation:get_messages');
    expect(experimentOfFolder('my results', false)).toBeNull();
  });

  it('the sample folders: one run, the reference verdicts, Table 3 pairs, a run file round trip', () => {
    const reference = JSON.parse(readFileSync(join(DIR, 'scoring_reference.json'), 'utf8')) as { files: Record<string, { conversation_success: boolean; turns: { success: boolean }[] }> };
    const { runs: published, unrecognised, skipped } = publishedWildRuns(walk(DIR));
    const runs = published.map((p) => importedRun(WILD_BENCHMARK_SUITE, p));
    expect(unrecognised).toEqual([]);
    expect(skipped.some((s) => s.endsWith('scoring_reference.json'))).toBe(true);
    expect(runs.length).toBe(1);
    const [file] = runs;
    expect(file!.run.name).toBe('us.anthropic.claude-3-7-sonnet-20250219-v1:0 · WildAgtEval (published logs) · Partially irrelevant information');
    expect(file!.run.recording?.engine).toBe("WildAgtEval's own runner");
    expect(file!.results.length).toBe(Object.keys(reference.files).length);
    for (const [path, verdict] of Object.entries(reference.files)) {
      const r = file!.results.find((x) => x.sampleId === hashString(path));
      expect(r, path).toBeDefined();
      expect(r!.score.api!.turns.map((t) => t.success)).toEqual(verdict.turns.map((t) => t.success));
    }
    const t3 = table3(file!.results);
    expect(t3.rows.map((row) => [row.type, row.pairs])).toEqual([['irrelevant', 8]]);
    const back = readRunFile(writeRunFile({ run: file!.run, recording: file!.recording, results: file!.results }), 'x.run.jsonl');
    expect(back.results.length).toBe(file!.results.length);
    expect(back.recording?.model).toBe(file!.run.engine.model);
    expect(table3(back.results).rows[0]?.on.accuracy).toBe(t3.rows[0]?.on.accuracy);
  });

  it('a log that is not JSON stops the import, naming it', () => {
    expect(() => publishedWildRuns([{ name: 'run_a/Conv_user1_x.json', text: '{"query_results": [' }])).toThrow(/run_a\/Conv_user1_x\.json/);
  });
});
