/** Robustness's work in the worker: its base set's requests rephrased by the loaded model, stored for review. */
import type { SuiteJob } from '../jobs';
import { rephrasingRequest, reviewRephrasing } from './model-rephrase';
import { baseSet } from './suite';

/** Each request of a base set the loaded model has not rephrased yet, rephrased and stored as 'pending'; returns how many were written. */
const rephrase: SuiteJob<{ packIds: string[]; base: { count: number; seed: number } }, number, { done: number; total: number }> = async ({ packIds, base }, host, report) =>
  host.withLoadedModel('the rephrasings are written by the loaded model', async (engine, model, signal) => {
    const items = baseSet(await host.loadPacks(packIds), base);
    const known = new Set(await host.rephrasings.storedIds(model.id));
    const todo = items.filter(({ pack, item }) => !known.has(`${model.id}|${pack.id}|${item.id}`));
    let done = 0;
    report({ done: 0, total: todo.length });
    for (const { pack, item } of todo) {
      if (signal.aborted) break;
      const out = await engine.generate(rephrasingRequest(item.question), signal);
      if (out.finishReason === 'abort') break;
      const review = reviewRephrasing(item, out.text);
      await host.rephrasings.put({
        id: `${model.id}|${pack.id}|${item.id}`,
        model: model.id,
        packId: pack.id,
        itemId: item.id,
        original: item.question,
        ...review,
        status: 'pending',
        createdAt: Date.now(),
      });
      report({ done: ++done, total: todo.length });
    }
    return done;
  });

export const jobs = { rephrase };
