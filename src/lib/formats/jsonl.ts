/** JSON Lines with lossless numbers; errors name the line. */
import type { PyValue } from '../core/pyvalue';
import { JsonError, parseJsonValue } from '../parsing/json-value';

export class FormatError extends Error {
  override name = 'FormatError';
  constructor(
    readonly record: string,
    readonly field: string,
    message: string,
  ) {
    super(`${record}: ${field}: ${message}`);
  }
}

/** The most bytes an import reads from one file, picked or downloaded (BFCL's largest file is 156 MB; a file several times that is not a dataset, and would take the tab's memory). */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

/** A file's bytes as text; bytes that are not UTF-8 are refused (decoding would replace them with U+FFFD, silently changing the data). */
export function utf8Text(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FormatError(source, '(encoding)', `not UTF-8 text (first invalid byte at offset ${firstInvalidUtf8(bytes)})`);
  }
}

/** Offset of the first byte that breaks UTF-8 (a bounded scan, one pass). */
function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i] as number;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (((b[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}

/** Called now and then while a long file is read: the share read so far (0 to 1). */
export type ReadProgress = (fraction: number) => void;
const PROGRESS_EVERY = 2000;

export function parseJsonLines(text: string, source = 'input', onProgress?: ReadProgress): PyValue[] {
  const out: PyValue[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (onProgress && i % PROGRESS_EVERY === 0) onProgress(i / lines.length);
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    try {
      out.push(parseJsonValue(line));
    } catch (e) {
      if (e instanceof JsonError) throw new FormatError(`${source} line ${i + 1}`, '(json)', e.message);
      throw e;
    }
  }
  return out;
}

/** Records of a JSON array file or a JSON Lines file, whichever the text is. */
export function readRecords(text: string, source: string, onProgress?: ReadProgress): PyValue[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    try {
      const v = parseJsonValue(t);
      if (Array.isArray(v)) return v;
    } catch (e) {
      if (e instanceof JsonError) throw new FormatError(source, '(json)', e.message);
      throw e;
    }
  }
  return parseJsonLines(text, source, onProgress);
}
