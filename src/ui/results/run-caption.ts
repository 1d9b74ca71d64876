/** How a run is named where it is shown or exported: its date and a one-line account of its configuration. */
import type { RunRow } from '../../lib/run/run-row';
import { seedOf } from '../../lib/suites/registry';
import { engineName, ENGINE_KINDS } from '../../lib/engines/kinds';

const pad = (n: number) => String(n).padStart(2, '0');

/** local date and time, sortable and unambiguous in every locale */
export function runDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "<name> · <engine> <model> · seed … · n samples · tokens counted with … · made …" (a recording says so) */
export function runCaption(run: RunRow, samples: number): string {
  // an engine that is no model records its own kind as the model
  const engine = run.engine.model === run.engine.kind ? ENGINE_KINDS[run.engine.kind].caption : `${engineName(run.engine)} ${run.engine.model}`;
  const made = run.recording ? `recorded ${run.recording.recordedAt} with ${run.recording.model}` : `made ${runDate(run.createdAt)}`;
  const sampling =
    run.repeats && run.repeats > 1 ? `each sample asked ${run.repeats} times at temperature ${run.request.temperature}` : run.request.temperature > 0 ? `temperature ${run.request.temperature}` : null;
  return [
    run.name,
    engine,
    seedOf(run) === null ? null : `seed ${seedOf(run)}`,
    `${samples} samples`,
    sampling,
    run.constrained ? 'constrained decoding' : null,
    `tokens counted with ${run.counterId}`,
    made,
  ]
    .filter(Boolean)
    .join(' · ');
}
