/** Response QA's samples: a question on a long API response, its answer at a chosen record. */
import type { SuiteSource } from '../declaration';
import type { ResponseQaConfig } from './config';
import { responseQaSource } from './suite';

export const source: SuiteSource<ResponseQaConfig> = (run, packs, counter) => responseQaSource({ packs, config: run.config, counter });
