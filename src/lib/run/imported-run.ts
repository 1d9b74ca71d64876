/** A run another tool made, read from its logs by its suite, as a run of the app: labelled as a recording, its samples the logs'. */
import type { ForeignRun, SampleResult } from '../core/types';
import { DEFAULT_PROMPT } from '../prompts/template';
import type { SuiteOfForeignRuns } from '../suites/registry';
import type { Recording, RunRow } from './run-row';

export function importedRun(suite: SuiteOfForeignRuns, foreign: ForeignRun, now = Date.now()): { run: RunRow; recording: Recording; results: SampleResult[] } {
  const { results } = foreign;
  const recording: Recording = { recordedAt: foreign.recordedAt, model: foreign.model, engine: foreign.engine, command: foreign.command, note: foreign.note };
  const run: RunRow = {
    id: foreign.id,
    name: foreign.name,
    status: 'completed',
    suite,
    packIds: [],
    engine: { kind: 'replay', model: foreign.model },
    // no prompt of ours made it: the defaults stand in
    template: { ...DEFAULT_PROMPT },
    format: 'json',
    request: { maxTokens: 10_000, temperature: 0 },
    // its samples are the logs': no configuration plans them
    config: null,
    counterId: 'llama3',
    total: results.length,
    done: results.length,
    correct: results.filter((r) => r.score.correct).length,
    createdAt: now,
    updatedAt: now,
    recording,
  };
  return { run, recording, results };
}
