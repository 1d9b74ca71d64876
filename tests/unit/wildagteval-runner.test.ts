/**
 * WildAgtEval's runner on the reference files (skipped without ../shared): the oracle passes every target point and
 * every cumulative turn by WildAgtEval's analyzer; a model that only ends turns fails them; the logs read back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreResultLog } from '../../src/cli/suites/wildagteval-benchmark/parity';
import type { NamedText } from '../../src/lib/core/types';
import { readWildAgtEvalFiles } from '../../src/lib/suites/wildagteval-benchmark/benchmark-files';
import { WILD_FUNCTION_NAMES } from '../../src/lib/suites/wildagteval-benchmark/world/registry';
import { DATABASE_FILES } from '../../src/lib/suites/wildagteval-benchmark/world/state';
import { WILD_EXPERIMENTS } from '../../src/lib/suites/wildagteval-benchmark/experiments';
import { findTargetPoints, wildSystemText } from '../../src/lib/suites/wildagteval-benchmark/protocol';
import { runConversation, runTargetPoint, type WildGenerate, wildLogText, wildOracle, type WildResultLog } from '../../src/lib/suites/wildagteval-benchmark/runner';

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'databases'));
if (!haveShared) console.warn(`skipping the WildAgtEval runner tests: ${REF} is not present (it comes with ../shared, not with the repository)`);

describe.skipIf(!haveShared)('running WildAgtEval experiments', () => {
  const read = (path: string): NamedText => ({ name: path, text: readFileSync(path, 'utf8') });
  const setDir = join(REF, 'conversations', 'Combined50_transformed');
  const names = [
    'Conv_user1_TransactionEnv_shopping_batch_scenario5_shopping',
    'Conv_user10_MediaControlEnv_media_batch_scenario8_control',
    'Conv_user3_scenario7_NotificationCall_only',
    'Conv_user5_DailyInvestmentMonitor_scenario2',
  ];
  const files = haveShared
    ? readWildAgtEvalFiles(
        [
          ...DATABASE_FILES.map((f) => read(join(REF, 'databases', `${f}.json`))),
          ...names.map((n) => read(join(setDir, `${n}.jsonl`))),
          read(join(REF, 'prompts', 'complexity', 'centralized_prompt.md')),
        ],
        new Set(WILD_FUNCTION_NAMES),
      )
    : null;
  const conversations = files?.sets[0]?.conversations ?? [];
  const system = wildSystemText(files?.prompts[0]?.text ?? '');
  const byId = new Map(WILD_EXPERIMENTS.map((e) => [e.id, e]));
  const score = (log: WildResultLog) => scoreResultLog(wildLogText(log), 'log.json');

  it('isolated ad-hoc targets: the oracle passes every one, with the gold steps before the target recorded as [GT_EXECUTION]', async () => {
    const experiment = byId.get('isolated:ad-hoc:on')!;
    let points = 0;
    for (const conversation of conversations) {
      for (const point of findTargetPoints(conversation, new Set(experiment.targets!.functions))) {
        const log = await runTargetPoint({ databases: files!.databases!, conversation, experiment, system, generate: wildOracle, model: 'oracle' }, point);
        expect(score(log), log.filename).toMatchObject({ success: true });
        expect(log.query_results[0]!.steps.filter((s) => s.llm_response === '[GT_EXECUTION]')).toHaveLength(point.step);
        points++;
      }
    }
    expect(points).toBeGreaterThan(3);
  });

  it('a model that only ends turns fails them; a prompt is what the engine receives, with the stop sequences', async () => {
    const prompts: string[] = [];
    const lazy: WildGenerate = async (prompt, stop) => {
      prompts.push(prompt);
      expect(stop).toEqual(['<API_RESPONSE>', '<USER_QUERY>', 'H:']);
      return 'Sure. <End of Turn>';
    };
    const experiment = byId.get('isolated:ad-hoc:on')!;
    const conversation = conversations.find((c) => findTargetPoints(c, new Set(experiment.targets!.functions)).length > 0)!;
    const point = findTargetPoints(conversation, new Set(experiment.targets!.functions))[0]!;
    const log = await runTargetPoint({ databases: files!.databases!, conversation, experiment, system, generate: lazy, model: 'lazy' }, point);
    expect(score(log).success).toBe(false);
    expect(prompts[0]!.startsWith(system)).toBe(true);
  });

  it('the +Info and +Irrelevant rungs run with their switches on: the oracle passes, and what the agent is shown carries the notices and the extra data', async () => {
    for (const [id, mark] of [
      ['cumulative:info', 'Premium data feeds available through stock_realtime_stream()'],
      ['cumulative:irrelevant', 'business_description'],
    ] as const) {
      const logs = [];
      for (const conversation of conversations)
        logs.push(await runConversation({ databases: files!.databases!, conversation, experiment: byId.get(id)!, system, generate: wildOracle, model: 'oracle' }));
      for (const [i, log] of logs.entries()) expect(log.query_results, id).toHaveLength(conversations[i]!.turns.length);
      expect(logs.filter((log) => score(log).success).length, id).toBeGreaterThan(0);
      expect(JSON.stringify(logs), id).toContain(mark);
    }
  });

  it('cumulative: the oracle passes every turn of whole conversations', async () => {
    const experiment = byId.get('cumulative:ad-hoc')!;
    for (const conversation of conversations) {
      const log = await runConversation({ databases: files!.databases!, conversation, experiment, system, generate: wildOracle, model: 'oracle' });
      expect(log.query_results).toHaveLength(conversation.turns.length);
      expect(score(log), conversation.name).toMatchObject({ success: true });
    }
  });
});
