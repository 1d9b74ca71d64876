/** The map names only what exists (issue 70): every file, folder and code name ARCHITECTURE.md names in backticks is in the tree. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['src', 'workers', 'harness', 'bench', 'vite', 'scripts', 'datasets', 'tests', 'docs', 'examples'];
const PATH = /^[\w.<>-]+(\/[\w.<>*-]*)*\.(ts|svelte|md|mjs|cjs|py|js|sh|json)$|^[\w.-]+(\/[\w.-]+)*\/$/;

const names = new Set<string>();
const CODE = /\.(ts|svelte|cjs|mjs|py|sh)$/;
/** the text of every source file, to find a code name in */
const sources: string[] = [];
/** every file and folder under the product's folders, as `/folder/…/name` (folders with a trailing slash) */
const paths: string[] = [];
for (const folder of FOLDERS)
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = `/${join(entry.parentPath, entry.name)}${entry.isDirectory() ? '/' : ''}`;
    if (path.includes('node_modules')) continue;
    names.add(basename(entry.name));
    paths.push(path);
    if (entry.isFile() && CODE.test(entry.name)) sources.push(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }

/** A name in the map is read in its sentence's place: a path from the root, or the end of one (`results/` under `src/ui/`). */
function exists(path: string): boolean {
  if (path.includes('<')) return true; // a pattern (`suites/<suite>/`), not a path
  if (existsSync(path)) return true;
  if (!path.includes('/')) return names.has(path);
  return paths.some((p) => p.endsWith(`/${path}`));
}

describe('ARCHITECTURE.md', () => {
  it('names no file or folder that does not exist', () => {
    const text = readFileSync('ARCHITECTURE.md', 'utf8');
    const named = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string).filter((p) => PATH.test(p));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it('names no function, type or constant that does not exist', () => {
    const text = readFileSync('ARCHITECTURE.md', 'utf8');
    const named = [...new Set([...text.matchAll(/`([A-Za-z_]\w*)`/g)].map((m) => m[1] as string))];
    expect(named.length).toBeGreaterThan(100);
    const word = (name: string) => new RegExp(`\\b${name}\\b`);
    expect(named.filter((name) => !sources.some((source) => word(name).test(source)))).toEqual([]);
  });
});
