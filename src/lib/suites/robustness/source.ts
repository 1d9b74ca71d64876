/** The robustness suite's samples: each request as written, rephrased and with its toolkit expanded. */
import type { SuiteSource } from '../declaration';
import type { RobustnessConfig } from './config';
import { robustnessSource } from './suite';

export const source: SuiteSource<RobustnessConfig> = (run, packs, counter) => robustnessSource({ packs, config: run.config, template: run.template, counter });
