/**
 * Reads a tools file (OpenAPI, possibly YAML, or tool declarations) off the page. It runs in its
 * own worker loaded from the site, not from a blob: the OpenAPI validator (Ajv) compiles the
 * OpenAPI schemas to functions at run time, which the page's policy forbids ('unsafe-eval' is
 * not granted); this worker holds no data and makes no request, it only turns text into tools.
 */
import * as Comlink from 'comlink';
import { readToolsFile } from '../src/lib/formats/your-tools-pack';

const api = { readToolsFile };

export type ToolsFileWorkerApi = typeof api;
Comlink.expose(api);
