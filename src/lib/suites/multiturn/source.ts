/** The multi-turn suite's samples: a fact asked after conversations of growing length. */
import type { SuiteSource } from '../declaration';
import type { MultiturnConfig } from './config';
import { multiturnSource } from './suite';

export const source: SuiteSource<MultiturnConfig> = (run, packs, counter) => multiturnSource({ packs, config: run.config, template: run.template, counter });
