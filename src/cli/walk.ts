/** The files under a folder that a command reads, bounded (a walk into the wrong folder stops with a clear error). */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface WalkLimits {
  maxFiles: number;
  maxDepth: number;
  /** what the files are, for the error messages */
  what: string;
}

/** Paths relative to `dir` with `/`, sorted, of the files `accept` takes. */
export function filesUnder(dir: string, accept: (path: string) => boolean, limits: WalkLimits): string[] {
  const found: string[] = [];
  const walk = (at: string, depth: number): void => {
    if (depth > limits.maxDepth) throw new Error(`${at}: folders nested more than ${limits.maxDepth} deep; is this a folder of ${limits.what}?`);
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (entry.isFile()) {
        const rel = relative(dir, path).split(sep).join('/');
        if (!accept(rel)) continue;
        if (found.length >= limits.maxFiles) throw new Error(`${dir}: more than ${limits.maxFiles} ${limits.what}`);
        found.push(rel);
      }
    }
  };
  walk(dir, 0);
  return found;
}
