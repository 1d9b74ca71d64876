/**
 * The simulated API system and the API-complexity suite: every function deterministic and total
 * over its schema, every gold sequence replays, each complexity switch changes exactly what it
 * claims, the agent protocol's parser, and the oracle at 100% in both modes.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/lib/core/random';
import type { Json, JsonObject } from '../../src/lib/core/types';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createBaselineEngine } from '../../src/lib/engines/baseline';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { accuracyOf, ladder, table3 } from '../../src/lib/analysis/wildagteval';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import type { ParamDef } from '../../src/lib/simulate/define';
import { BASE_TYPES, COMPLEXITY_TYPES, ComplexityConfig, CUMULATIVE_LADDER, NO_COMPLEXITY, switchesOf } from '../../src/lib/simulate/api/complexity';
import { DOMAINS } from '../../src/lib/simulate/api/define';
import { notFoundMessage } from '../../src/lib/simulate/api/api-system';
import { API_FUNCTIONS, API_SCORING, apiFunctionNamed, apiReference, ASSIGNMENTS, goldCall, invokeApi } from '../../src/lib/simulate/api/home-system';
import { createWorld } from '../../src/lib/simulate/api/world';
import { builtinConversations, replayGold } from '../../src/lib/suites/wildagteval-simulated/conversations';
import { parseReply } from '../../src/lib/prompts/episode-protocol';
import { parseJudgeScore } from '../../src/lib/suites/wildagteval-simulated/error-handling';
import { wildSimulatedSource } from '../../src/lib/suites/wildagteval-simulated/suite';
import { planWildSimulated } from '../../src/lib/suites/wildagteval-simulated/plan';
import { DEFAULT_WILD_SIMULATED } from '../../src/lib/suites/wildagteval-simulated/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const on = (type: (typeof COMPLEXITY_TYPES)[number], fn: string) => new ComplexityConfig(`${type}:${fn}`, [[type, fn]]);
const call = (api: string, params: JsonObject = {}) => ({ api, params });

/** A value of a parameter's type: from the world's own ids where the name says so, else random. */
function valueFor(name: string, p: ParamDef, rng: Rng): Json {
  const ids = ['12', '14', '21', '29', '33', '41', '61A', '70', 'media1', 'prod1', 'PO0038', 'recipe1', 'rest1', 'item11', 'alarm1', 'playlist1', 'DO0007', 'x', ''];
  if (p.enum) return rng.pick(p.enum);
  switch (p.type) {
    case 'string':
      return rng.pick([...ids, 'Boston', 'NFLX', '314-863-1141', '2 weeks', 'P2W', '07:30', '2025-07-20T10:00:00Z', 'orange', '#FF0000', 'pasta', 'italian', name]);
    case 'integer':
      return rng.pick([-5, 0, 1, 3, 50, 100, 1000]);
    case 'float':
      return rng.pick([0.5, 1, 2.5, -1]);
    case 'boolean':
      return rng.next() < 0.5;
    case 'array':
      return rng.sample(ids, rng.int(3));
    case 'dict':
      return {};
  }
}

describe('the API system', () => {
  it('has at least 60 functions in 7 domains, each classified, with key parameters it declares', () => {
    expect(API_FUNCTIONS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(API_FUNCTIONS.map((f) => f.domain))).toEqual(new Set(DOMAINS));
    expect(new Set(API_FUNCTIONS.map((f) => f.name)).size).toBe(API_FUNCTIONS.length);
    for (const f of API_FUNCTIONS) for (const k of f.keyParams) expect(Object.keys(f.tool.params), `${f.name}.${k}`).toContain(k);
    for (const t of COMPLEXITY_TYPES) expect([...ASSIGNMENTS.values()].filter((c) => c[t]).length, t).toBeGreaterThanOrEqual(5);
  });

  it('every function is deterministic and total: any arguments give the same structured result on a fresh world, never a throw', () => {
    const rng = new Rng('api-totality');
    const all = new ComplexityConfig('all', switchesOf(ASSIGNMENTS, COMPLEXITY_TYPES));
    for (const f of API_FUNCTIONS)
      for (let i = 0; i < 25; i++) {
        const params: JsonObject = {};
        for (const [k, p] of Object.entries(f.tool.params)) if (!p.optional || rng.next() < 0.5) params[k] = valueFor(k, p, rng);
        if (i === 0) params.unexpected = 1;
        for (const config of [NO_COMPLEXITY, all]) {
          const a = invokeApi(createWorld(3), call(f.name, params), config);
          const b = invokeApi(createWorld(3), call(f.name, params), config);
          expect(a, `${f.name}(${JSON.stringify(params)})`).toEqual(b);
          expect(typeof a.success).toBe('boolean');
          if (!a.success) expect(typeof a.result.message, f.name).toBe('string');
        }
      }
  });

  it('a function that does not exist answers as WildAgtEval does, and the scorer counts it invalid', () => {
    const out = invokeApi(createWorld(1), call('find_communication_device'), NO_COMPLEXITY);
    expect(out).toMatchObject({ success: false, result: { message: notFoundMessage('find_communication_device') } });
  });

  it('every gold sequence of the built-in conversations replays from the initial state (and more seeds than the default)', () => {
    for (const seed of [7, 11, 23]) {
      const convs = builtinConversations(24, seed);
      expect(convs).toHaveLength(24);
      for (const c of convs) {
        expect(c.turns.length).toBeGreaterThanOrEqual(2);
        expect(c.turns.length).toBeLessThanOrEqual(6);
        const world = createWorld(c.worldSeed);
        for (const t of c.turns) expect(() => replayGold(world, c.id, t)).not.toThrow();
      }
    }
  });

  it('side effects change the world: a light stays on, a cart keeps its items', () => {
    const w = createWorld(1);
    invokeApi(w, call('power_on', { endpoints: ['12'] }), NO_COMPLEXITY);
    expect(invokeApi(w, call('get_device_details', { endpoint: '12' }), NO_COMPLEXITY).result).toMatchObject({ device: { power: 'on' } });
    invokeApi(w, call('add_to_cart', { product_id: 'prod2', quantity: 2 }), NO_COMPLEXITY);
    expect(invokeApi(w, call('view_cart'), NO_COMPLEXITY).result).toMatchObject({ items: [{ product_id: 'prod2', quantity: 2 }] });
    expect(invokeApi(w, call('checkout'), NO_COMPLEXITY).success).toBe(true);
    expect(invokeApi(w, call('checkout'), NO_COMPLEXITY).result.message).toBe('Cannot checkout with an empty cart.');
  });
});

describe('each complexity switch changes exactly what it claims', () => {
  const w = () => createWorld(1);
  it("ad-hoc rules: the plain value fails with the rule's message only when on; the formatted gold value works; the spec states the rule only when on", () => {
    const plain = call('stock_price', { symbol: 'NFLX' });
    expect(invokeApi(w(), plain, NO_COMPLEXITY).success).toBe(true);
    expect(invokeApi(w(), plain, on('ad_hoc', 'stock_price')).result).toEqual({ success: false, message: 'Invalid symbol.' });
    const gold = goldCall(plain, on('ad_hoc', 'stock_price'), w());
    expect(gold.params.symbol).toBe('NASDAQ:NFLX');
    expect(invokeApi(w(), gold, on('ad_hoc', 'stock_price'))).toEqual(invokeApi(w(), plain, NO_COMPLEXITY));
    expect(goldCall(call('track_order', { order_id: 'PO0038' }), on('ad_hoc', 'track_order'), w()).params.order_id).toBe('UPS-0038');
    expect(apiReference(on('ad_hoc', 'stock_price'))).toContain("symbol must be '<EXCHANGE>:<TICKER>'");
    expect(apiReference(NO_COMPLEXITY)).not.toContain('<EXCHANGE>:<TICKER>');
  });
  it('unclear boundaries: the look-alike is listed next to its original only when on, and calling it fails as a missing function', () => {
    expect(apiReference(on('unclear', 'find_call_device'))).toMatch(/- find_call_device\([^\n]*\n- find_communication_device\(/);
    expect(apiReference(NO_COMPLEXITY)).not.toContain('find_communication_device');
    expect(invokeApi(w(), call('find_communication_device'), on('unclear', 'find_call_device')).result.message).toBe(notFoundMessage('find_communication_device'));
  });
  it('functional dependencies: the prerequisite is stated only when off, and enforced either way', () => {
    expect(apiReference(NO_COMPLEXITY)).toMatch(/- make_call\([^\n]*Requires: The call device must be powered on first/);
    expect(apiReference(on('dependency', 'make_call'))).not.toMatch(/- make_call\([^\n]*Requires:/);
    for (const c of [NO_COMPLEXITY, on('dependency', 'make_call')])
      expect(invokeApi(w(), call('make_call', { phone_number: '314-863-1141', device_endpoint: '61A' }), c).result.message).toBe('Device Smart Phone is not powered on');
  });
  it('ambiguous descriptions: units and defaults are stated only when off; the call behaves the same', () => {
    expect(apiReference(NO_COMPLEXITY)).toContain('in degrees Celsius, 10 to 32');
    expect(apiReference(on('ambiguous', 'temperature_set'))).not.toContain('in degrees Celsius');
    const c = call('temperature_set', { endpoints: ['21'], temperature: 22 });
    expect(invokeApi(w(), c, on('ambiguous', 'temperature_set'))).toEqual(invokeApi(w(), c, NO_COMPLEXITY));
  });
  it('informational notices: the result gains the notice and loses "success" (which then counts as true); nothing else changes', () => {
    const c = call('temperature_set', { endpoints: ['21'], temperature: 22 });
    const off = invokeApi(w(), c, NO_COMPLEXITY);
    const with_ = invokeApi(w(), c, on('notice', 'temperature_set'));
    expect(with_.success).toBe(true);
    expect(with_.result.success).toBeUndefined();
    const { notice, ...rest } = with_.result;
    expect(typeof notice).toBe('string');
    const { success: _s, ...offRest } = off.result;
    expect(rest).toEqual(offRest);
  });
  it('partially irrelevant information: extra entries are mixed into the list, every original entry stays, in order', () => {
    const c = call('search_product', { query: 'fitness' });
    const off = invokeApi(w(), c, NO_COMPLEXITY).result.products as JsonObject[];
    const with_ = invokeApi(w(), c, on('irrelevant', 'search_product'));
    const list = with_.result.products as JsonObject[];
    expect(list.length).toBeGreaterThan(off.length);
    expect(list.filter((p) => off.some((o) => o.product_id === p.product_id))).toEqual(off);
    expect(with_.injected).toEqual(['irrelevant']);
  });
  it('feature limitations: the limited call fails with a hint; the hinted workaround works under the same switch', () => {
    for (const [fn, f] of ASSIGNMENTS) {
      const limit = f.feature_limit;
      if (!limit) continue;
      const config = on('feature_limit', fn);
      const gold = builtinConversations()
        .flatMap((c) => c.turns.flatMap((t) => t.calls))
        .find((x) => x.api === fn);
      expect(gold, `a built-in conversation calls ${fn}`).toBeDefined();
      const params = gold?.params ?? {};
      // the built-in gold calls are ones the limitation hits
      expect(limit.when(params), fn).toBe(true);
      expect(invokeApi(w(), call(fn, params), config).result.message, fn).toBe(limit.message);
      const around = limit.workaround(params, w());
      expect(invokeApi(w(), around, config).success, `${fn} → ${JSON.stringify(around)}`).toBe(true);
    }
  });
  it('system failures: a cryptic code, nothing executed', () => {
    const world = w();
    const out = invokeApi(world, call('power_on', { endpoints: ['61A'] }), NO_COMPLEXITY);
    expect(out.success).toBe(true);
    const before = JSON.stringify(world);
    const failed = invokeApi(world, call('make_call', { phone_number: '314-863-1141', device_endpoint: '61A' }), on('system_failure', 'make_call'));
    expect(failed.result).toMatchObject({ success: false, error: 'SIP_TRUNK_REGISTRATION_LOST' });
    expect(JSON.stringify(world)).toBe(before);
  });
});

describe('the agent protocol', () => {
  it('reads the end marker first (any case), then the first well-formed call, else nothing', () => {
    expect(parseReply('ok <end of turn> <API_CALL>{"api":"x","params":{}}</API_CALL>')).toEqual({ kind: 'completion' });
    expect(parseReply('Let me check.\n<API_CALL>{bad}</API_CALL><API_CALL>\n{"api": "view_cart", "params": {}}\n</API_CALL>')).toEqual({ kind: 'api_call', call: { api: 'view_cart', params: {} } });
    expect(parseReply('<API_CALL>{"api": "view_cart"}</API_CALL>')).toEqual({ kind: 'unknown' });
    expect(parseReply('view_cart()')).toEqual({ kind: 'unknown' });
    expect(parseReply('<API_CALL>'.repeat(20_000))).toEqual({ kind: 'unknown' });
  });
  it('the <tool_call> option reads {"name", "arguments"} blocks, and the end marker still comes first', () => {
    expect(parseReply('Checking.\n<tool_call>{"name": "stock_price", "arguments": {"symbol": "NFLX"}}</tool_call>', 'tool-call')).toEqual({
      kind: 'api_call',
      call: { api: 'stock_price', params: { symbol: 'NFLX' } },
    });
    expect(parseReply('<API_CALL>{"api": "view_cart", "params": {}}</API_CALL>', 'tool-call')).toEqual({ kind: 'unknown' });
    expect(parseReply('Done <End of Turn> <tool_call>{"name": "x", "arguments": {}}</tool_call>', 'tool-call')).toEqual({ kind: 'completion' });
  });
});

describe('the suite', () => {
  const counter = new CachedCounter(llama3Counter);
  const run = async (engine: ReturnType<typeof createOracleEngine>, mode: 'isolated' | 'cumulative') => {
    const store = new MemoryResultStore();
    const config = { ...DEFAULT_WILD_SIMULATED, mode, conversations: 10, wordings: ['coref', 'resolved'] as ('coref' | 'resolved')[] };
    const out = await runSamples({
      runId: mode,
      source: wildSimulatedSource({ config, counter }),
      engine,
      store,
      request: { maxTokens: 256, temperature: 0 },
      format: 'json',
      signal: new AbortController().signal,
    });
    expect(out.status).toBe('completed');
    return [...store.results.values()];
  };

  it('isolated pairs share target points; the base types are measured against no complexity, the others against the base', () => {
    const plan = planWildSimulated({ ...DEFAULT_WILD_SIMULATED, types: ['irrelevant', 'dependency'] });
    const sides = (t: string) => new Set(plan.filter((p) => p.facets.type === t).map((p) => p.config.name));
    expect(sides('irrelevant')).toEqual(new Set(['base', 'base+irrelevant']));
    expect(sides('dependency')).toEqual(new Set(['none', 'dependency']));
    for (const t of ['irrelevant', 'dependency']) {
      const of = plan.filter((p) => p.facets.type === t);
      expect(of.filter((p) => p.cell.variant === 'off').map((p) => p.facets.target)).toEqual(of.filter((p) => p.cell.variant === 'on').map((p) => p.facets.target));
    }
    expect(CUMULATIVE_LADDER[0]?.types).toEqual(BASE_TYPES);
  });

  it('the oracle reaches 100% API call accuracy in both modes, and 5/5 on every error scenario', async () => {
    const iso = await run(createOracleEngine(), 'isolated');
    expect(accuracyOf(iso.filter((r) => !r.score.api?.errorHandling)).accuracy).toBe(1);
    const t3 = table3(iso);
    expect(t3.rows.map((r) => r.type).sort()).toEqual(['ad_hoc', 'irrelevant', 'notice', 'unclear']);
    expect(t3.errors.length).toBeGreaterThan(5);
    expect(t3.errors.every((e) => e.score === 5)).toBe(true);
    const cum = await run(createOracleEngine(), 'cumulative');
    expect(accuracyOf(cum).accuracy).toBe(1);
    expect(
      ladder(
        cum,
        CUMULATIVE_LADDER.map((r) => r.name),
      ).map((r) => r.acc.accuracy),
    ).toEqual([1, 1, 1, 1, 1]);
  });

  it('with <tool_call> blocks the prompt asks for them and the oracle still reaches 100%', async () => {
    const config = { ...DEFAULT_WILD_SIMULATED, mode: 'cumulative' as const, conversations: 4, callFormat: 'tool-call' as const };
    const source = wildSimulatedSource({ config, counter });
    expect(source.build(source.ids[0]!).messages[0]?.content).toContain('<tool_call>{"name": "api_name"');
    const store = new MemoryResultStore();
    await runSamples({ runId: 'tc', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    const results = [...store.results.values()];
    expect(accuracyOf(results).accuracy).toBe(1);
    expect(results[0]?.output).toContain('<tool_call>');
  });

  it('the baseline gives real, imperfect numbers', async () => {
    const acc = accuracyOf(await run(createBaselineEngine(), 'cumulative')).accuracy ?? 0;
    expect(acc).toBeGreaterThan(0);
    expect(acc).toBeLessThan(1);
  });

  it('an engine can judge error handling: given the rubric it answers "Score: N"; no score counts 0, as WildAgtEval averages it', async () => {
    for (const [answer, want] of [
      ['The agent reported it plainly.\nScore: 4', 4],
      ['I cannot tell.', 0],
    ] as const) {
      const engine = {
        info: { id: 'fake', kind: 'wllama' as const, model: 'fake model' },
        async generate(request: { messages: { role: string; content: string }[] }) {
          const judging = request.messages[0]?.content.includes('You judge how well');
          return {
            text: judging ? answer : `Sorry, that failed. <End of Turn>`,
            finishReason: 'stop' as const,
            usage: { promptTokens: 10, completionTokens: 5 },
            timings: { prefillMs: 1, decodeMs: 1 },
          };
        },
      };
      const store = new MemoryResultStore();
      const config = { ...DEFAULT_WILD_SIMULATED, types: ['system_failure' as const], perType: 2, judge: 'engine' as const };
      await runSamples({
        runId: 'judge',
        source: wildSimulatedSource({ config, counter }),
        engine,
        store,
        request: { maxTokens: 64, temperature: 0 },
        format: 'json',
        signal: new AbortController().signal,
      });
      const judged = [...store.results.values()].filter((r) => r.score.api?.errorHandling);
      expect(judged).toHaveLength(2);
      for (const r of judged) expect(r.score.api?.errorHandling).toMatchObject({ score: want, judge: 'fake model (the engine under test, given the rubric)' });
    }
    expect(parseJudgeScore('overall 3/5')).toBe(3);
    expect(parseJudgeScore('Score: 9')).toBeNull();
  });

  it('the scorer tables follow the functions', () => {
    expect(API_SCORING.adHoc).toEqual(API_FUNCTIONS.filter((f) => f.complexity.ad_hoc).map((f) => f.name));
    expect(apiFunctionNamed('make_call')?.cls).toBe('side_effect');
    expect(API_SCORING.keyParams.make_call).toEqual(['phone_number']);
  });
});
