/** The samples of a stored run, whatever its suite. */
import type { TokenCounter } from '../context/token-counter';
import type { Pack } from '../core/types';
import type { RunRow } from '../store/db';
import { catalogSource } from '../suites/catalog';
import { compositionSource, DEFAULT_COMPOSITION } from '../suites/composition/suite';
import { DEFAULT_ROBUSTNESS, robustnessSource } from '../suites/robustness/suite';
import { DEFAULT_MULTITURN, multiturnSource } from '../suites/multiturn/suite';
import { DEFAULT_RESPONSE_QA } from '../suites/response-qa/config';
import { responseQaSource } from '../suites/response-qa/suite';
import type { SampleSource } from './loop';

export function sourceFor(run: Pick<RunRow, 'suite' | 'sweep' | 'robustness' | 'responseQa' | 'multiturn' | 'composition' | 'template'>, packs: readonly Pack[], counter: TokenCounter): SampleSource {
  switch (run.suite) {
    case 'catalog':
      return catalogSource({ packs, sweep: run.sweep, template: run.template, counter });
    case 'robustness':
      return robustnessSource({ packs, config: run.robustness ?? DEFAULT_ROBUSTNESS, template: run.template, counter });
    case 'response-qa':
      return responseQaSource({ packs, config: run.responseQa ?? DEFAULT_RESPONSE_QA, counter });
    case 'multiturn':
      return multiturnSource({ packs, config: run.multiturn ?? DEFAULT_MULTITURN, template: run.template, counter });
    case 'composition':
      return compositionSource({ packs, config: run.composition ?? DEFAULT_COMPOSITION, counter });
  }
}
