/**
 * A POSIX ustar archive of text files (what `tar -xf` and every archive tool reads): many files
 * as one download. Names up to 255 bytes (split into prefix and name at a slash).
 */
const BLOCK = 512;

function field(block: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = new TextEncoder().encode(text);
  block.set(bytes.subarray(0, length), offset);
}

const octal = (n: number, width: number): string => `${n.toString(8).padStart(width - 1, '0')}\0`;

function splitName(path: string): { prefix: string; name: string } {
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  if (bytes(path) <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (bytes(prefix) <= 155 && bytes(name) <= 100) return { prefix, name };
  }
  throw new Error(`${path}: too long a path for a tar archive (at most 100 bytes after a folder of at most 155)`);
}

function header(path: string, size: number, mtime: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const { prefix, name } = splitName(path);
  field(block, 0, 100, name);
  field(block, 100, 8, octal(0o644, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(Math.floor(mtime / 1000), 12));
  field(block, 148, 8, '        ');
  field(block, 156, 1, '0');
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, prefix);
  const sum = block.reduce((n, b) => n + b, 0);
  field(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

export function tarArchive(files: readonly { name: string; text: string }[], mtime = Date.now()): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const f of files) {
    const body = new TextEncoder().encode(f.text);
    parts.push(header(f.name, body.length, mtime), body);
    const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (pad) parts.push(new Uint8Array(pad));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
