import type { GenerateRequest, Sample, ToolSchema } from './types';

/** The sample an engine is given with a request that is not part of a run (engines read its tools for grammars and overflow messages). */
export function sideSample(id: string, request: GenerateRequest, tools: ToolSchema[], packId = '', itemId = id): Sample {
  return {
    id,
    suite: 'side',
    packId,
    itemId,
    cell: { length: 0 },
    messages: request.messages,
    tools,
    needleIndexes: tools.map((_, i) => i),
    expected: { kind: 'ast', category: 'simple', possibleAnswer: [] },
    promptTokens: 0,
  };
}
