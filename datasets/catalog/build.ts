/**
 * Builder of the built-in tool-catalog pack: for every resource of
 * resources.ts the six tools of a typical API (list, get, create, update,
 * delete, search), each with requests written from templates and the ground
 * truth those requests imply, in BFCL's possible-answer form. Deterministic:
 * the same seed gives the same pack, byte for byte.
 */
import { newDict, PyFloat, type PyValue } from '../../src/lib/core/pyvalue';
import { Rng } from '../../src/lib/core/random';
import type { Pack, PackItem, ToolSchema } from '../../src/lib/core/types';
import type { ParamSchema, PossibleAnswer } from '../../src/lib/core/schema';
import { simulatedSchemas } from '../../src/lib/simulate/composition';
import { type FieldSpec, RESOURCES, type ResourceSpec } from './resources';

export const CATALOG_PACK_ID = 'builtin-catalog';
export const CATALOG_VERSION = 2;

interface ParamDef {
  name: string;
  schema: ParamSchema;
  required: boolean;
  /** allowed values when the request does not mention the parameter ("" = may be omitted) */
  whenOmitted: PyValue[];
}

interface Template {
  text: string;
  /** the parameters the text mentions, with how to pick their values */
  slots: Record<string, (rng: Rng) => { value: PyValue; words: string }>;
}

interface ToolDef {
  schema: ToolSchema;
  params: ParamDef[];
  templates: Template[];
}

const words = (id: string) => id.replace(/_/g, ' ');

function pyValue(field: FieldSpec, v: string | number | boolean): PyValue {
  return field.type === 'float' ? new PyFloat(v as number) : v;
}

function fieldParam(field: FieldSpec, required: boolean): ParamDef {
  return { name: field.name, schema: { type: field.type, description: field.description }, required, whenOmitted: [''] };
}

const fieldSlot = (field: FieldSpec) => (rng: Rng) => {
  const v = rng.pick(field.values);
  return { value: pyValue(field, v), words: field.phrase.replace('{v}', String(v)) };
};

function schemaOf(name: string, description: string, params: ParamDef[]): ToolSchema {
  const properties: Record<string, ParamSchema> = {};
  for (const p of params) properties[p.name] = p.schema;
  return { name, description, parameters: { type: 'dict', properties, required: params.filter((p) => p.required).map((p) => p.name) } };
}

function resourceTools(r: ResourceSpec): ToolDef[] {
  const R = words(r.resource);
  const Rs = words(r.plural);
  const idName = `${r.resource}_id`;
  const idParam: ParamDef = { name: idName, schema: { type: 'string', description: `Identifier of the ${R}, e.g. ${r.idExamples[0]}.` }, required: true, whenOmitted: [''] };
  const idSlot = (rng: Rng) => {
    const v = rng.pick(r.idExamples);
    return { value: v, words: v };
  };
  const statusParam = (description: string): ParamDef => ({ name: 'status', schema: { type: 'string', description, enum: r.statuses }, required: false, whenOmitted: [''] });
  const statusSlot = (rng: Rng) => {
    const v = rng.pick(r.statuses);
    return { value: v, words: words(v) };
  };
  const limitParam: ParamDef = { name: 'limit', schema: { type: 'integer', description: 'Maximum number of results (default 20).', default: 20 }, required: false, whenOmitted: ['', 20] };
  const limitSlot = (rng: Rng) => {
    const v = rng.pick([5, 10, 50]);
    return { value: v, words: String(v) };
  };
  const [f1, f2] = r.fields as [FieldSpec, FieldSpec];
  const p = `${r.domain}_`;

  const list: ToolDef = {
    params: [statusParam(`Only ${Rs} with this status.`), limitParam],
    schema: null as unknown as ToolSchema,
    templates: [
      { text: `List the ${Rs} in the ${r.service} whose status is {status}.`, slots: { status: statusSlot } },
      { text: `Show me at most {limit} ${Rs} from the ${r.service}.`, slots: { limit: limitSlot } },
    ],
  };
  list.schema = schemaOf(
    `${p}list_${r.plural}`,
    `List ${Rs} stored in the ${r.service}, optionally filtered by status. Returns one page of ${Rs}, most recently updated first, each with its identifier, status and ${words(f1.name)}.`,
    list.params,
  );

  const getParams: ParamDef[] = [
    idParam,
    { name: 'include_history', schema: { type: 'boolean', description: 'Also return the change history.', default: false }, required: false, whenOmitted: ['', false] },
  ];
  const get: ToolDef = {
    params: getParams,
    schema: schemaOf(
      `${p}get_${r.resource}`,
      `Retrieve a single ${R} from the ${r.service} by its identifier. Returns every field of the ${R}; with include_history, also its past changes with timestamps and authors. Fails with not_found for an unknown identifier.`,
      getParams,
    ),
    templates: [
      { text: `Pull up ${R} {${idName}} in the ${r.service}.`, slots: { [idName]: idSlot } },
      { text: `I need the details of ${R} {${idName}} including its change history.`, slots: { [idName]: idSlot, include_history: () => ({ value: true, words: '' }) } },
    ],
  };

  const createParams = [fieldParam(f1, true), fieldParam(f2, true), statusParam(`Initial status of the ${R}.`)];
  const create: ToolDef = {
    params: createParams,
    schema: schemaOf(
      `${p}create_${r.resource}`,
      `Create a new ${R} in the ${r.service}. Returns the stored ${R} with its generated identifier. Fails with invalid_argument when a required field is missing or malformed.`,
      createParams,
    ),
    templates: [
      { text: `Create a new ${R} in the ${r.service} with {${f1.name}} and {${f2.name}}.`, slots: { [f1.name]: fieldSlot(f1), [f2.name]: fieldSlot(f2) } },
      { text: `Add a ${R} with {${f2.name}} and {${f1.name}}, status {status}.`, slots: { [f1.name]: fieldSlot(f1), [f2.name]: fieldSlot(f2), status: statusSlot } },
    ],
  };

  const updateParams = [idParam, fieldParam(f1, false), fieldParam(f2, false), statusParam('New status.')];
  const update: ToolDef = {
    params: updateParams,
    schema: schemaOf(
      `${p}update_${r.resource}`,
      `Change fields of an existing ${R} in the ${r.service}. Only the fields given change; the others keep their current values. Returns the updated ${R}.`,
      updateParams,
    ),
    templates: [
      { text: `Update ${R} {${idName}} so that it has {${f1.name}}.`, slots: { [idName]: idSlot, [f1.name]: fieldSlot(f1) } },
      { text: `Set the status of ${R} {${idName}} to {status}.`, slots: { [idName]: idSlot, status: statusSlot } },
    ],
  };

  const deleteParams: ParamDef[] = [idParam, { name: 'reason', schema: { type: 'string', description: 'Why it is deleted (kept in the audit log).' }, required: false, whenOmitted: [''] }];
  const reasonSlot = (rng: Rng) => {
    const v = rng.pick(['duplicate entry', 'created by mistake', 'requested by the owner']);
    return { value: v, words: v };
  };
  const del: ToolDef = {
    params: deleteParams,
    schema: schemaOf(
      `${p}delete_${r.resource}`,
      `Permanently delete a ${R} from the ${r.service}. This cannot be undone and removes the ${R} from all reports. Returns the identifier of the deleted ${R}.`,
      deleteParams,
    ),
    templates: [
      { text: `Delete ${R} {${idName}} from the ${r.service}.`, slots: { [idName]: idSlot } },
      { text: `Remove ${R} {${idName}}; the reason is: {reason}.`, slots: { [idName]: idSlot, reason: reasonSlot } },
    ],
  };

  const searchParams: ParamDef[] = [
    { name: 'query', schema: { type: 'string', description: 'Free-text search terms.' }, required: true, whenOmitted: [''] },
    statusParam(`Only ${Rs} with this status.`),
    limitParam,
  ];
  const termSlot = (rng: Rng) => {
    const v = rng.pick(r.searchTerms);
    return { value: v, words: v };
  };
  const search: ToolDef = {
    params: searchParams,
    schema: schemaOf(
      `${p}search_${r.plural}`,
      `Full-text search over ${Rs} in the ${r.service}. Matches words in every text field; results are ranked by relevance and include a short highlighted snippet.`,
      searchParams,
    ),
    templates: [
      { text: `Search the ${r.service} for ${Rs} about "{query}".`, slots: { query: termSlot } },
      { text: `Find up to {limit} ${Rs} mentioning "{query}".`, slots: { query: termSlot, limit: limitSlot } },
    ],
  };
  return [list, get, create, update, del, search];
}

function itemFrom(tool: ToolDef, template: Template, rng: Rng, id: string): PackItem {
  const chosen: Record<string, { value: PyValue; words: string }> = {};
  for (const [name, slot] of Object.entries(template.slots)) chosen[name] = slot(rng);
  const question = template.text.replace(/\{(\w+)\}/g, (_, name: string) => chosen[name]?.words ?? '');
  const allowed = newDict() as unknown as Record<string, PyValue[]>;
  for (const p of tool.params) allowed[p.name] = chosen[p.name] ? [chosen[p.name]!.value] : p.whenOmitted;
  const answer = newDict() as unknown as PossibleAnswer;
  answer[tool.schema.name] = allowed;
  return { id, category: 'simple', question, tools: [tool.schema], possibleAnswer: [answer] };
}

/** The pack. Two requests per tool (one per template). */
export function buildCatalogPack(seed = 42): Pack {
  const rng = new Rng(`catalog:${seed}`);
  const defs = RESOURCES.flatMap(resourceTools);
  const names = new Set<string>();
  for (const d of defs) {
    if (names.has(d.schema.name)) throw new Error(`duplicate tool name ${d.schema.name}`);
    names.add(d.schema.name);
  }
  const items = defs.flatMap((d) => d.templates.map((t, k) => itemFrom(d, t, rng, `${d.schema.name}#${k}`)));
  // the composition suite's simulated tools join the catalog as distractors (no requests of their own here)
  const simulated = simulatedSchemas();
  for (const t of simulated) if (names.has(t.name)) throw new Error(`simulated tool ${t.name} collides with a catalog tool`);
  return {
    id: CATALOG_PACK_ID,
    name: 'Built-in tool catalog',
    source: 'builtin',
    description: `${defs.length} tools of ${new Set(RESOURCES.map((r) => r.domain)).size} business domains (list/get/create/update/delete/search per resource), ${items.length} requests with ground truth, plus the ${simulated.length} simulated tools of the composition suite as distractors. Generated by datasets/catalog (v${CATALOG_VERSION}, seed ${seed}).`,
    createdAt: 0,
    tools: [...defs.map((d) => d.schema), ...simulated],
    items,
  };
}
