/** Reading a tools file in its own worker (see workers/tools-file.worker.ts for why it is separate). */
import * as Comlink from 'comlink';
import type { ReadToolsFile } from '../../lib/formats/your-tools-pack';
import type { ToolsFileWorkerApi } from '../../../workers/tools-file.worker';

let remote: Comlink.Remote<ToolsFileWorkerApi> | null = null;

export function readToolsFileOffPage(text: string, source: string): Promise<ReadToolsFile> {
  remote ??= Comlink.wrap<ToolsFileWorkerApi>(new Worker(new URL('../../../workers/tools-file.worker.ts', import.meta.url), { type: 'module', name: 'tools-file' }));
  return remote.readToolsFile(text, source);
}
