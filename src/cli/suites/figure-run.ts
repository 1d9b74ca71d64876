/**
 * A figure's run, made as `npm run eval -- <suite> … --engine oracle|baseline` makes it: the suite's
 * declaration reads the flags onto its defaults, the engine is opened by its factory, and the run
 * driver plans, asks and scores its samples — kept in memory, not written.
 */
import { CachedCounter } from '../../lib/context/token-counter';
import type { Pack, SampleResult } from '../../lib/core/types';
import type { EngineHost } from '../../lib/engines/host';
import { openEngine } from '../../lib/engines/kinds';
import { builtinPack } from '../../lib/run/builtin-pack-list';
import { driveRun } from '../../lib/run/drive';
import { MemoryResultStore } from '../../lib/run/loop';
import type { RunRow } from '../../lib/run/run-row';
import { llama3Counter } from '../../lib/tokenizers/llama3';
import { parseEvalArgs } from '../eval/eval-args';

const counter = new CachedCounter(llama3Counter);

/** `argv` as the runner takes it after `npm run eval --` (suite first; no --engine); `packs` stand in for the run's built-in packs. */
export async function figureRun(engine: 'oracle' | 'baseline', argv: readonly string[], packs?: readonly Pack[]): Promise<SampleResult[]> {
  const settings = parseEvalArgs([...argv, '--engine', engine]);
  const host: EngineHost = { llama3: async () => counter, apiKey: () => undefined, serverCounting: async () => null, serverInfo: async () => null, models: null };
  const opened = await openEngine(engine, { engine: { model: engine }, counterId: counter.id }, host);
  const run: RunRow = { ...settings.run, id: `figure-${engine}`, createdAt: 0, updatedAt: 0, engine: { kind: engine, model: engine }, counterId: counter.id };
  const store = new MemoryResultStore();
  const { outcome } = await driveRun({ run, packs: packs ?? run.packIds.map(builtinPack), engine: opened.engine, counter, counting: null, store, signal: new AbortController().signal });
  if (outcome.status !== 'completed') throw new Error(`${argv.join(' ')} with the ${engine}: ${outcome.status}${outcome.status === 'failed' ? ` (${outcome.error})` : ''}`);
  return [...store.results.values()];
}
