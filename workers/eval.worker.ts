/**
 * The evaluation worker: hosts the model engine and the run loop, so long
 * generations never block the page. Exposed with Comlink; the page and this
 * worker share the IndexedDB database (Dexie broadcasts changes to the page).
 * Its methods come by job: the models (`models.ts`), the runs (`runs.ts`), files in and out
 * (`files.ts`), a suite's work and side generations (`suite-work.ts`).
 */
import * as Comlink from 'comlink';
import { settlingCallbacks } from './settle-callbacks';
import { modelsApi } from './models';
import { runsApi } from './runs';
import { filesApi } from './files';
import { suiteWorkApi } from './suite-work';

const api = { ...modelsApi, ...runsApi, ...filesApi, ...suiteWorkApi };

export type EvalWorkerApi = typeof api;
export type { ImportedRun } from './files';
export type { PromptSearch } from './runs';
Comlink.expose(settlingCallbacks(api));
