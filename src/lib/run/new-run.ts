/** A new run as the Run tab and the runner make it: one function, so the two make the same run from the same choices. */
import { repeatsLabel } from '../analysis/format';
import type { RunOrder } from '../core/sample-source';
import type { PromptTemplate } from '../prompts/template';
import type { Constraint } from '../suites/declaration';
import { type SuiteRun, SUITES } from '../suites/registry';
import type { RunCommon, RunRow } from './run-row';

/** What a new run is asked with, whichever place asks it. */
export interface NewRunChoices {
  suiteRun: SuiteRun;
  constraint: Constraint;
  request: RunRow['request'];
  repeats: number;
  order: RunOrder;
  template: PromptTemplate;
  /** the name's words before the suite's (the model's, on the Run tab) and after them (the packs chosen); a stored pack's name by id */
  naming?: { model?: string; packs?: string; packName?: (id: string) => string | undefined };
}

/** The run before its id, dates, engine and token counter are known: queued, with nothing done. */
export type NewRun = Omit<RunCommon, 'id' | 'createdAt' | 'updatedAt' | 'engine' | 'counterId'> & SuiteRun;

export function newRun(c: NewRunChoices): NewRun {
  const declaration = SUITES[c.suiteRun.suite];
  // a whole run constrained (the catalog's 'both' is a cell variant of its sweep instead)
  const constrained = declaration.constrain === 'run' && c.constraint !== 'off';
  const suiteName = `${declaration.name(c.suiteRun, c.naming?.packName)}${c.naming?.packs ?? ''}${constrained ? ' · constrained' : ''}${repeatsLabel(c.repeats, c.request.temperature)}`;
  return {
    ...c.suiteRun,
    ...(constrained ? { constrained: true } : {}),
    name: c.naming?.model ? `${c.naming.model} · ${suiteName}` : suiteName,
    status: 'queued',
    template: c.template,
    format: declaration.format,
    request: c.request,
    ...(c.repeats > 1 ? { repeats: c.repeats } : {}),
    order: c.order,
    total: 0,
    done: 0,
    correct: 0,
  };
}
