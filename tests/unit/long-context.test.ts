/** LongFuncEval challenges 2 and 3: builders, exact budgets, answers recomputed from the JSON, the suites run end to end in Node. */
import { describe, expect, it } from 'vitest';
import { buildConversationsPack, buildResponsesPack, RECORDS_PER_ENDPOINT } from '../../datasets/travel/build';
import { buildResponseSet, ENDPOINTS } from '../../datasets/travel/records';
import { accuracyBy, byFacet, qaCurves, qaDegradation, settingsTable } from '../../src/lib/analysis/long-context';
import { fitResponse, responseText } from '../../src/lib/context/response-context';
import { CachedCounter } from '../../src/lib/context/token-counter';
import type { Json, JsonObject, Sample, SampleResult } from '../../src/lib/core/types';
import { createBaselineEngine } from '../../src/lib/engines/baseline';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import type { SampleSource } from '../../src/lib/core/sample-source';
import { scoreSample } from '../../src/lib/scoring/score-sample';
import { multiturnSource, planMultiturn } from '../../src/lib/suites/multiturn/suite';
import { anchorIndex, planResponseQa, responseQaSource } from '../../src/lib/suites/response-qa/suite';
import { at, PAPER_MIX, QA_TEMPLATES } from '../../src/lib/suites/response-qa/templates';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const counter = new CachedCounter(llama3Counter);
const responses = buildResponsesPack();
const conversations = buildConversationsPack();

function recordsOf(response: Json, path: readonly string[]): JsonObject[] {
  return at(response, ...path) as JsonObject[];
}

/** The JSON inside a response-QA prompt. */
function promptJson(sample: Sample): Json {
  const content = sample.messages[0]?.content ?? '';
  const json = /```json\n([\s\S]*?)```/.exec(content)?.[1];
  return JSON.parse(json ?? 'null') as Json;
}

describe('travel records', () => {
  it('are a pure function of the seed: the same seed gives the same pack, another seed another', () => {
    expect(JSON.stringify(buildResponsesPack(42))).toBe(JSON.stringify(responses));
    expect(JSON.stringify(buildResponsesPack(7).responses)).not.toBe(JSON.stringify(responses.responses));
    expect(JSON.stringify(buildConversationsPack(42))).toBe(JSON.stringify(conversations));
  });

  it('of a smaller response are a prefix of a larger one', () => {
    for (const e of ENDPOINTS) {
      const small = buildResponseSet(42, e, 10);
      const large = buildResponseSet(42, e, 60);
      expect(large.records.slice(0, 10)).toEqual(small.records);
      expect(large.request).toEqual(small.request);
    }
  });

  it('have unique ids and realistic nesting', () => {
    const idOf: Record<string, (r: JsonObject) => string> = {
      search_flights_multi_stops: (r) => String(r.offerId),
      get_availability: (r) => String(r.date),
      get_room_list_with_availability: (r) => String(r.roomId),
      get_seat_map: (r) => `${String(r.flightNumber)}/${String(r.rowNumber)}`,
      search_car_rentals: (r) => String(r.vehicleId),
    };
    for (const set of responses.responses ?? []) {
      expect(set.records).toHaveLength(RECORDS_PER_ENDPOINT[set.endpoint as keyof typeof RECORDS_PER_ENDPOINT]);
      const ids = set.records.map(idOf[set.endpoint] as (r: JsonObject) => string);
      expect(new Set(ids).size, set.endpoint).toBe(ids.length);
    }
    const flight = responses.responses?.[0]?.records[0];
    expect(at(flight, 'segments', 0, 'legs', 0, 'carrier', 'name')).toEqual(expect.any(String));
    expect(at(flight, 'priceBreakdown', 'total')).toEqual({ currencyCode: expect.any(String), units: expect.any(Number), nanos: expect.any(Number) });
  });
});

describe('a tool response of an exact length', () => {
  it('measures its target within 0.5% (usually exactly), and keeps every answer-bearing value of the records it shows', () => {
    for (const set of responses.responses ?? []) {
      for (const target of [700, 1024, 3000, 9000]) {
        const fitted = fitResponse({ set, before: 'Response:\n', after: '\nQuestion?', target }, counter);
        const measured = llama3Counter.count(fitted.text);
        expect(measured, `${set.endpoint} ${target}`).toBe(fitted.tokens);
        expect(Math.abs(measured - target) / target, `${set.endpoint} ${target}`).toBeLessThanOrEqual(0.005);
        const json = JSON.parse(fitted.text.slice('Response:\n'.length, -'\nQuestion?'.length)) as Json;
        const shown = recordsOf(json, set.recordsPath);
        expect(shown.length).toBe(fitted.records.length);
        shown.forEach((r, i) => {
          const original = set.records[i] as JsonObject;
          // only the free text of the last few records may be shorter
          expect({ ...r, [set.freeTextField]: null }).toEqual({ ...original, [set.freeTextField]: null });
          if (i < shown.length - fitted.shortened) expect(r).toEqual(original);
          expect(original[set.freeTextField]).toEqual(expect.stringContaining(String(r[set.freeTextField])));
        });
      }
    }
  });

  it('of a smaller size shows a prefix of the records of a larger size', () => {
    const set = responses.responses?.[3];
    if (!set) throw new Error('no seat map');
    const small = fitResponse({ set, before: '', after: '', target: 2000 }, counter);
    const large = fitResponse({ set, before: '', after: '', target: 6000 }, counter);
    const untouched = small.records.length - small.shortened;
    expect(large.records.slice(0, untouched)).toEqual(small.records.slice(0, untouched));
  });

  it('says it cannot be built when the records run out', () => {
    const set = buildResponseSet(42, 'get_availability', 3);
    expect(fitResponse({ set, before: '', after: '', target: 5000 }, counter).withinTolerance).toBe(false);
  });
});

describe('response-QA templates', () => {
  it('cover each endpoint with at least 10 templates in all three categories', () => {
    for (const e of ENDPOINTS) {
      const ts = QA_TEMPLATES.filter((t) => t.endpoint === e);
      expect(ts.length, e).toBeGreaterThanOrEqual(10);
      expect(new Set(ts.map((t) => t.category)), e).toEqual(new Set(['extraction', 'filtering', 'aggregation']));
      expect(
        ts.some((t) => t.scope === 'record'),
        e,
      ).toBe(true);
    }
  });

  it('compute answers from the record as a person would read them', () => {
    const offer = {
      offerId: 'FO-1',
      priceBreakdown: { total: { currencyCode: 'EUR', units: 612, nanos: 450000000 } },
      segments: [
        {
          legs: [
            { durationMinutes: 90, carrier: { name: 'KLM' }, flightNumber: 'KL 1' },
            { durationMinutes: 30, carrier: { name: 'KLM' }, flightNumber: 'KL 2' },
          ],
        },
        { legs: [{ durationMinutes: 45, carrier: { name: 'Iberia' }, flightNumber: 'IB 3' }] },
      ],
    };
    const t = (id: string) => QA_TEMPLATES.find((x) => x.id === `search_flights_multi_stops.${id}`);
    expect(t('total-price')?.make([offer], 0)?.answer).toEqual({ kind: 'number', value: 612.45 });
    expect(t('total-flight-minutes')?.make([offer], 0)?.answer).toEqual({ kind: 'number', value: 165 });
    expect(t('legs-by-carrier')?.make([offer], 0)?.answer).toEqual({ kind: 'list', values: ['KL 1', 'KL 2'] });
    const cars = [10, 30, 20].map((p, i) => ({ vehicleId: `v${i}`, pricingInfo: { basePrice: p } }));
    expect(QA_TEMPLATES.find((x) => x.id === 'search_car_rentals.cheapest')?.make(cars, 0)?.answer).toEqual({ kind: 'number', value: 10 });
    // too many matches is not asked
    const seats = { flightNumber: 'X 1', rowNumber: 9, seats: [] };
    expect(QA_TEMPLATES.find((x) => x.id === 'get_seat_map.cheapest-in-row')?.make([seats], 0)).toBeNull();
  });

  it('place the record asked about at p = 1 first, p = 8 last, evenly between', () => {
    expect([1, 2, 8].map((p) => anchorIndex(p, 15))).toEqual([0, 2, 14]);
    expect(anchorIndex(8, 1)).toBe(0);
  });
});

describe('the response-QA suite', () => {
  const config = { lengths: [1024, 3072], positions: [1, 4, 8], experiments: ['size' as const, 'position' as const], samplesPerCell: 5, seed: 42 };

  it('builds prompts of exact length whose answers recompute from the JSON they show', () => {
    const source = responseQaSource({ packs: [responses], config, counter });
    expect(source.ids).toHaveLength((2 + 3) * 5);
    for (const id of source.ids) {
      const s = source.build(id);
      const content = s.messages[0]?.content ?? '';
      expect(Math.abs(llama3Counter.count(content) - s.cell.length) / s.cell.length).toBeLessThanOrEqual(0.005);
      const set = responses.responses?.find((x) => x.endpoint === s.facets?.endpoint);
      if (!set || s.expected.kind !== 'qa') throw new Error('bad sample');
      const records = recordsOf(promptJson(s), set.recordsPath);
      expect(s.facets?.records).toBe(records.length);
      const anchor = Number(s.facets?.record) - 1;
      expect(anchor).toBe(anchorIndex(s.cell.record ?? NaN, records.length));
      const template = QA_TEMPLATES.find((t) => t.id === s.facets?.template);
      const again = template?.make(records, anchor);
      expect(again?.answer).toEqual(s.expected.answer);
      expect(content).toContain(`Question: ${again?.question}`);
      if (s.cell.variant === 'position') expect(template?.scope).toBe('record');
      expect(s.facets?.depth).toBe(set.recordsPath.length + 1 + (again?.depthInRecord ?? 0));
    }
  });

  it('is deterministic and keeps request k the same across the cells of an experiment', () => {
    const a = responseQaSource({ packs: [responses], config, counter });
    const b = responseQaSource({ packs: [responses], config, counter });
    expect(a.ids).toEqual(b.ids);
    expect(a.build(a.ids[3] as string)).toEqual(b.build(b.ids[3] as string));
    const plan = planResponseQa([responses], config);
    const sizeK0 = plan.filter((p) => p.experiment === 'size' && p.k === 0);
    expect(new Set(sizeK0.map((p) => `${p.set.endpoint}|${p.category}|${p.templates[0]?.id}`)).size).toBe(1);
  });

  it("follows the paper's category mix (Table 4)", () => {
    const plan = planResponseQa([responses], { ...config, lengths: [1024], experiments: ['size'], samplesPerCell: 1000 });
    const share = (c: string) => plan.filter((p) => p.category === c).length / plan.length;
    const paper = Object.values(PAPER_MIX).reduce((acc, m) => ({ e: acc.e + m.extraction, f: acc.f + m.filtering, a: acc.a + m.aggregation }), { e: 0, f: 0, a: 0 });
    const total = paper.e + paper.f + paper.a;
    expect(share('extraction')).toBeCloseTo(paper.e / total, 1);
    expect(share('filtering')).toBeCloseTo(paper.f / total, 1);
    expect(share('aggregation')).toBeCloseTo(paper.a / total, 1);
  });
});

describe('the multi-turn suite', () => {
  const config = { lengths: [2048, 8192, 16384], settings: ['prose' as const, 'structured' as const], count: 4, seed: 42 };

  it('has at least 100 base conversations, each needing its early fact in the final call', () => {
    const seeds = conversations.conversations?.seeds ?? [];
    expect(seeds.length).toBeGreaterThanOrEqual(100);
    for (const s of seeds) {
      expect(JSON.stringify(s.possibleAnswer)).toContain(JSON.stringify(s.factValue));
      expect(s.finalRequest).not.toContain(s.factValue);
      expect(s.prose.user).toContain(s.factValue);
      expect(JSON.stringify(s.structured.response)).toContain(s.factValue);
    }
  });

  it('builds conversations of exact length; the fact is stated once, early; longer ones continue shorter ones', () => {
    const source = multiturnSource({ packs: [conversations], config, template: DEFAULT_PROMPT, counter });
    const plan = planMultiturn([conversations], config);
    const built = new Map(source.ids.map((id) => [id, source.build(id)]));
    for (const p of plan) {
      const s = built.get(p.id) as Sample;
      const total = s.messages.reduce((n, m) => n + llama3Counter.count(m.content), 0);
      expect(total).toBe(s.promptTokens);
      expect(Math.abs(total - p.length) / p.length).toBeLessThanOrEqual(0.005);
      const fact = p.entry.seed.factValue.toLowerCase();
      const mentions = s.messages.map((m, i) => (m.content.toLowerCase().includes(fact) ? i : -1)).filter((i) => i >= 0);
      // the system prompt lists tool schemas (enums may name a diet or seat kind); the fact itself is given in the opening only
      const opening = p.setting === 'prose' ? [1] : [3];
      expect(
        mentions.filter((i) => i > 0),
        `${p.entry.seed.id} ${p.setting}`,
      ).toEqual(opening);
      expect(s.messages.at(-1)).toEqual({ role: 'user', content: p.entry.seed.finalRequest });
      // roles alternate after the system prompt once tool results are shown as user turns
      const roles = s.messages.slice(1).map((m) => (m.role === 'tool' ? 'user' : m.role));
      roles.forEach((r, i) => expect(r).toBe(i % 2 === 0 ? 'user' : 'assistant'));
    }
    const short = plan.find((p) => p.length === 8192 && p.setting === 'prose' && p.k === 0);
    const long = plan.find((p) => p.length === 16384 && p.setting === 'prose' && p.k === 0);
    const a = (built.get(short?.id ?? '') as Sample).messages;
    const b = (built.get(long?.id ?? '') as Sample).messages;
    // all but the last exchange (cut to fit) and the final request
    const whole = a.length - 1 - 4;
    expect(b.slice(0, whole)).toEqual(a.slice(0, whole));
  });
});

async function runAll(source: SampleSource, engine = createOracleEngine()): Promise<SampleResult[]> {
  const store = new MemoryResultStore();
  const outcome = await runSamples({ runId: 'r', source, engine, store, request: { maxTokens: 64, temperature: 0 }, format: 'bfcl-python', signal: new AbortController().signal });
  expect(outcome.status).toBe('completed');
  return [...store.results.values()];
}

describe('both suites through the run loop', () => {
  it('score 100% with the oracle engine, and the baseline gets real, lower numbers', async () => {
    const qa = () => responseQaSource({ packs: [responses], config: { lengths: [1024, 2048], positions: [1, 8], experiments: ['size', 'position'], samplesPerCell: 6, seed: 1 }, counter });
    const mt = () => multiturnSource({ packs: [conversations], config: { lengths: [2048, 4096], settings: ['prose', 'structured'], count: 5, seed: 1 }, template: DEFAULT_PROMPT, counter });
    for (const make of [qa, mt]) {
      const oracle = await runAll(make());
      expect(oracle.every((r) => r.score.correct)).toBe(true);
      expect(oracle.every((r) => r.facets !== undefined)).toBe(true);
      const baseline = await runAll(make(), createBaselineEngine());
      expect(baseline.filter((r) => r.score.correct).length).toBeLessThan(baseline.length);
    }
  });

  it('score QA outputs exactly, with "contains" as the second metric', () => {
    const sample = { expected: { kind: 'qa', answer: { kind: 'list', values: ['12A', '12F'] } } } as Sample;
    expect(scoreSample(sample, '12F, 12A').score).toMatchObject({ correct: true, contains: true, errorType: null });
    expect(scoreSample(sample, 'The free seats are 12A and 12F.').score).toMatchObject({ correct: false, contains: true, errorType: 'qa:verbose' });
    expect(scoreSample(sample, '12A').score).toMatchObject({ correct: false, contains: false, errorType: 'qa:wrong_answer' });
    expect(scoreSample(sample, ' ').score.errorType).toBe('qa:empty');
    const yes = { expected: { kind: 'qa', answer: { kind: 'scalar', value: 'yes' } } } as Sample;
    expect(scoreSample(yes, 'Yes.').score.correct).toBe(true);
    const time = { expected: { kind: 'qa', answer: { kind: 'scalar', value: '2025-03-14T08:35:00' } } } as Sample;
    expect(scoreSample(time, '2025-03-14T08:35:00').score.correct).toBe(true);
    expect(scoreSample(time, '2025-03-14 08:35').score.correct).toBe(false);
  });
});

describe('analyses', () => {
  const result = (variant: string, length: number, position: number, correct: boolean, facets = {}): SampleResult => ({
    id: `${variant}${length}${position}${Math.random()}`,
    runId: 'r',
    sampleId: 's',
    index: 0,
    cell: variant === 'position' ? { length, record: position, variant } : { length, variant },
    facets,
    output: '',
    calls: null,
    parseError: null,
    score: { correct, value: correct ? 1 : 0, errorType: null, errorClass: null, contains: true },
    usage: null,
    timings: null,
    error: null,
    createdAt: 0,
  });

  it('give the curves and Table 7 of response QA', () => {
    const rs = [
      result('size', 1024, 1, true),
      result('size', 1024, 1, true),
      result('size', 4096, 1, true),
      result('size', 4096, 1, false),
      result('position', 4096, 1, false),
      result('position', 4096, 8, true),
    ];
    const { bySize, byPosition } = qaCurves(rs);
    expect(bySize.map((g) => [g.key, g.accuracy])).toEqual([
      [1024, 1],
      [4096, 0.5],
    ]);
    expect(byPosition.map((g) => [g.key, g.accuracy])).toEqual([
      [1, 0],
      [8, 1],
    ]);
    expect(qaDegradation(rs).acrossSizes).toEqual({ min: 0.5, max: 1, percent: 50 });
    expect(accuracyBy(rs, byFacet('category'))).toEqual([]);
    expect(accuracyBy(rs, (r) => r.cell.variant)[0]).toMatchObject({ key: 'position', n: 2, correct: 1, containsAccuracy: 1 });
  });

  it('give the settings × lengths table of Table 2', () => {
    const rs = [result('prose', 2048, 0, true), result('prose', 8192, 0, false), result('structured', 2048, 0, true), result('structured', 8192, 0, true)];
    const t = settingsTable(rs);
    expect(t.lengths).toEqual([2048, 8192]);
    expect(t.rows.map((r) => [r.setting, r.cells.map((c) => c.accuracy), r.degradation?.percent])).toEqual([
      ['prose', [1, 0], 100],
      ['structured', [1, 1], 0],
    ]);
  });
});

it('renders a response as valid JSON', () => {
  const set = buildResponseSet(42, 'get_seat_map', 3);
  expect(recordsOf(JSON.parse(responseText(set, set.records)) as Json, set.recordsPath)).toEqual(set.records);
});
