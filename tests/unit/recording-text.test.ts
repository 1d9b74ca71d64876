import { describe, expect, it } from 'vitest';
import { portableCommand, withoutLocalAddresses } from '../../src/lib/run/recording-text';

describe("a recording's provenance, readable on another machine (issue 49)", () => {
  it('paths become those of a fresh clone, the local server a placeholder', () => {
    const cmd =
      "npm run eval -- wildagteval --wildagteval /work/shared/reference/wildagteval --engine openai --base-url http://127.0.0.1:37609/v1 --model q --name WildAgtEval's own benchmark --out /work/main/examples/recordings/qwen0.5b/wildagteval.run.jsonl --svg /work/main/.cache/recordings/svg";
    expect(portableCommand(cmd)).toBe(
      "npm run eval -- wildagteval --wildagteval ../shared/reference/wildagteval --engine openai --base-url <your server>/v1 --model q --name WildAgtEval's own benchmark --out examples/recordings/qwen0.5b/wildagteval.run.jsonl --svg .cache/recordings/svg",
    );
    expect(portableCommand('npm run eval -- catalog --base-url http://localhost:8765/v1 --out /work/rec/catalog-qwen05.run.jsonl --svg /work/rec/svg05')).toBe(
      'npm run eval -- catalog --base-url <your server>/v1 --out catalog-qwen05.run.jsonl --svg svg05',
    );
  });
  it('a command with nothing local is left as it is, a remote server included', () => {
    for (const cmd of ['npm run bench:gallery -- qwen0.5b position', 'npm run eval -- catalog --base-url https://api.example.org/v1 --lengths 1K,2K / 3']) expect(portableCommand(cmd)).toBe(cmd);
  });
  it("the engine's words name no local port", () => {
    expect(withoutLocalAddresses('openai (llama-cpp-python at http://127.0.0.1:8765/v1), calls in the prompt')).toBe('openai (llama-cpp-python at a local server), calls in the prompt');
    expect(withoutLocalAddresses('openai (vLLM at https://gpu.example.org/v1)')).toBe('openai (vLLM at https://gpu.example.org/v1)');
  });
});
