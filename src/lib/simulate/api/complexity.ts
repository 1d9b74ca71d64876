/**
 * WildAgtEval's eight types of real-world API complexity, and how one function carries each.
 * A configuration is a set of (type, function) switches. Four types live in the specification
 * (what the agent reads), four in the execution (what a call returns).
 */
import type { Json, JsonObject } from '../../core/types';
import type { World } from './world';

export const COMPLEXITY_TYPES = ['ad_hoc', 'unclear', 'dependency', 'ambiguous', 'notice', 'irrelevant', 'feature_limit', 'system_failure'] as const;
export type ComplexityType = (typeof COMPLEXITY_TYPES)[number];

export const COMPLEXITY_LABELS: Record<ComplexityType, string> = {
  ad_hoc: 'Ad-hoc rules',
  unclear: 'Unclear functionality boundaries',
  dependency: 'Functional dependencies',
  ambiguous: 'Ambiguous descriptions',
  notice: 'Informational notices',
  irrelevant: 'Partially irrelevant information',
  feature_limit: 'Feature limitation errors',
  system_failure: 'System failure errors',
};

/** Where the complexity acts: in the reference the agent reads, or in what a call returns. */
export const COMPLEXITY_LAYER: Record<ComplexityType, 'specification' | 'execution'> = {
  ad_hoc: 'specification',
  unclear: 'specification',
  dependency: 'specification',
  ambiguous: 'specification',
  notice: 'execution',
  irrelevant: 'execution',
  feature_limit: 'execution',
  system_failure: 'execution',
};

/** The error types, judged by error-handling accuracy rather than API call accuracy. */
export const ERROR_TYPES: readonly ComplexityType[] = ['feature_limit', 'system_failure'];

/** A parameter with a format of this API's own: stated in the spec and enforced while the switch is on. */
export interface AdHocRule {
  param: string;
  /** the rule as the spec states it */
  rule: string;
  /** the value in the API's own format, from the plain value people use (gold labels are transformed with it) */
  format(plain: Json, world: World): Json;
  /** the plain value back from a formatted one, or null when the value breaks the rule */
  parse(value: Json, world: World): Json | null;
  /** the error a call that breaks the rule gets */
  message: string;
}

/** A feature that is not available for some arguments; the message hints at a workaround that works. */
interface FeatureLimit {
  when(args: JsonObject): boolean;
  message: string;
  /** the call the message hints at, which works (given the failed call's arguments and the world) */
  workaround(args: JsonObject, world: World): { api: string; params: JsonObject };
}

/** A look-alike function described in the reference but not executable (unclear boundaries). */
interface LookAlike {
  name: string;
  description: string;
  params: Record<string, { type: string; description: string }>;
}

/** How one function carries each complexity type it is assigned. */
export interface FunctionComplexity {
  ad_hoc?: AdHocRule;
  unclear?: LookAlike;
  /** the prerequisite, stated in the spec while the switch is off; always enforced */
  dependency?: string;
  /** parameter → the units/default the spec states while the switch is off */
  ambiguous?: Record<string, string>;
  notice?: string;
  /** the list field that sponsored or unrelated entries are mixed into, and those entries */
  irrelevant?: { field: string; entries(world: World): JsonObject[] };
  feature_limit?: FeatureLimit;
  system_failure?: { code: string; message: string };
}

export type Switch = readonly [ComplexityType, string];

/** A set of switches: which functions have which complexity on. */
export class ComplexityConfig {
  private readonly on: ReadonlySet<string>;
  constructor(
    readonly name: string,
    readonly switches: readonly Switch[],
  ) {
    this.on = new Set(switches.map(([t, f]) => `${t}:${f}`));
  }
  has(type: ComplexityType, fn: string): boolean {
    return this.on.has(`${type}:${fn}`);
  }
  get types(): ComplexityType[] {
    return COMPLEXITY_TYPES.filter((t) => this.switches.some(([s]) => s === t));
  }
}

export const NO_COMPLEXITY = new ComplexityConfig('none', []);

/** Every function carrying a type, from the system's assignments. */
export function switchesOf(assignments: ReadonlyMap<string, FunctionComplexity>, types: readonly ComplexityType[]): Switch[] {
  return [...assignments].flatMap(([fn, c]) => types.filter((t) => c[t] !== undefined).map((t): Switch => [t, fn]));
}

/** The paper's base environment: functional dependencies and ambiguous descriptions are always there (its Figure 4 note). */
export const BASE_TYPES: readonly ComplexityType[] = ['dependency', 'ambiguous'];

/** The paper's cumulative ladder on top of the base: base → +ad-hoc → +unclear → +notices → +irrelevant. */
export const CUMULATIVE_LADDER: readonly { name: string; types: readonly ComplexityType[] }[] = [
  { name: 'base', types: [...BASE_TYPES] },
  { name: '+ad-hoc', types: [...BASE_TYPES, 'ad_hoc'] },
  { name: '+unclear', types: [...BASE_TYPES, 'ad_hoc', 'unclear'] },
  { name: '+notices', types: [...BASE_TYPES, 'ad_hoc', 'unclear', 'notice'] },
  { name: '+irrelevant', types: [...BASE_TYPES, 'ad_hoc', 'unclear', 'notice', 'irrelevant'] },
];
