/** The catalog's samples: every request at every length and needle position of the sweep. */
import type { SuiteSource } from '../declaration';
import type { CatalogSweep } from './config';
import { catalogSource } from './suite';

export const source: SuiteSource<CatalogSweep> = (run, packs, counter) => catalogSource({ packs, sweep: run.config, template: run.template, counter });
