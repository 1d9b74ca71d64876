/**
 * WildAgtEval's per-turn API call accuracy: the rules one by one, and the verdicts of its own analyzer on the
 * 17 shipped logs (../shared/reference/wildagteval/results_sample; skipped without ../shared).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/core/types';
import { readWildAgtEvalResult, readWildAgtEvalScoring } from '../../src/lib/suites/wildagteval-benchmark/log-files';
import { type ApiStep, rulesFromTable, scoreApiTurn } from '../../src/lib/scoring/api-accuracy';

const rules = rulesFromTable({
  sideEffect: ['power_on', 'make_call', 'add_to_cart'],
  core: ['stock_price', 'weather_current'],
  support: ['find_contact'],
  keyParams: { make_call: ['phone_number'], stock_price: ['symbol'], add_to_cart: ['product_id'], weather_current: ['location'] },
  adHoc: ['make_call', 'stock_price'],
  looseParams: { weather_current: ['location'] },
});
const ok = (api: string, params: Record<string, Json> = {}): ApiStep => ({ call: { api, params }, success: true, result: '{"success": true}' });
const failed = (api: string, params: Record<string, Json> = {}): ApiStep => ({ call: { api, params }, success: false, result: '{"success": false}' });

describe('API call accuracy rules', () => {
  it('a failed side-effect call does not count; a query counts whether or not it succeeded', () => {
    expect(scoreApiTurn([{ api: 'power_on', params: {} }], [failed('power_on')], rules).missingSideEffects).toEqual(['power_on']);
    expect(scoreApiTurn([{ api: 'weather_current', params: { location: 'New York' } }], [failed('weather_current', { location: 'new_york' })], rules).success).toBe(true);
  });
  it('key parameters must be equal; other parameters are free; extra side effects are reported, not failed', () => {
    const v = scoreApiTurn([{ api: 'add_to_cart', params: { product_id: 'p1', quantity: 2 } }], [ok('add_to_cart', { product_id: 'p1', quantity: 9 }), ok('add_to_cart', { product_id: 'p2' })], rules);
    expect(v.success).toBe(true);
    expect(v.extraSideEffects).toEqual(['add_to_cart']);
  });
  it('a missing core query fails, a missing supporting query only warns', () => {
    expect(scoreApiTurn([{ api: 'find_contact', params: {} }], [], rules)).toMatchObject({ success: true, supportingQueryWarnings: ['Missing supporting query: find_contact'] });
    expect(scoreApiTurn([{ api: 'stock_price', params: { symbol: 'NASDAQ:NFLX' } }], [ok('stock_price', { symbol: 'NFLX' })], rules)).toMatchObject({
      success: false,
      missingCoreQueries: ['stock_price', 'stock_price'],
    });
  });
  it('ad-hoc: two failures in a row first make the call incorrect even if a third succeeds', () => {
    const e = [{ api: 'make_call', params: { phone_number: 'D:1' } }];
    const v = scoreApiTurn(e, [failed('make_call', { phone_number: '1' }), failed('make_call', { phone_number: 'D:1' }), ok('make_call', { phone_number: 'D:1' })], rules);
    expect(v).toMatchObject({ success: false, incorrectSideEffects: ['make_call (ad-hoc: 2 consecutive failures)'], missingSideEffects: [] });
    expect(scoreApiTurn(e, [failed('make_call', { phone_number: '1' }), ok('make_call', { phone_number: 'D:1' })], rules).success).toBe(true);
  });
  it('a call to a function that does not exist fails the turn', () => {
    const v = scoreApiTurn([], [{ call: { api: 'find_communication_device', params: {} }, success: false, result: "Tool 'find_communication_device' not found in any environment" }], rules);
    expect(v).toMatchObject({ success: false, invalidApiCalls: ['find_communication_device'] });
  });
});

const REF = '../shared/reference/wildagteval';
const SAMPLE = join(REF, 'results_sample');
const haveShared = existsSync(join(SAMPLE, 'scoring_reference.json'));
if (!haveShared) console.warn(`skipping the WildAgtEval scorer parity test: ${SAMPLE} is not present (it comes with ../shared, not with the repository)`);

describe.skipIf(!haveShared)("WildAgtEval's own analyzer verdicts on its shipped logs", () => {
  it('every turn of the 17 sampled logs gets the reference verdict and the same findings', () => {
    const reference = JSON.parse(readFileSync(join(SAMPLE, 'scoring_reference.json'), 'utf8')) as {
      files: Record<
        string,
        {
          conversation_success: boolean;
          turns: { success: boolean; missing_side_effects: string[]; incorrect_side_effects: string[]; extra_side_effects: string[]; missing_core_queries: string[]; invalid_api_calls: string[] }[];
        }
      >;
    };
    const refRules = rulesFromTable(readWildAgtEvalScoring(JSON.parse(readFileSync(join(REF, 'scoring_config.json'), 'utf8')) as Json));
    const files = Object.entries(reference.files);
    expect(files).toHaveLength(17);
    let turns = 0;
    for (const [file, verdict] of files) {
      const log = readWildAgtEvalResult(JSON.parse(readFileSync(join(SAMPLE, file), 'utf8')) as Json, file);
      expect(log.length, file).toBe(verdict.turns.length);
      const ours = log.map((t) => scoreApiTurn(t.expected, t.steps, refRules));
      ours.forEach((v, i) => {
        const want = verdict.turns[i]!;
        const sorted = (xs: string[]) => [...xs].sort();
        expect(
          {
            success: v.success,
            missing: sorted(v.missingSideEffects),
            incorrect: sorted(v.incorrectSideEffects),
            extra: sorted(v.extraSideEffects),
            core: sorted(v.missingCoreQueries),
            invalid: sorted(v.invalidApiCalls),
          },
          `${file} turn ${i + 1}`,
        ).toEqual({
          success: want.success,
          missing: sorted(want.missing_side_effects),
          incorrect: sorted(want.incorrect_side_effects),
          extra: sorted(want.extra_side_effects),
          core: sorted(want.missing_core_queries),
          invalid: sorted(want.invalid_api_calls),
        });
        turns++;
      });
      expect(
        ours.every((v) => v.success),
        file,
      ).toBe(verdict.conversation_success);
    }
    expect(turns).toBeGreaterThan(17);
  });
});
