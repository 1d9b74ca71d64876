/** CompToolBench task rows (huggingface/test.jsonl format) → DagTask. */
import { isDict, newDict, type PyDict, type PyValue } from '../core/pyvalue';
import type { Call } from '../parsing/calls';
import { parseJsonValue } from '../parsing/json-value';
import { type DagTask, LEVELS, type Level, type TraceStep } from '../scoring/dag';
import { FormatError } from './jsonl';

export interface CompToolBenchTask extends DagTask {
  prompt: string;
  availableTools: string[];
  expectedFinalAnswer: string | null;
  category: string;
}

const asDict = (v: PyValue | undefined): PyDict | null => (v !== undefined && v !== null && isDict(v) ? v : null);

function readStep(v: PyValue, record: string, where: string): TraceStep {
  const d = asDict(v);
  if (!d) throw new FormatError(record, where, 'expected an object');
  if (typeof d.step_id !== 'string') throw new FormatError(record, `${where}.step_id`, 'expected a string');
  if (typeof d.tool_name !== 'string') throw new FormatError(record, `${where}.tool_name`, 'expected a string');
  const args = asDict(d.arguments) ?? (d.arguments === undefined ? newDict() : null);
  if (!args) throw new FormatError(record, `${where}.arguments`, 'expected an object');
  const deps = d.depends_on ?? [];
  if (!Array.isArray(deps) || deps.some((x) => typeof x !== 'string')) throw new FormatError(record, `${where}.depends_on`, 'expected a list of step ids');
  const outputKey = typeof d.output_key === 'string' ? d.output_key : null;
  return { stepId: d.step_id, toolName: d.tool_name, arguments: args, dependsOn: deps as string[], outputKey };
}

export function readCompToolBenchTask(v: PyValue, record: string): CompToolBenchTask {
  const d = asDict(v);
  if (!d) throw new FormatError(record, '(record)', 'expected an object');
  if (typeof d.task_id !== 'string') throw new FormatError(record, 'task_id', 'expected a string');
  if (!LEVELS.includes(d.level as Level)) throw new FormatError(record, 'level', `expected one of ${LEVELS.join(', ')}`);
  let trace: PyValue = d.expected_trace ?? null;
  if (typeof trace === 'string') {
    try {
      trace = parseJsonValue(trace);
    } catch (e) {
      throw new FormatError(record, 'expected_trace', `not valid JSON: ${(e as Error).message}`);
    }
  }
  const t = asDict(trace);
  if (!t || !Array.isArray(t.steps)) throw new FormatError(record, 'expected_trace.steps', 'expected a list');
  const steps = t.steps.map((s, i) => readStep(s, record, `expected_trace.steps[${i}]`));
  const tools = d.available_tools ?? [];
  if (!Array.isArray(tools) || tools.some((x) => typeof x !== 'string')) throw new FormatError(record, 'available_tools', 'expected a list of names');
  return {
    taskId: d.task_id,
    level: d.level as Level,
    steps,
    prompt: typeof d.prompt === 'string' ? d.prompt : '',
    availableTools: tools as string[],
    expectedFinalAnswer: typeof d.expected_final_answer === 'string' ? d.expected_final_answer : null,
    category: typeof d.category === 'string' ? d.category : '',
  };
}

/** `[{tool_name, arguments}]` → calls (the runner's parsed form). */
export function readPredictedCalls(v: PyValue, record: string): Call[] {
  if (!Array.isArray(v)) throw new FormatError(record, 'predicted_calls', 'expected a list');
  return v.map((c, i) => {
    const d = asDict(c);
    if (!d || typeof d.tool_name !== 'string') throw new FormatError(record, `predicted_calls[${i}].tool_name`, 'expected a string');
    return { name: d.tool_name, args: asDict(d.arguments) ?? newDict() };
  });
}
