/** CompToolBench's samples: each task of the chosen levels. */
import type { SuiteSource } from '../declaration';
import type { CompositionConfig } from './config';
import { compositionSource } from './suite';

export const source: SuiteSource<CompositionConfig> = (run, packs, counter) => compositionSource({ packs, config: run.config, counter });
