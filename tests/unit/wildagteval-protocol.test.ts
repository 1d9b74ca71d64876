/**
 * WildAgtEval's runner protocol: reply parsing, target points, the prompt at a target point in the repository's
 * layout, and the replayed gold steps of its shipped logs (../shared/reference/wildagteval; those skip without it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../src/lib/core/pyvalue';
import { readWildAgtEvalFiles, readWildConversation, type WildConversation } from '../../src/lib/suites/wildagteval-benchmark/benchmark-files';
import { pyJsonDumps } from '../../src/lib/core/py-json';
import { createWildState, DATABASE_FILES } from '../../src/lib/suites/wildagteval-benchmark/world/state';
import { WILD_FUNCTION_NAMES } from '../../src/lib/suites/wildagteval-benchmark/world/registry';
import { switchKey } from '../../src/lib/suites/wildagteval-benchmark/world/switches';
import { expectedFrom, findTargetPoints, goldHistory, parseWildReply, wildPrompt, wildSystemText } from '../../src/lib/suites/wildagteval-benchmark/protocol';
import { STEP_BY_STEP_SUFFIX } from '../../src/lib/suites/wildagteval-benchmark/step-by-step-suffix';
import { isTargetReplayed, runsCrossTurn, WILD_EXPERIMENTS } from '../../src/lib/suites/wildagteval-benchmark/experiments';

describe('parsing a reply', () => {
  it('End of Turn first (any case), so a reply with both a call and the marker ends the turn', () => {
    expect(parseWildReply('Done. <API_CALL>{"api": "power_on", "params": {}}</API_CALL> <end OF turn>')).toEqual({ kind: 'completion' });
  });
  it('then the first well-formed <API_CALL>, keeping Python types (28.0 stays a float)', () => {
    const r = parseWildReply('Let me. <API_CALL>{"api": broken}</API_CALL> <API_CALL>\n{"api": "temperature_set", "params": {"endpoints": ["5A"], "temperature": 28.0}}\n</API_CALL>');
    expect(r.kind).toBe('api_call');
    if (r.kind !== 'api_call') return;
    expect(r.call.api).toBe('temperature_set');
    expect((r.call.params as { temperature: unknown }).temperature).toBeInstanceOf(PyFloat);
  });
  it('then the old TASK_COMPLETED forms; anything else is unknown', () => {
    expect(parseWildReply('TASK_COMPLETED: all set')).toEqual({ kind: 'completion' });
    expect(parseWildReply('I think I should call power_on')).toEqual({ kind: 'unknown' });
    expect(parseWildReply('<API_CALL>{"api": "x"}</API_CALL>')).toEqual({ kind: 'unknown' });
  });
});

const conv: WildConversation = {
  name: 'Conv_user1_x.jsonl',
  user: 'user1',
  turns: [
    {
      query: 'What is in my home?',
      gold: [
        { api: 'get_user_inventory', params: {} },
        { api: 'get_device_details', params: { endpoint: '1' } },
      ],
    },
    {
      query: 'Lights on',
      gold: [
        { api: 'get_user_inventory', params: {} },
        { api: 'power_on', params: { endpoints: ['1'] } },
        { api: 'power_on', params: { endpoints: ['2'] } },
      ],
    },
  ],
};

describe('target points', () => {
  it('every gold position of a target function; get_user_inventory only at its first; a per-function limit', () => {
    expect(findTargetPoints(conv, new Set(['get_user_inventory', 'power_on']))).toEqual([
      { turn: 0, step: 0, fn: 'get_user_inventory' },
      { turn: 1, step: 1, fn: 'power_on' },
      { turn: 1, step: 2, fn: 'power_on' },
    ]);
    expect(findTargetPoints(conv, new Set(['power_on']), { perFunction: 1 })).toEqual([{ turn: 1, step: 1, fn: 'power_on' }]);
    expect(expectedFrom(conv, { turn: 1, step: 1, fn: 'power_on' }).map((c) => c.api)).toEqual(['power_on', 'power_on']);
  });
});

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'databases'));
if (!haveShared) console.warn(`skipping the WildAgtEval protocol tests on its reference files: ${REF} is not present (it comes with ../shared, not with the repository)`);

describe.skipIf(!haveShared)('the prompt at a target point, on the reference files', () => {
  const read = (path: string) => ({ name: path, text: readFileSync(path, 'utf8') });
  const files = haveShared
    ? readWildAgtEvalFiles(
        [...DATABASE_FILES.map((f) => read(join(REF, 'databases', `${f}.json`))), read(join(REF, 'prompts', 'complexity', 'centralized_prompt_unclear.md'))],
        new Set(WILD_FUNCTION_NAMES),
      )
    : null;
  const adHoc = new Set(['track_order', 'lock_lock', 'lock_unlock', 'color_set', 'get_call_history', 'make_call', 'play', 'stock_price'].map((f) => switchKey('ADHOC', f)));

  it("is the system file + the evaluator's suffix, then each earlier query and only the results of its gold calls, then the target query", () => {
    const conversation = readWildConversation(read(join(REF, 'conversations', 'Combined50_transformed', 'Conv_user1_scenario2_discovery_CulinaryControlEnv_RestaurantDelivery_merged.jsonl')));
    const point = findTargetPoints(conversation, new Set(['get_restaurant_menu']))[0]!;
    expect(point).toEqual({ turn: 4, step: 0, fn: 'get_restaurant_menu' });
    const state = createWildState(files!.databases!, conversation.user, undefined, adHoc);
    const { history } = goldHistory(state, conversation, point, false);
    const system = wildSystemText(files!.prompts[0]!.text);
    expect(system.endsWith(STEP_BY_STEP_SUFFIX)).toBe(true);
    const prompt = wildPrompt(system, history);
    // the layout written out by hand from the repository's description, with the stored execution results
    const stored = JSON.parse(readFileSync(join(REF, 'conversations', 'Combined50_transformed_exec_mapping', `${conversation.name.replace('.jsonl', '')}_exec_mapping.json`), 'utf8')) as {
      mappings: { execution_result: string }[];
    };
    let k = 0;
    const blocks: string[] = [system];
    conversation.turns.slice(0, 5).forEach((turn, t) => {
      blocks.push(`Human: ${turn.query}`);
      const calls = t < 4 ? turn.gold.length : 0;
      for (let i = 0; i < calls; i++) blocks.push(`<API_RESPONSE>\nAPI Result: ${stored.mappings[k++]!.execution_result}\n</API_RESPONSE>`);
    });
    expect(prompt).toBe(blocks.join('\n\n'));
    expect(prompt).not.toContain('\n\nAssistant:');
  });

  it("replays the target turn's gold steps the shipped logs record as [GT_EXECUTION] (the irrelevant-information targets are replayed)", () => {
    for (const [file, fn] of [
      ['Conv_user10_scenario2_discovery_CulinaryControlEnv_RestaurantDelivery_merged_TurnLevelTF_Turn0_Step0_search_recipes.json', 'search_recipes'],
      ['Conv_user1_scenario2_discovery_CulinaryControlEnv_RestaurantDelivery_merged_TurnLevelTF_Turn4_Step0_get_restaurant_menu.json', 'get_restaurant_menu'],
      ['Conv_user5_DailyInvestmentMonitor_scenario2_TurnLevelTF_Turn0_Step0_stock_watchlist.json', 'stock_watchlist'],
    ] as const) {
      const log = JSON.parse(readFileSync(join(REF, 'results_sample', 'turn_level_tf_claude37_no_think_adhoc+unclear_adhoc_s0_irrelevantTRG', file), 'utf8')) as {
        query_results: { steps: { llm_response: string; api_call: { api: string; params: object }; api_result: string }[] }[];
      };
      const recorded = log.query_results[0]!.steps.filter((s) => s.llm_response === '[GT_EXECUTION]');
      const conversation = readWildConversation(read(join(REF, 'conversations', 'Combined50_transformed', `${file.split('_TurnLevelTF_')[0]}.jsonl`)));
      const [, turn, step] = /Turn(\d+)_Step(\d+)/.exec(file)!;
      const point = { turn: Number(turn), step: Number(step), fn };
      expect(findTargetPoints(conversation, new Set([fn]))).toContainEqual(point);
      const { targetTurnSteps } = goldHistory(createWildState(files!.databases!, conversation.user, undefined, adHoc), conversation, point, true);
      expect(
        targetTurnSteps.map((s) => ({ api: s.call.api, params: pyJsonDumps(s.call.params) })),
        file,
      ).toEqual(recorded.map((s) => ({ api: s.api_call.api, params: JSON.stringify(s.api_call.params).replaceAll('":', '": ').replaceAll(',"', ', "') })));
      expect(
        targetTurnSteps.map((s) => s.outcome.text),
        file,
      ).toEqual(recorded.map((s) => s.api_result));
    }
  });
});

describe('the experiment matrix', () => {
  it('replays error and irrelevant-information targets, lets the agent produce ad-hoc and unclear ones (except the ad-hoc functions, switched on)', () => {
    const byId = new Map(WILD_EXPERIMENTS.map((e) => [e.id, e]));
    expect(isTargetReplayed(byId.get('isolated:ad-hoc:on')!, 'make_call')).toBe(false);
    expect(isTargetReplayed(byId.get('isolated:unclear:on')!, 'find_contact')).toBe(false);
    expect(isTargetReplayed(byId.get('isolated:unclear:on')!, 'color_set')).toBe(true);
    expect(isTargetReplayed(byId.get('isolated:irrelevant:off')!, 'search_recipes')).toBe(true);
    expect(isTargetReplayed(byId.get('error:feature_limitation:get_messages')!, 'get_messages')).toBe(true);
    expect(runsCrossTurn(byId.get('error:system_failure:play')!, 'play')).toBe(false);
    expect(runsCrossTurn(byId.get('isolated:notice:on')!, 'make_call')).toBe(true);
    expect(WILD_EXPERIMENTS.filter((e) => e.mode === 'cumulative').map((e) => e.label)).toEqual(['None', 'Ad-hoc', '+Unclear', '+Info', '+Irrelevant']);
  });
});

describe.skipIf(!haveShared)("the experiment matrix is the repository's (its configs, as transcribed in complexity_scenarios.json)", () => {
  it('every experiment enables what its uncertainty config enables and targets what its targets file lists', () => {
    const scenarios = JSON.parse(readFileSync(join(REF, 'complexity_scenarios.json'), 'utf8')) as {
      config_files: Record<string, { uncertainties?: Record<string, { enabled: boolean; apis: string[] }>; target_functions?: string[] }>;
    };
    for (const e of WILD_EXPERIMENTS) {
      const copy = e.code === 'complexity' ? 'API_Complexity' : 'API_NoComplexity';
      const config = scenarios.config_files[`${copy}/uncertainty_configs/${e.configFile}`];
      expect(config, e.id).toBeDefined();
      const enabled = Object.fromEntries(
        Object.entries(config!.uncertainties ?? {})
          .filter(([, u]) => u.enabled && u.apis.length > 0)
          .map(([t, u]) => [t, [...u.apis].sort()]),
      );
      // the no-complexity copy has no switches in its code, whatever its config lists
      const ours = Object.fromEntries(Object.entries(e.switches).map(([t, fns]) => [t, [...(fns ?? [])].sort()]));
      expect(ours, e.id).toEqual(e.code === 'no_complexity' ? {} : enabled);
      if (e.targets) expect([...e.targets.functions].sort(), e.id).toEqual([...(scenarios.config_files[`${copy}/uncertainty_configs/${e.targets.file}`]?.target_functions ?? [])].sort());
    }
  });
});
