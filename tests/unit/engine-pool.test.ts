/**
 * A pool of replicas: the least busy is asked; one that stopped answering is left out for a while and
 * its request asked of another, so the run goes on while any replica answers (found by the soak:
 * one of three servers down for 3 s failed the whole run).
 */
import { describe, expect, it } from 'vitest';
import type { Engine, GenerateRequest, GenerateResult } from '../../src/lib/core/types';
import { namedError, SERVER_UNAVAILABLE } from '../../src/lib/engines/errors';
import { createEnginePool, REPLICA_REST_MS } from '../../src/lib/engines/pool';

function replica(name: string, state: { down: boolean; asked: number }): Engine {
  return {
    info: { id: name, kind: 'openai', model: 'm' },
    async generate(): Promise<GenerateResult> {
      state.asked++;
      if (state.down) throw namedError(SERVER_UNAVAILABLE, `${name} stopped answering`);
      return { text: name, finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 }, timings: { prefillMs: 0, decodeMs: 0 } };
    },
  };
}

const request = { messages: [{ role: 'user', content: 'hi' }], maxTokens: 4, temperature: 0 } as GenerateRequest;
const ask = (pool: Engine) => pool.generate({ ...request, messages: [...request.messages] }, new AbortController().signal).then((r) => r.text);

describe('an engine pool', () => {
  it('asks another replica when one stops answering, leaves it out for a while, then tries it again', async () => {
    let t = 0;
    const a = { down: true, asked: 0 };
    const b = { down: false, asked: 0 };
    const pool = createEnginePool([replica('a', a), replica('b', b)], () => t);
    expect(await ask(pool)).toBe('b');
    expect(a.asked).toBe(1);
    // left out: a is not asked again while it rests
    expect(await ask(pool)).toBe('b');
    expect(await ask(pool)).toBe('b');
    expect(a.asked).toBe(1);
    a.down = false;
    t += REPLICA_REST_MS + 1;
    expect(await ask(pool)).toBe('a');
  });

  it('fails, as one server would, only when no replica answers', async () => {
    const pool = createEnginePool([replica('a', { down: true, asked: 0 }), replica('b', { down: true, asked: 0 })], () => 0);
    await expect(ask(pool)).rejects.toMatchObject({ name: SERVER_UNAVAILABLE });
  });

  it('passes any other error on without asking another replica', async () => {
    const b = { down: false, asked: 0 };
    const failing: Engine = { info: { id: 'a', kind: 'openai', model: 'm' }, generate: () => Promise.reject(namedError('ServerError', 'HTTP 500')) };
    const pool = createEnginePool([failing, replica('b', b)], () => 0);
    await expect(ask(pool)).rejects.toMatchObject({ name: 'ServerError' });
    expect(b.asked).toBe(0);
  });
});
