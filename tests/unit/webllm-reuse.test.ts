/** WebLLM at its API boundary: the conversation is reset before every request, except on turns 2+ of one exchange when the run reuses the KV cache. */
import { describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('@mlc-ai/web-llm', () => ({
  prebuiltAppConfig: { model_list: [] },
  MLCEngine: class {
    setAppConfig() {}
    setInitProgressCallback() {}
    async reload() {}
    async resetChat() {
      calls.push('reset');
    }
    interruptGenerate() {}
    chat = {
      completions: {
        create: async () => {
          calls.push('generate');
          return (async function* () {
            yield { choices: [{ delta: { content: '[f()]' }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 3 } };
          })();
        },
      },
    };
  },
}));

const { createWebLLMEngine } = await import('../../src/lib/engines/webllm');
type GenerateRequest = import('../../src/lib/core/types').GenerateRequest;

describe('WebLLM and the KV cache', () => {
  it('resets between samples always, and between the turns of an exchange only without reuse', async () => {
    const engine = createWebLLMEngine();
    await engine.load('m', {}, () => undefined);
    const base: GenerateRequest = { messages: [{ role: 'user', content: 'hi' }], maxTokens: 8, temperature: 0 };
    const signal = new AbortController().signal;
    for (const request of <GenerateRequest[]>[base, { ...base, continues: true }, { ...base, kvReuse: true }, { ...base, kvReuse: true, continues: true }]) {
      calls.length = 0;
      await engine.generate(request, signal);
      expect(calls, JSON.stringify(request)).toEqual(request.kvReuse && request.continues ? ['generate'] : ['reset', 'generate']);
    }
  });
});
