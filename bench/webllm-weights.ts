/**
 * `npm run bench:webllm-weights`: WebLLM weights for Qwen2.5-Coder-0.5B made from our GGUF
 * (harness/mlc-weights.ts) into .cache/webllm/, with the time it took.
 */
import { existsSync } from 'node:fs';
import { MLC_LIBRARY, MLC_MODEL_DIR, writeMlcModel } from '../harness/mlc-weights';
import { modelMissing, QWEN_CODER_05B } from '../harness/real-model';

const missing = modelMissing(QWEN_CODER_05B) ?? (existsSync(MLC_LIBRARY) ? null : `${MLC_LIBRARY} is absent (../shared/reference/webllm/)`);
if (missing) {
  console.log(`skipped: ${missing}`);
} else {
  const t0 = performance.now();
  const { dir, reused } = writeMlcModel(QWEN_CODER_05B.file, MLC_LIBRARY, MLC_MODEL_DIR, (l) => console.log(l));
  console.log(`${reused ? 'already made' : 'made'}: ${dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
