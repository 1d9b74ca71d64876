/**
 * Issue 19 item 5: models are listed from WebLLM's prebuilt list as built into a small module,
 * without loading WebLLM in the page's worker; the built list must be WebLLM's own.
 */
import { describe, expect, it } from 'vitest';
import { functionCallingModelIds, prebuiltAppConfig } from '@mlc-ai/web-llm';
import { listModels, type PrebuiltModel, prebuiltModels } from '../../src/lib/engines/webllm-models';
import { webllmModelListSource } from '../../vite/webllm-model-list';

async function builtModule(): Promise<{ MODELS: PrebuiltModel[]; FUNCTION_CALLING_IDS: string[] }> {
  const source = await webllmModelListSource();
  return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as never;
}

describe('the built model list', () => {
  it("carries every one of WebLLM's prebuilt models with the fields the app reads", async () => {
    const { MODELS, FUNCTION_CALLING_IDS } = await builtModule();
    expect(MODELS).toHaveLength(prebuiltAppConfig.model_list.length);
    expect(MODELS).toEqual(prebuiltModels(prebuiltAppConfig));
    expect(FUNCTION_CALLING_IDS).toEqual(functionCallingModelIds);
    const qwen = MODELS.find((m) => m.id === 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC');
    expect(qwen?.contextWindow).toBeGreaterThan(0);
    expect(qwen?.vramMB).toBeGreaterThan(0);
  });

  it('lists the same options as before from it: f16 models unavailable without shader-f16, embeddings left out', async () => {
    const { MODELS, FUNCTION_CALLING_IDS } = await builtModule();
    const options = listModels(MODELS, FUNCTION_CALLING_IDS, { available: true, shaderF16: false, fallback: true });
    expect(options.length).toBeGreaterThan(20);
    expect(options.some((o) => /embed/i.test(o.id))).toBe(false);
    expect(options.filter((o) => o.needsF16).every((o) => o.unavailable === 'needs shader-f16, which this GPU lacks')).toBe(true);
    expect(options.some((o) => o.unavailable === null)).toBe(true);
    expect(options.filter((o) => o.nativeFunctionCalling).map((o) => o.id)).toEqual(expect.arrayContaining(functionCallingModelIds.filter((id) => options.some((o) => o.id === id))));
    expect(options.map((o) => o.vramMB)).toEqual([...options.map((o) => o.vramMB)].sort((a, b) => a - b));
  });
});
