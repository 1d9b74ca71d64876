/** Files and downloads as named text, for the import panels. */
import { MAX_IMPORT_BYTES, utf8Text } from '../lib/formats/jsonl';
import { readBodyBytes } from '../lib/engines/bounded-body';
import { canConnect } from './run/connect-origins';
import type { NamedText } from '../lib/core/types';
import type { PickedFile } from '../lib/core/types';
export type { NamedText, PickedFile };

/** Picked files as the worker reads them: not read here, so a large file neither blocks the page nor is copied to the worker as text. */
export function pickedFiles(files: FileList | readonly File[] | null | undefined): PickedFile[] {
  // a file of a picked folder is named by its path in the folder (its folder can say what it is)
  return [...(files ?? [])].map((f) => ({ name: f.webkitRelativePath || f.name, blob: f }));
}

async function filesAsText(files: FileList | readonly File[] | null | undefined): Promise<NamedText[]> {
  return Promise.all(pickedFiles(files).map(async (f) => ({ name: f.name, text: utf8Text(new Uint8Array(await f.blob.arrayBuffer()), f.name) })));
}

/** The file an `<input type="file">` was just given, read as text; the input is cleared so the same file can be picked again. */
export async function pickedFile(e: Event): Promise<NamedText | null> {
  const input = e.currentTarget as HTMLInputElement;
  const [file] = await filesAsText(input.files);
  input.value = '';
  return file ?? null;
}

/** `named: 'path'` names the text by the URL's path (its folders can say what it is), otherwise by its last segment. */
export async function fetchText(url: string, named: 'file' | 'path' = 'file'): Promise<NamedText> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const name = named === 'path' ? decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '') || url : url.split('/').pop() || url;
  return { name, text: utf8Text(await readBodyBytes(res, MAX_IMPORT_BYTES), name) };
}

export type UrlImportOutcome = { imported: true } | { imported: false; failed: string } | { imported: false; blockedUrl: string };

/**
 * Downloads the URLs given (empty ones skipped), then imports them; a failed download imports
 * nothing. A URL outside the page's connection policy is not tried: it comes back as
 * `blockedUrl`, for the panel to offer allowing its site.
 */
export async function importFromUrls(urls: readonly string[], importFiles: (files: NamedText[]) => Promise<void>, named: 'file' | 'path' = 'file'): Promise<UrlImportOutcome> {
  const given = urls.filter(Boolean);
  const blockedUrl = given.find((u) => !canConnect(u));
  if (blockedUrl) return { imported: false, blockedUrl };
  let files: NamedText[];
  try {
    files = await Promise.all(given.map((u) => fetchText(u, named)));
  } catch (e) {
    return { imported: false, failed: `Nothing was imported. Download failed: ${(e as Error).message}` };
  }
  await importFiles(files);
  return { imported: true };
}

/** Reads the files as UTF-8 text on the page, then imports them (for imports read on the page; the worker's take `pickedFiles`); a file that is not UTF-8 imports nothing and the refusal names it. */
export async function importFromFiles(list: readonly File[], importFiles: (files: NamedText[]) => Promise<void>): Promise<string | null> {
  let files: NamedText[];
  try {
    files = await filesAsText(list);
  } catch (e) {
    return `Nothing was imported. ${(e as Error).message}`;
  }
  await importFiles(files);
  return null;
}
