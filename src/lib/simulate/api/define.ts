/** How a function of the API system is declared: a simulated tool plus what WildAgtEval's scorer and switches need. */
import type { JsonObject } from '../../core/types';
import type { ApiClass } from '../../scoring/api-accuracy';
import { type Args, defineTool, fail, type ParamDef, type SimTool } from '../define';
import type { ComplexityType, FunctionComplexity } from './complexity';
import type { World } from './world';

export const DOMAINS = ['smart_home', 'information', 'media', 'shopping', 'culinary', 'communication', 'time'] as const;
export type Domain = (typeof DOMAINS)[number];

export const DOMAIN_LABELS: Record<Domain, string> = {
  smart_home: 'Smart home',
  information: 'Information (weather, stocks, news)',
  media: 'Media playback',
  shopping: 'Shopping and orders',
  culinary: 'Recipes and restaurants',
  communication: 'Calls and messages',
  time: 'Alarms, reminders and notifications',
};

/** What an implementation sees: the conversation's world (it may change it) and the switches of this call. */
export interface ApiCtx {
  world: World;
  on(type: ComplexityType): boolean;
}

export interface ApiFunction {
  tool: SimTool<ApiCtx, Domain>;
  name: string;
  domain: Domain;
  /** side effect (changes the world), core query (answers an intent by itself) or supporting query (discovery) */
  cls: ApiClass;
  /** the parameters the scorer compares; [] = the name alone */
  keyParams: readonly string[];
  complexity: FunctionComplexity;
}

export function apiFunction(spec: {
  name: string;
  domain: Domain;
  cls: ApiClass;
  key?: string[];
  description: string;
  params?: Record<string, ParamDef>;
  returns: string;
  impl: (a: Args, ctx: ApiCtx) => JsonObject;
  complexity?: FunctionComplexity;
}): ApiFunction {
  const tool = defineTool<ApiCtx, Domain>({ name: spec.name, category: spec.domain, description: spec.description, params: spec.params ?? {}, returns: spec.returns, impl: spec.impl });
  return { tool, name: spec.name, domain: spec.domain, cls: spec.cls, keyParams: spec.key ?? [], complexity: spec.complexity ?? {} };
}

/** The record a call names, or the not-found error the agent reads. */
export function found<T>(item: T | undefined, what: string): T {
  if (item === undefined) fail('not_found', `No ${what}`);
  return item;
}

export const str = (description: string, optional = false): ParamDef => ({ type: 'string', description, ...(optional ? { optional } : {}) });
export const int = (description: string, optional = false): ParamDef => ({ type: 'integer', description, ...(optional ? { optional } : {}) });
export const num = (description: string, optional = false): ParamDef => ({ type: 'float', description, ...(optional ? { optional } : {}) });
export const strs = (description: string, optional = false): ParamDef => ({ type: 'array', items: 'string', description, ...(optional ? { optional } : {}) });
export const oneOf = (values: string[], description: string, optional = false): ParamDef => ({ type: 'string', enum: values, description, ...(optional ? { optional } : {}) });
