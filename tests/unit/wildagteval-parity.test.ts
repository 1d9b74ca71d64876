/**
 * `cli parity wildagteval`: WildAgtEval's analyzer tables and label fixes, and its verdicts on the 17 shipped logs
 * (../shared/reference/wildagteval; those parts skip without ../shared).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultLogFiles, runWildAgtEvalParity, scoreResultLog } from '../../src/cli/suites/wildagteval-benchmark/parity';
import type { Json } from '../../src/lib/core/types';
import type { ApiCallRecord } from '../../src/lib/scoring/api-accuracy';
import { readWildAgtEvalScoring } from '../../src/lib/suites/wildagteval-benchmark/log-files';
import { fixWildAgtEvalLabels, WILDAGTEVAL_SCORING } from '../../src/lib/suites/wildagteval-benchmark/analyzer';

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'results_sample', 'scoring_reference.json'));
if (!haveShared) console.warn(`skipping the WildAgtEval parity-command tests on its shipped logs: ${REF} is not present (it comes with ../shared, not with the repository)`);

const log = (expected: readonly ApiCallRecord[], steps: readonly object[]): string => JSON.stringify({ query_results: [{ query: 'q', expected_api_sequence: expected, steps }] });

describe("WildAgtEval's analyzer", () => {
  it('drops expected lock_lock calls on endpoint 29 and the power_on of the one hard-coded sequence', () => {
    const lock = (e: string) => ({ api: 'lock_lock', params: { endpoints: [e] } });
    expect(fixWildAgtEvalLabels([lock('GarageDoorOpener_29'), lock('FrontDoorLock_42')])).toEqual([lock('FrontDoorLock_42')]);
    const carter: ApiCallRecord[] = [
      { api: 'find_contact', params: { query: 'Jessica Carter', search_type: 'name', limit: 1 } },
      { api: 'find_call_device', params: {} },
      { api: 'power_on', params: { endpoints: ['17'] } },
      { api: 'make_call', params: { phone_number: 'D:4157863264', call_type: 'audio', device_endpoint: '17' } },
    ];
    expect(fixWildAgtEvalLabels(carter).map((c) => c.api)).toEqual(['find_contact', 'find_call_device', 'make_call']);
    const other = carter.map((c, i): ApiCallRecord => (i === 0 ? { ...c, params: { ...c.params, query: 'Nancy Collins' } } : c));
    expect(fixWildAgtEvalLabels(other)).toHaveLength(4);
  });

  it('a log scores per turn: a failed side effect is missing, a call to a look-alike fails the turn', () => {
    const gold: ApiCallRecord[] = [{ api: 'power_on', params: { endpoints: ['61A'] } }];
    const ok = { api_call: gold[0] as ApiCallRecord, api_success: true, api_result: '{"success": true}' };
    const failed = { ...ok, api_success: false, api_result: '{"success": false}' };
    const lookalike = {
      api_call: { api: 'find_communication_device', params: {} },
      api_success: false,
      api_result: `{"success": false, "message": "Tool 'find_communication_device' not found in any environment"}`,
    };
    expect(scoreResultLog(log(gold, [ok]), 'a.json')).toEqual({ file: 'a.json', success: true, turns: [true] });
    expect(scoreResultLog(log(gold, [failed]), 'b.json').success).toBe(false);
    expect(scoreResultLog(log(gold, [ok, lookalike]), 'c.json').success).toBe(false);
    expect(() => scoreResultLog('{"query_results": 3}', 'd.json')).toThrow(/d\.json.*query_results/);
  });

  it('reads every .json under the folder, recursively, but not the reference file; an unreadable log is skipped and named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wae-'));
    mkdirSync(join(dir, 'run_a', 'deeper'), { recursive: true });
    const gold: ApiCallRecord[] = [{ api: 'stock_price', params: { symbol: 'NASDAQ:TSLA' } }];
    writeFileSync(join(dir, 'run_a', 'x.json'), log(gold, [{ api_call: gold[0] as ApiCallRecord, api_success: true, api_result: '{}' }]));
    writeFileSync(join(dir, 'run_a', 'deeper', 'y.json'), log(gold, []));
    writeFileSync(join(dir, 'run_a', 'notes.txt'), 'not a log');
    writeFileSync(join(dir, 'broken.json'), '{');
    writeFileSync(
      join(dir, 'scoring_reference.json'),
      JSON.stringify({ files: { 'run_a/x.json': { conversation_success: true, turns: [{ success: true }] }, 'run_a/deeper/y.json': { conversation_success: true, turns: [{ success: true }] } } }),
    );
    expect(resultLogFiles(dir)).toEqual(['broken.json', 'run_a/deeper/y.json', 'run_a/x.json']);
    const lines: string[] = [];
    const errors: string[] = [];
    const r = runWildAgtEvalParity(
      dir,
      (l) => lines.push(l),
      (l) => errors.push(l),
    );
    expect(lines.slice(0, 2).map((l) => JSON.parse(l) as unknown)).toEqual([
      { file: 'run_a/deeper/y.json', success: false, turns: [false] },
      { file: 'run_a/x.json', success: true, turns: [true] },
    ]);
    expect(lines.at(-1)).toBe('agree 1/2 (turns 1/2)');
    expect(r).toEqual({ agree: 1, total: 2, unreadable: 1 });
    expect(errors.join('\n')).toMatch(/skipped broken\.json: \(json\): not JSON/);
    expect(errors.join('\n')).toMatch(/disagree run_a\/deeper\/y\.json/);
  });
});

describe.skipIf(!haveShared)("the parity command on WildAgtEval's shipped logs", () => {
  it("the analyzer's tables are the repository's (scoring_config.json)", () => {
    const theirs = readWildAgtEvalScoring(JSON.parse(readFileSync(join(REF, 'scoring_config.json'), 'utf8')) as Json);
    const sorted = (xs: readonly string[]) => [...xs].sort();
    expect(sorted(WILDAGTEVAL_SCORING.sideEffect)).toEqual(sorted(theirs.sideEffect));
    expect(sorted(WILDAGTEVAL_SCORING.core)).toEqual(sorted(theirs.core));
    expect(sorted(WILDAGTEVAL_SCORING.support)).toEqual(sorted(theirs.support));
    expect(WILDAGTEVAL_SCORING.keyParams).toEqual(theirs.keyParams);
    expect(sorted(WILDAGTEVAL_SCORING.adHoc)).toEqual(sorted(theirs.adHoc));
  });

  it('agrees on every file and every turn of the 17 sampled logs', () => {
    const lines: string[] = [];
    const r = runWildAgtEvalParity(join(REF, 'results_sample'), (l) => lines.push(l));
    expect(r).toEqual({ agree: 17, total: 17, unreadable: 0 });
    expect(lines).toHaveLength(18);
    expect(lines.at(-1)).toBe('agree 17/17 (turns 30/30)');
  });
});
