// One real completion from the server scripts/ensure-server.sh built, before any test relies on it.
// Usage: npx tsx scripts/server-smoke.ts [model.gguf]   (default: the SmolLM2 the tests use)
import { startLlamaServer } from '../harness/llama-server';
import { SMOLLM2 } from '../harness/real-model';

const file = process.argv[2] ?? SMOLLM2.file;
const started = Date.now();
try {
  const server = await startLlamaServer({ model: { file, alias: 'smoke' }, contextSize: 512 });
  await server.stop();
  console.log(`== OpenAI-compatible server: one real completion answered (${((Date.now() - started) / 1000).toFixed(1)} s, ${file})`);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
