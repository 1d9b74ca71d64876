/**
 * `npm run bench:entry` (after `npx vite build`): the JavaScript a first visit loads — the entry
 * chunk of dist/index.html and every chunk it imports statically — raw and gzipped, and whether
 * WebLLM is among it (it must not be: it loads in the worker, when a GPU model is chosen).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('no dist/index.html: run npx vite build first');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const todo = [...html.matchAll(/(?:href|src)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const seen = new Set<string>();
// bounded: a build has a few hundred chunks at most
while (todo.length && seen.size < 10_000) {
  const file = todo.pop()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const src = readFileSync(join(dist, file), 'utf8');
  for (const m of src.matchAll(/import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) todo.push(`assets/${m[1]}`);
}
let raw = 0;
let gz = 0;
let webllm = false;
for (const file of [...seen].sort()) {
  const bytes = readFileSync(join(dist, file));
  const g = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  if (bytes.includes('MLCEngine')) webllm = true;
  console.log(`${file.padEnd(40)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  ${(g / 1024).toFixed(0).padStart(4)} KB gzip`);
}
console.log(`first page: ${seen.size} chunks, ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gzip; WebLLM ${webllm ? 'IN IT' : 'not in it'}`);
