/** CompToolBench task rows (huggingface/test.jsonl format) → DagTask. */
import { isDict, isPyInt, newDict, pyRepr, type PyDict, type PyValue } from '../core/pyvalue';
import type { Call } from '../core/calls';
import { parseJsonValue } from '../parsing/json-value';
import type { CompositionTask, Pack, ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';
import { LEVELS, type Level, type TraceStep } from '../core/expected';
import { FormatError, readRecords } from './jsonl';

export type CompToolBenchTask = CompositionTask & { expectedFinalAnswer: string | null };

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
  const outputKey = d.output_key ?? null;
  if (outputKey !== null && typeof outputKey !== 'string') throw new FormatError(record, `${where}.output_key`, 'expected a string or null');
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
  const tools = d.available_tools;
  if (!Array.isArray(tools) || tools.some((x) => typeof x !== 'string')) throw new FormatError(record, 'available_tools', 'expected a list of tool names');
  // a step calls a tool the task offers (so it is in every CompToolBench task): a name changed by a byte is refused, not read as a new tool
  steps.forEach((s, i) => {
    if (!(tools as string[]).includes(s.toolName))
      throw new FormatError(
        record,
        `expected_trace.steps[${i}].tool_name`,
        `"${s.toolName.slice(0, 80)}" is not among the task's available_tools (${(tools as string[]).slice(0, 8).join(', ')}${tools.length > 8 ? ', …' : ''})`,
      );
  });
  if (typeof d.prompt !== 'string' || d.prompt.trim() === '') throw new FormatError(record, 'prompt', 'expected the request as a non-empty string');
  const optionalText = (field: string): string | null => {
    const v = d[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') throw new FormatError(record, field, `expected a string, got ${pyRepr(v)}`);
    return v;
  };
  for (const field of ['num_steps', 'num_tools_offered']) {
    const v = d[field];
    if (v !== undefined && !isPyInt(v)) throw new FormatError(record, field, `expected an integer, got ${pyRepr(v)}`);
  }
  return {
    taskId: d.task_id,
    level: d.level as Level,
    steps,
    prompt: d.prompt,
    availableTools: tools as string[],
    expectedFinalAnswer: optionalText('expected_final_answer'),
    category: optionalText('category') ?? '',
    pattern: optionalText('pattern') ?? '',
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

// ------------------------------------------------------------------ tool schemas and the pack

const JSON_TYPES: Record<string, string> = { string: 'string', number: 'float', integer: 'integer', boolean: 'boolean', array: 'array', object: 'dict' };

function readParam(v: PyValue, record: string, where: string): ParamSchema {
  const d = asDict(v);
  if (!d) throw new FormatError(record, where, 'expected a parameter schema object');
  const type = typeof d.type === 'string' ? JSON_TYPES[d.type] : undefined;
  if (!type) throw new FormatError(record, `${where}.type`, `expected one of ${Object.keys(JSON_TYPES).join(', ')}`);
  const p: ParamSchema = { type };
  const description = present(d.description, 'string', record, `${where}.description`);
  if (description !== undefined) p.description = description as string;
  const values = present(d.enum, 'list', record, `${where}.enum`);
  if (values !== undefined) p.enum = values as PyValue[];
  const items = present(d.items, 'object', record, `${where}.items`) as PyDict | undefined;
  if (items) {
    const itemType = present(items.type, 'string', record, `${where}.items.type`) as string | undefined;
    if (itemType !== undefined) p.items = { type: JSON_TYPES[itemType] ?? itemType };
  }
  return p;
}

/** A field that may be absent (or null) but, when given, must have its type: a wrong type is refused, never dropped. */
function present(v: PyValue | undefined, type: 'string' | 'list' | 'object', record: string, where: string): PyValue | undefined {
  if (v === undefined || v === null) return undefined;
  const ok = type === 'string' ? typeof v === 'string' : type === 'list' ? Array.isArray(v) : isDict(v);
  if (!ok) throw new FormatError(record, where, `expected ${type === 'list' ? 'a list' : type === 'object' ? 'an object' : 'a string'}, got ${pyRepr(v)}`);
  return v;
}

/** One tool: an OpenAI function schema (`{type: "function", function: {…}}` or the function object itself), alone or under `openai_schema`. */
function readOpenAiTool(v: PyValue, record: string): ToolSchema {
  const entry = asDict(v);
  if (!entry) throw new FormatError(record, '(tool)', 'expected an object');
  const wrapped = asDict(entry.openai_schema ?? null) ?? entry;
  const fn = asDict(wrapped.function ?? null) ?? wrapped;
  if (typeof fn.name !== 'string' || fn.name === '') throw new FormatError(record, 'function.name', 'expected a string');
  const at = `${record} (${fn.name})`;
  const params = (present(fn.parameters, 'object', at, 'parameters') as PyDict | undefined) ?? newDict();
  const props = (present(params.properties, 'object', at, 'parameters.properties') as PyDict | undefined) ?? newDict();
  const properties: Record<string, ParamSchema> = {};
  for (const [k, p] of Object.entries(props)) properties[k] = readParam(p, at, `parameters.properties.${k}`);
  const required = (present(params.required, 'list', at, 'parameters.required') as PyValue[] | undefined) ?? [];
  required.forEach((x, i) => {
    if (typeof x !== 'string') throw new FormatError(at, `parameters.required[${i}]`, `expected a parameter name, got ${pyRepr(x)}`);
  });
  const description = (present(fn.description, 'string', at, 'description') as string | undefined) ?? '';
  return { name: fn.name, description, parameters: { type: 'dict', properties, required: required as string[] } };
}

/** tools.json as published (`{tools: [...]}`), or a list of OpenAI tool schemas. */
function readCompToolBenchTools(text: string, source = 'tool file'): ToolSchema[] {
  const t = text.trim();
  let list: PyValue[];
  if (t.startsWith('{')) {
    let v: PyValue;
    try {
      v = parseJsonValue(t);
    } catch (e) {
      throw new FormatError(source, '(json)', (e as Error).message);
    }
    const d = asDict(v);
    if (!d || !Array.isArray(d.tools)) throw new FormatError(source, 'tools', 'expected a list of tool schemas');
    list = d.tools;
  } else list = readRecords(text, source);
  const tools = list.map((v, i) => readOpenAiTool(v, `${source} tool ${i + 1}`));
  // two schemas of one name: which a task's calls are checked against would be a guess
  const first = new Map<string, number>();
  for (const [i, t] of tools.entries()) {
    const j = first.get(t.name);
    if (j !== undefined) throw new FormatError(`${source} tool ${i + 1}`, 'name', `"${t.name}" is also the name of tool ${j + 1}: tool names must be unique`);
    first.set(t.name, i);
  }
  return tools;
}

const inferredType = (v: PyValue): string =>
  typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'integer' : Array.isArray(v) ? 'array' : v !== null && isDict(v) ? 'dict' : 'float';

/** A schema read off the arguments a tool is called with, for tools the import has no schema of. */
function inferredTool(name: string, steps: readonly TraceStep[]): ToolSchema {
  const properties: Record<string, ParamSchema> = {};
  for (const s of steps) for (const [k, v] of Object.entries(s.arguments)) properties[k] ??= { type: inferredType(v as PyValue) };
  return { name, description: '(no schema was imported for this tool; parameters read off the tasks)', parameters: { type: 'dict', properties, required: [] } };
}

export interface CompToolBenchFiles {
  name: string;
  /** test.jsonl: one task per line (or a JSON list) */
  tasks: string;
  tasksSource?: string;
  /** tools.json, optional: without it, schemas are read off the tasks' arguments */
  tools?: string | null;
  toolsSource?: string;
  /** without a tools file: the schemas of the pack this import replaces, kept (a re-import of the tasks alone keeps them) */
  keptTools?: readonly ToolSchema[];
}

export const compToolBenchPackId = (name: string): string => `comptoolbench:${name}`;

/** Validates everything first: a bad record throws FormatError naming it and its field, and nothing is returned. */
export function readCompToolBenchPack(files: CompToolBenchFiles, createdAt = Date.now()): Pack {
  const source = files.tasksSource ?? 'task file';
  const tasks: CompositionTask[] = [];
  const ids = new Set<string>();
  readRecords(files.tasks, source).forEach((v, i) => {
    const task = readCompToolBenchTask(v, `${source} record ${i + 1}`);
    if (ids.has(task.taskId)) throw new FormatError(`${source} record ${i + 1}`, 'task_id', `duplicate id ${task.taskId}`);
    ids.add(task.taskId);
    tasks.push(task);
  });
  if (tasks.length === 0) throw new FormatError(source, '(file)', 'no tasks');
  const kept = !files.tools && files.keptTools?.length ? files.keptTools : null;
  const tools = files.tools ? readCompToolBenchTools(files.tools, files.toolsSource) : [...(kept ?? [])];
  const known = new Set(tools.map((t) => t.name));
  if (files.tools)
    tasks.forEach((t, i) => {
      const unknown = t.availableTools.find((n) => !known.has(n));
      if (unknown !== undefined) throw new FormatError(`${source} record ${i + 1}`, 'available_tools', `"${unknown.slice(0, 80)}" is not a tool of ${files.toolsSource ?? 'the tools file'}`);
    });
  const used = new Map<string, TraceStep[]>();
  for (const t of tasks) for (const s of t.steps) used.set(s.toolName, [...(used.get(s.toolName) ?? []), s]);
  const inferred = [...used.entries()].filter(([n]) => !known.has(n)).map(([n, steps]) => inferredTool(n, steps));
  const counts = LEVELS.map((l) => `${l.slice(0, 2)} ${tasks.filter((t) => t.level === l).length}`).join(', ');
  return {
    id: compToolBenchPackId(files.name),
    name: files.name,
    source: 'comptoolbench',
    description:
      `${tasks.length} CompToolBench tasks (${counts}) using ${used.size} tools; ${tools.length + inferred.length} tool schemas` +
      (kept
        ? ` (${kept.length} kept from the pack this import replaced${inferred.length ? `, ${inferred.length} read off the tasks' arguments` : ''}).`
        : inferred.length
          ? ` (${inferred.length} read off the tasks' arguments, no schema imported).`
          : '.'),
    createdAt,
    tools: [...tools, ...inferred],
    items: [],
    tasks,
  };
}
