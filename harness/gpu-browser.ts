/**
 * The Chromium of the GPU test tier: Debian's, behind a software WebGPU adapter that has shader-f16
 * (lavapipe, set up by scripts/ensure-gpu.sh). Without it the tier skips, saying why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const GPU = join(process.cwd(), '.cache', 'gpu');

export type GpuBrowser = { executablePath: string; env: Record<string, string> } | { missing: string };

export function gpuBrowser(): GpuBrowser {
  const executablePath = join(GPU, 'chromium', 'chromium');
  if (!existsSync(join(GPU, 'ready')) || !existsSync(executablePath))
    return { missing: 'no software WebGPU adapter with shader-f16 here: `bash scripts/ensure-gpu.sh` sets one up (lavapipe from Debian bookworm-backports)' };
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(GPU, 'env'), 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return { executablePath, env };
}
