/**
 * A POSIX (pax) archive of text files (what `tar -xf` and every archive tool reads): many files as
 * one download. A name that does not fit the ustar fields is given in a pax `path` record.
 */
const BLOCK = 512;

function field(block: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = new TextEncoder().encode(text);
  block.set(bytes.subarray(0, length), offset);
}

const octal = (n: number, width: number): string => `${n.toString(8).padStart(width - 1, '0')}\0`;

const byteLength = (s: string): number => new TextEncoder().encode(s).length;

/** The ustar name and prefix fields of a path, or null when it does not fit them. */
function splitName(path: string): { prefix: string; name: string } | null {
  if (byteLength(path) <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (byteLength(prefix) <= 155 && byteLength(name) <= 100) return { prefix, name };
  }
  return null;
}

/** A pax record `<length> path=<path>\n`, its length counting its own digits. */
function paxPathRecord(path: string): string {
  const rest = ` path=${path}\n`;
  let length = byteLength(rest) + 1;
  while (String(length).length + byteLength(rest) !== length) length = String(length).length + byteLength(rest);
  return `${length}${rest}`;
}

function header(path: string, size: number, mtime: number, type = '0'): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const { prefix, name } = splitName(path) ?? { prefix: '', name: path.slice(-100) };
  field(block, 0, 100, name);
  field(block, 100, 8, octal(0o644, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(Math.floor(mtime / 1000), 12));
  field(block, 148, 8, '        ');
  field(block, 156, 1, type);
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, prefix);
  const sum = block.reduce((n, b) => n + b, 0);
  field(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

export function tarArchive(files: readonly { name: string; text: string }[], mtime = Date.now()): Uint8Array {
  const parts: Uint8Array[] = [];
  const entry = (name: string, body: Uint8Array, type: string) => {
    parts.push(header(name, body.length, mtime, type), body);
    const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (pad) parts.push(new Uint8Array(pad));
  };
  for (const f of files) {
    if (!splitName(f.name)) entry('PaxHeader', new TextEncoder().encode(paxPathRecord(f.name)), 'x');
    entry(f.name, new TextEncoder().encode(f.text), '0');
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
