/** Waits until a local server answers `url` (curl: `insecure` takes the model host's self-signed certificate). */
import { execFileSync } from 'node:child_process';

export async function waitFor(url: string, insecure = false): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      execFileSync('curl', ['-sf', ...(insecure ? ['-k'] : []), '-o', '/dev/null', url]);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not answer`);
}
