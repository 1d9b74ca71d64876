/** Files the page hands over as they were picked: read and decoded here, so a large file never blocks the page. */
import { MAX_IMPORT_BYTES, utf8Text } from '../src/lib/formats/jsonl';
import type { NamedText, PickedFile } from '../src/lib/core/types';

/** Text as it is, picked files read as UTF-8; a file that is not UTF-8, or over MAX_IMPORT_BYTES, is refused before any is read, naming it. */
export async function pickedAsText(files: readonly (NamedText | PickedFile)[], maxBytes = MAX_IMPORT_BYTES): Promise<NamedText[]> {
  const huge = files.find((f) => 'blob' in f && f.blob.size > maxBytes);
  if (huge && 'blob' in huge) throw new Error(`${huge.name}: ${huge.blob.size.toLocaleString('en-US')} bytes, more than the ${maxBytes.toLocaleString('en-US')} an import reads`);
  return Promise.all(files.map(async (f) => ('text' in f ? f : { name: f.name, text: utf8Text(new Uint8Array(await f.blob.arrayBuffer()), f.name) })));
}
