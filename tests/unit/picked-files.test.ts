/** Picked files reach the worker as blobs and are read there: as UTF-8 or refused, within a size bound, names kept. */
import { describe, expect, it } from 'vitest';
import { pickedAsText } from '../../workers/picked-files';

const blobOf = (bytes: number[] | string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]);

describe('picked files read in the worker', () => {
  it('reads each picked file as UTF-8 under the name it was picked by, and passes text through as it is', async () => {
    const files = await pickedAsText([
      { name: 'data/simple.json', blob: blobOf('{"id": "é"}\n') },
      { name: 'answers.json', text: '{"id": 1}' },
    ]);
    expect(files).toEqual([
      { name: 'data/simple.json', text: '{"id": "é"}\n' },
      { name: 'answers.json', text: '{"id": 1}' },
    ]);
  });

  it('refuses bytes that are not UTF-8, naming the file and the offset (no U+FFFD in their place)', async () => {
    await expect(pickedAsText([{ name: 'squares.json', blob: blobOf([0x7b, 0x22, 0xff, 0x22, 0x7d]) }])).rejects.toThrow('squares.json: (encoding): not UTF-8 text (first invalid byte at offset 2)');
  });

  it('refuses a file over the bound before reading any, naming it and its size', async () => {
    let read = 0;
    const counted = (b: Blob) => ({ size: b.size, arrayBuffer: () => (read++, b.arrayBuffer()) }) as unknown as Blob;
    await expect(
      pickedAsText(
        [
          { name: 'small.json', blob: counted(blobOf('{}')) },
          { name: 'huge.json', blob: counted(blobOf('x'.repeat(2000))) },
        ],
        1000,
      ),
    ).rejects.toThrow('huge.json: 2,000 bytes, more than the 1,000 an import reads');
    expect(read).toBe(0);
  });
});
