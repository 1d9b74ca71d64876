/**
 * WildAgtEval's complexity switches on the user's own tools: rules derived from their parameter
 * descriptions, a stand-in execution that enforces them, notices and sponsored records in results,
 * BFCL allowed values in the scoring, the oracle at 100% on both sides of every pair.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolSchema } from '../../src/lib/core/types';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { readToolRequests } from '../../src/lib/formats/tool-requests';
import { readToolsFile, yourToolsPack } from '../../src/lib/formats/your-tools-pack';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { sourceFor } from '../../src/lib/run/sources';
import { scoreApiTurn } from '../../src/lib/scoring/api-accuracy';
import { ComplexityConfig, NO_COMPLEXITY } from '../../src/lib/simulate/api/complexity';
import { adHocRuleOf, isLookup, toolsApiSystem } from '../../src/lib/simulate/api/tools-system';
import { runEpisode } from '../../src/lib/suites/wildagteval-simulated/episode';
import { ownApiSetup, requestConversations } from '../../src/lib/suites/wildagteval-simulated/request-conversations';
import { wildSimulatedSource } from '../../src/lib/suites/wildagteval-simulated/suite';
import { planWildSimulated } from '../../src/lib/suites/wildagteval-simulated/plan';
import { DEFAULT_WILD_SIMULATED } from '../../src/lib/suites/wildagteval-simulated/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';
import type { RunRow } from '../../src/lib/run/run-row';

const FIXTURES = 'tests/fixtures/your-tools';

async function payrollPack() {
  const { tools } = await readToolsFile(readFileSync(`${FIXTURES}/acme-payroll.openapi.yaml`, 'utf8'), 'acme-payroll.openapi.yaml');
  const items = readToolRequests(readFileSync(`${FIXTURES}/acme-payroll.requests.jsonl`, 'utf8'), 'acme-payroll.requests.jsonl', tools);
  return yourToolsPack('acme', tools, items, 'test', 1);
}

const tool = (name: string, properties: ToolSchema['parameters']['properties'], required: string[] = Object.keys(properties), description = ''): ToolSchema => ({
  name,
  description,
  parameters: { type: 'dict', properties, required },
});

describe('complexity on your tools', () => {
  it('derives ad-hoc rules from parameter names and descriptions: dates, identifiers, amounts; never on an enum', () => {
    const date = adHocRuleOf(tool('book_room', { room: { type: 'string', enum: ['A', 'B'] }, day: { type: 'string', description: 'the date, YYYY-MM-DD' } }));
    expect(date?.param).toBe('day');
    expect(date?.format('2025-07-17', undefined as never)).toBe('17.07.2025');
    expect(date?.parse('17.07.2025', undefined as never)).toBe('2025-07-17');
    expect(date?.parse('2025-07-17', undefined as never)).toBeNull();
    const id = adHocRuleOf(tool('acme_get_payslip', { employeeId: { type: 'string' } }));
    expect(id?.rule).toContain("'AGP-'");
    expect(id?.format('E-1', undefined as never)).toBe('AGP-E-1');
    expect(id?.parse('AGP-E-1', undefined as never)).toBe('E-1');
    expect(id?.parse('E-1', undefined as never)).toBeNull();
    const cents = adHocRuleOf(tool('refund', { amount: { type: 'float', description: 'in euros' } }));
    expect(cents?.format(12.5, undefined as never)).toBe(1250);
    expect(cents?.parse(1250, undefined as never)).toBe(12.5);
    expect(cents?.parse(12.5, undefined as never)).toBeNull();
    expect(adHocRuleOf(tool('set_mode', { mode: { type: 'string', enum: ['a', 'b'] }, note: { type: 'string' } }))).toBeUndefined();
    expect(isLookup(tool('acme_list_payslips', {}))).toBe(true);
    expect(isLookup(tool('acme_grant_bonus', {}, [], 'Grant a bonus'))).toBe(false);
    expect(isLookup(tool('payslips', {}, [], 'Returns the payslips of an employee'))).toBe(true);
  });

  it('the stand-in checks calls against the schemas and enforces a rule only while it is on', async () => {
    const pack = await payrollPack();
    const sys = toolsApiSystem(pack.tools);
    const world = sys.open(0);
    const adHoc = new ComplexityConfig('ad', [['ad_hoc', 'acme_grant_bonus']]);
    const bonus = { api: 'acme_grant_bonus', params: { employeeId: 'E-1042', amount: 500, currency: 'EUR' } };
    expect(world.invoke(bonus, NO_COMPLEXITY)).toMatchObject({ success: true, injected: [] });
    expect(world.invoke(bonus, adHoc)).toMatchObject({ success: false, injected: ['ad_hoc'], result: { message: "Invalid employeeId: identifiers start with 'AGB-'" } });
    expect(world.invoke({ ...bonus, params: { ...bonus.params, employeeId: 'AGB-E-1042' } }, adHoc).success).toBe(true);
    expect(world.invoke({ ...bonus, params: { ...bonus.params, currency: 'JPY' } }, NO_COMPLEXITY).result.message).toContain("'JPY' is not one of 'EUR', 'USD', 'GBP'");
    expect(world.invoke({ api: 'acme_fire_everyone', params: {} }, NO_COMPLEXITY).result.message).toBe("Tool 'acme_fire_everyone' not found in any environment");
    expect(world.invoke({ api: 'acme_list_payslips', params: { year: 2024 } }, NO_COMPLEXITY).result.message).toBe("missing required parameter 'employeeId'");

    const list = { api: 'acme_list_payslips', params: { employeeId: 'E-1042', year: 2024 } };
    const plain = world.invoke(list, NO_COMPLEXITY).result;
    expect(plain).toEqual({ success: true, results: [{ id: 'ALP-1', employeeId: 'E-1042', year: 2024 }] });
    const noisy = world.invoke(list, new ComplexityConfig('irr', [['irrelevant', 'acme_list_payslips']]));
    expect(noisy.injected).toEqual(['irrelevant']);
    expect((noisy.result.results as unknown[]).length).toBe(3);
    expect(JSON.stringify(noisy.result)).toContain('"sponsored":true');
    const noticed = world.invoke(list, new ComplexityConfig('n', [['notice', 'acme_list_payslips']]));
    expect(noticed.result.success).toBeUndefined();
    expect(noticed.success).toBe(true);
    expect(noticed.result.notice).toMatch(/^Frequently used operations: acme_grant_bonus\(\), acme_department_headcount\(\)/);

    expect(sys.reference(NO_COMPLEXITY)).not.toContain('Rule:');
    expect(sys.reference(adHoc)).toMatch(/- acme_grant_bonus\([^\n]*Rule: employeeId must carry the system prefix: 'AGB-'/);
  });

  it('expected calls keep BFCL allowed values, formatted by a rule that is on; the scorer matches them with the BFCL checker', async () => {
    const pack = await payrollPack();
    const sys = toolsApiSystem(pack.tools);
    const [, second] = requestConversations(pack.items);
    const bonus = second?.turns[0]?.calls[0];
    expect(bonus).toEqual({ api: 'acme_grant_bonus', params: { employeeId: ['E-1042'], amount: [500], currency: ['EUR'], reason: ['for the product launch', 'product launch', ''] } });
    const adHoc = new ComplexityConfig('ad', [['ad_hoc', 'acme_grant_bonus']]);
    const expected = sys.expectedCall(bonus!, adHoc, 0);
    expect(expected.params.employeeId).toEqual(['AGB-E-1042']);
    expect(sys.concreteCall(expected)).toEqual({ api: 'acme_grant_bonus', params: { employeeId: 'AGB-E-1042', amount: 500, currency: 'EUR', reason: 'for the product launch' } });
    const step = (params: Record<string, string | number>) => ({ call: { api: 'acme_grant_bonus', params }, success: true, result: '{"success": true}' });
    expect(scoreApiTurn([expected], [step({ employeeId: 'AGB-E-1042', amount: 500.0, currency: 'EUR' })], sys.rules).success).toBe(true);
    expect(scoreApiTurn([expected], [step({ employeeId: 'AGB-E-1042', amount: 500, currency: 'EUR', reason: 'Product launch' })], sys.rules).success).toBe(true);
    expect(scoreApiTurn([expected], [step({ employeeId: 'AGB-E-1042', amount: 50, currency: 'EUR' })], sys.rules).missingSideEffects).toContain('acme_grant_bonus');
    expect(scoreApiTurn([expected], [step({ employeeId: 'E-1042', amount: 500, currency: 'EUR' })], sys.rules).success).toBe(false);
  });

  it('plans target points only where a type acts, pairs them off and on, and the oracle reaches 100% on both sides', async () => {
    const pack = await payrollPack();
    const own = ownApiSetup(pack);
    expect(own.conversations.map((c) => c.flows)).toEqual(['payslips-2024+payslip-march', 'bonus+headcount-eng']);
    const config = { ...DEFAULT_WILD_SIMULATED, packId: pack.id, types: ['ad_hoc', 'notice', 'irrelevant', 'unclear'] as const };
    const plan = planWildSimulated({ ...config, types: [...config.types] }, own.conversations, own.system);
    const targets = (t: string) => plan.filter((p) => p.facets.type === t && p.cell.variant === 'on').map((p) => `${p.facets.fn}@${p.facets.target}`);
    // the headcount's only parameter is an enum: no rule there
    expect(targets('ad_hoc')).toEqual(['acme_list_payslips@requests-1 turn 1 step 1', 'acme_list_payslips@requests-1 turn 2 step 1', 'acme_grant_bonus@requests-2 turn 1 step 1']);
    expect(targets('notice')).toHaveLength(4);
    expect(targets('irrelevant')).toEqual(['acme_list_payslips@requests-1 turn 1 step 1', 'acme_list_payslips@requests-1 turn 2 step 1']);
    expect(targets('unclear')).toEqual([]);
    expect(plan.filter((p) => p.cell.variant === 'off')).toHaveLength(plan.length / 2);

    const run = { suite: 'wildagteval-simulated', config: { ...config, types: [...config.types] }, engine: { kind: 'oracle', model: 'oracle' } } as Pick<RunRow, 'suite' | 'config' | 'engine'>;
    const source = await sourceFor(run as RunRow, [pack], new CachedCounter(llama3Counter));
    const sample = source.build(source.ids[0] as string);
    expect(sample.packId).toBe(pack.id);
    expect(sample.tools.map((t) => t.name)).toEqual(pack.tools.map((t) => t.name));
    expect(sample.messages[0]?.content).toContain('an assistant acting for the user through the APIs of their own system');
    expect(sample.messages[0]?.content).not.toContain('get_user_inventory');
    const store = new MemoryResultStore();
    const out = await runSamples({ runId: 'own', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results).toHaveLength(plan.length);
    expect(results.filter((r) => !r.score.correct).map((r) => r.output)).toEqual([]);
    // on the ad-hoc side the oracle wrote the prefixed identifier, and the stand-in accepted it
    expect(results.some((r) => r.output.includes('"employeeId":"ALP-E-1042"'))).toBe(true);
    await expect(sourceFor(run as RunRow, [], new CachedCounter(llama3Counter))).rejects.toThrow(`the tools pack '${pack.id}' of this run is not stored any more`);
  });

  it('an agent that ignores the rule fails the ad-hoc side and passes the off side', async () => {
    const pack = await payrollPack();
    const own = ownApiSetup(pack);
    const source = wildSimulatedSource({ config: { ...DEFAULT_WILD_SIMULATED, packId: pack.id, types: ['ad_hoc'] }, counter: new CachedCounter(llama3Counter), own });
    const plain = `<API_CALL>{"api": "acme_grant_bonus", "params": {"employeeId": "E-1042", "amount": 500, "currency": "EUR"}}</API_CALL>`;
    const verdicts: Record<string, boolean> = {};
    for (const id of source.ids) {
      const s = source.build(id);
      if (s.facets?.fn !== 'acme_grant_bonus') continue;
      const e = s.expected;
      if (e.kind !== 'api') throw new Error('not an episode');
      let asked = 0;
      const turns = await runEpisode(
        {
          system: own.system,
          conversation: e.conversation,
          wording: 'coref',
          config: new ComplexityConfig(e.configName, e.switches as [never, string][]),
          mode: 'isolated',
          target: e.target as never,
        },
        async () => ({ text: asked++ === 0 ? plain : 'Done <End of Turn>' }),
      );
      verdicts[String(s.cell.variant)] = turns[0]?.verdict.success ?? false;
    }
    expect(verdicts).toEqual({ off: true, on: false });
  });
});
