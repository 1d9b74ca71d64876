/**
 * The suites' own commands (figures of a paper, parity with its reference code), declared in each
 * suite's folder here as `commands.ts`: `cli` lists and runs them and names no suite.
 */
import type { SuiteId } from '../../lib/suites/registry';
import type { CliCommand } from '../command';
import { commands as composition } from './composition/commands';
import { commands as responseQa } from './response-qa/commands';
import { commands as robustness } from './robustness/commands';
import { commands as wildagtevalBenchmark } from './wildagteval-benchmark/commands';
import { commands as wildagtevalSimulated } from './wildagteval-simulated/commands';

const BY_SUITE: Partial<Record<SuiteId, readonly CliCommand[]>> = {
  'response-qa': responseQa,
  robustness,
  composition,
  'wildagteval-simulated': wildagtevalSimulated,
  'wildagteval-benchmark': wildagtevalBenchmark,
};

export const SUITE_COMMANDS: readonly CliCommand[] = Object.values(BY_SUITE).flatMap((c) => c ?? []);
