/**
 * Every suite, declared once (each in its folder's `declaration.ts`), in the order the Run tab offers
 * them. The setup, the runner's flags and report, and run files loop over this; a suite's samples
 * are built by `lib/run/sources.ts`, kept apart so the page does not load every suite's builders.
 */
import { apiComplexitySuite } from './api-complexity/declaration';
import { catalogSuite } from './catalog/declaration';
import { compositionSuite } from './composition/declaration';
import type { SuiteDeclaration, SuiteFields, SuiteId } from './declaration';
import { multiturnSuite } from './multiturn/declaration';
import { responseQaSuite } from './response-qa/declaration';
import { robustnessSuite } from './robustness/declaration';
import { wildAgtEvalSuite } from './wildagteval/declaration';

export const SUITES: Readonly<Record<SuiteId, SuiteDeclaration>> = {
  catalog: catalogSuite,
  'response-qa': responseQaSuite,
  multiturn: multiturnSuite,
  composition: compositionSuite,
  robustness: robustnessSuite,
  'api-complexity': apiComplexitySuite,
  wildagteval: wildAgtEvalSuite,
};

/** The suites in the order they are offered and listed. */
export const SUITE_LIST: readonly SuiteDeclaration[] = Object.values(SUITES);
export const SUITE_IDS: readonly SuiteId[] = SUITE_LIST.map((s) => s.id);

/** The Run tab's fields as they open: every suite's declared defaults (the runner's too), no constraint, the catalog asking every chosen pack. */
export function defaultSuiteFields(): SuiteFields {
  const fields = Object.fromEntries(SUITE_LIST.map((d) => [d.config.setupKey, structuredClone(d.config.defaults)])) as Omit<SuiteFields, 'constraint'>;
  return { ...fields, constraint: 'off', catalog: { ...fields.catalog, askedPacks: [], unfillable: [] } };
}

/** A setting's bounds, for the Run tab's input (its check comes from the same declaration). */
export function settingBounds(suite: SuiteId, path: string): { min: number; max: number } {
  const s = SUITES[suite].settings.find((x) => x.path === path);
  if (!s) throw new Error(`${suite} declares no setting ${path}`);
  return { min: s.min, max: s.max };
}
