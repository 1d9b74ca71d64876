/** A tool's declaration as the scorers read it (BFCL's schema), and one expected call's allowed values. */
import type { PyValue } from './pyvalue';

export interface FunctionSchema {
  name: string;
  description?: string;
  parameters: { type?: string; properties: Record<string, ParamSchema>; required?: string[] };
}

export interface ParamSchema {
  type: string;
  description?: string;
  items?: { type: string };
  properties?: Record<string, ParamSchema>;
  enum?: PyValue[];
  default?: PyValue;
}

/** One expected call: function name → parameter → allowed values ("" = may be omitted). */
export type PossibleAnswer = Record<string, Record<string, PyValue[]>>;
