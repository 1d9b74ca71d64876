/**
 * An OpenAPI 3.x / Swagger 2.0 document (JSON or YAML) → one function per operation.
 *
 * Scalar's OpenAPI parser reads the text, upgrades Swagger 2.0 and 3.0 to 3.1, validates the
 * document against the specification and resolves its `$ref`s; this module only maps each
 * operation to a function: its operationId as the name, path and query parameters and the JSON
 * (or form) body's fields as arguments, side by side, as a model would be asked to fill them.
 */
import { MAX_SCHEMA_DEPTH, tooDeepAt } from './nesting';
import { isObject, type UnknownObject as Obj } from '../core/objects';
import type { ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';
import { checkParameterName, type ConversionContext, paramFromJsonSchema } from './json-schema-params';
import { FormatError } from './jsonl';
import { type ConvertedTools, MAX_TOOLS, refuseDuplicateNames } from './tool-declarations';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const MAX_DESCRIPTION = 1000;

export interface ConvertedOpenApi extends ConvertedTools {
  /** operations left out, each with the reason */
  skipped: string[];
  title: string;
}

/** Does this parsed file look like an OpenAPI / Swagger document (rather than a tools list)? */
export function looksLikeOpenApi(doc: unknown): boolean {
  return isObject(doc) && (typeof doc.openapi === 'string' || typeof doc.swagger === 'string') && isObject(doc.paths);
}

/** `/paths/~1pets~1{id}/get/parameters/0` → `GET /pets/{id} → parameters[0]` */
function placeOf(pointer: string | readonly string[] | undefined): string {
  // the parser's type says a list of segments; its validator gives a JSON pointer
  const parts =
    typeof pointer === 'string'
      ? pointer
          .split('/')
          .slice(1)
          .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      : [...(pointer ?? [])];
  if (parts[0] === 'paths' && parts.length >= 2) {
    const method = parts[2] && (METHODS as readonly string[]).includes(parts[2]) ? `${parts[2].toUpperCase()} ` : '';
    const rest = parts
      .slice(method ? 3 : 2)
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
      .join('')
      .replace(/^\./, '');
    return `${method}${parts[1]}${rest ? ` → ${rest}` : ''}`;
  }
  return parts.join('.') || '(document)';
}

/** A function name every call format can write, from an operationId or the method and path. */
function functionNameOf(method: string, path: string, operationId: unknown): string {
  const raw = typeof operationId === 'string' && operationId.trim() !== '' ? operationId : `${method}_${path}`;
  const name = raw
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `op_${name}`;
}

function bodySchemaOf(body: Obj, where: string): { schema: unknown } | string {
  const content = isObject(body.content) ? body.content : {};
  const types = Object.keys(content);
  const json = types.find((t) => /^application\/(.+\+)?json\b/.test(t) || t === '*/*');
  if (json) return { schema: (content[json] as Obj | undefined)?.schema };
  const form = types.find((t) => t === 'application/x-www-form-urlencoded' || t === 'multipart/form-data');
  if (form) return { schema: (content[form] as Obj | undefined)?.schema };
  const text = types.find((t) => t.startsWith('text/'));
  if (text) return { schema: { type: 'string', description: `the request body (${text})` } };
  return types.length === 0 ? { schema: undefined } : `${where}: the body is ${types.join(', ')}, which a model cannot write`;
}

/** A file upload somewhere in a body schema (bounded: dereferenced schemas may be cyclic). */
function uploadsFile(v: unknown, depth = 0): boolean {
  if (depth > 12 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => uploadsFile(x, depth + 1));
  const o = v as Obj;
  if (o.format === 'binary' || typeof o.contentMediaType === 'string') return true;
  return Object.values(o).some((x) => uploadsFile(x, depth + 1));
}

function operationTool(source: string, method: string, path: string, pathItem: Obj, op: Obj, root: Obj, warnings: string[]): ToolSchema | string {
  const label = `${method.toUpperCase()} ${path}`;
  const name = functionNameOf(method, path, op.operationId);
  if (typeof op.operationId === 'string' && op.operationId !== name) warnings.push(`${label}: operationId "${op.operationId}" is written ${name} (a function name must be an identifier)`);
  // a refusal names the file: the message reaches a user who may have picked several
  const ctx: ConversionContext = { where: `${source}: ${label} (${name})`, root, warnings };
  const properties: Record<string, ParamSchema> = Object.create(null) as Record<string, ParamSchema>;
  const required: string[] = [];
  const params = new Map<string, Obj>();
  for (const p of [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string') params.set(`${p.in}:${p.name}`, p);
  }
  for (const p of params.values()) {
    const pname = p.name as string;
    if (p.in === 'header' || p.in === 'cookie') {
      warnings.push(`${label}: the ${p.in} parameter ${pname} is left out (set by the client, not asked of a model)`);
      continue;
    }
    checkParameterName(pname, ctx, `parameters.${pname.slice(0, 60)}`);
    const schema = paramFromJsonSchema(p.schema ?? (isObject(p.content) ? (Object.values(p.content)[0] as Obj | undefined)?.schema : undefined), ctx, `parameters.${pname}`);
    if (!schema.description && typeof p.description === 'string' && p.description.trim()) schema.description = p.description.trim();
    properties[pname] = schema;
    if (p.required === true || p.in === 'path') required.push(pname);
  }
  if (isObject(op.requestBody)) {
    const body = bodySchemaOf(op.requestBody, label);
    if (typeof body === 'string') return body;
    if (body.schema !== undefined) {
      if (uploadsFile(body.schema)) return `${label}: the body uploads a file, which a model cannot write`;
      const schema = paramFromJsonSchema(body.schema, ctx, 'body');
      const fields = schema.type === 'dict' && schema.properties ? Object.keys(schema.properties) : null;
      const bodySchema = isObject(body.schema) ? body.schema : {};
      const bodyRequired = Array.isArray(bodySchema.required) ? (bodySchema.required as unknown[]).filter((r): r is string => typeof r === 'string') : [];
      if (fields && fields.length > 0 && !fields.some((f) => f in properties)) {
        // the body's fields become arguments beside the path and query ones
        for (const f of fields) properties[f] = (schema.properties as Record<string, ParamSchema>)[f] as ParamSchema;
        required.push(...bodyRequired.filter((r) => fields.includes(r)));
      } else {
        if (fields) warnings.push(`${label}: the body's fields share names with its parameters; the body is one argument, "body"`);
        properties.body = schema;
        if (op.requestBody.required === true) required.push('body');
      }
    }
  }
  const description = [op.summary, op.description].filter((d): d is string => typeof d === 'string' && d.trim() !== '').map((d) => d.trim());
  const whole = [...new Set(description)].join(' — ');
  if (whole.length > MAX_DESCRIPTION)
    warnings.push(
      `${label}: its description (${whole.length.toLocaleString('en-US')} characters) is cut to its first ${MAX_DESCRIPTION.toLocaleString('en-US')} (a tool's description is read in every prompt)`,
    );
  const text = whole.slice(0, MAX_DESCRIPTION);
  return { name, ...(text ? { description: text } : {}), parameters: { type: 'dict', properties, required: [...new Set(required)] } };
}

/** Reads, validates and converts a document; throws FormatError naming the operation and field. */
export async function readOpenApiTools(text: string, source: string): Promise<ConvertedOpenApi> {
  const { normalize, upgrade, validate, dereference } = await import('@scalar/openapi-parser');
  // JSON cut short does not parse; YAML cut short often does (`operationId: listP`): every YAML writer ends its last line
  const trimmed = text.trimStart();
  if (trimmed !== '' && !trimmed.startsWith('{') && !/[\r\n]$/.test(text))
    throw new FormatError(
      source,
      '(file)',
      'the YAML document does not end with a line break, as a whole file does: it looks cut short (a partial download or copy?). If it is whole, add a line break at its end.',
    );
  let doc: unknown;
  try {
    doc = normalize(text);
  } catch (e) {
    const message = (e as Error).message;
    // the YAML reader recurses: a document nested thousands of levels deep overflows it
    if (e instanceof RangeError || /call stack/.test(message))
      throw new FormatError(source, '(file)', `nested too deeply to read (more than ${MAX_SCHEMA_DEPTH} levels is refused; an API's schemas nest a dozen at most)`);
    throw new FormatError(source, '(file)', `neither JSON nor YAML: ${message}`);
  }
  const deep = tooDeepAt(doc, MAX_SCHEMA_DEPTH);
  if (deep) throw new FormatError(source, `${deep.slice(0, 80)}${deep.length > 80 ? '…' : ''}`, `nested more than ${MAX_SCHEMA_DEPTH} levels deep (an API's schemas nest a dozen at most)`);
  if (!looksLikeOpenApi(doc)) throw new FormatError(source, '(file)', 'not an OpenAPI 3.x or Swagger 2.0 document (no "openapi"/"swagger" version and "paths")');
  // the upgrade rewrites the document in place: name its version first
  const shape = typeof (doc as Obj).openapi === 'string' ? `OpenAPI ${String((doc as Obj).openapi)}` : `Swagger ${String((doc as Obj).swagger)}`;
  const upgraded = upgrade(doc as Obj).specification as Obj;
  const checked = await validate(upgraded);
  const problems = (checked.errors ?? []).filter((e) => !/must match "(then|else)" schema|must match exactly one schema in oneOf/.test(e.message));
  if (!checked.valid && problems.length > 0) {
    const [first, ...more] = problems.slice(0, 5);
    const others = more.map((e) => `${placeOf(e.path)}: ${e.message}`);
    throw new FormatError(
      source,
      placeOf(first?.path),
      `not a valid OpenAPI document: ${first?.message ?? ''}${others.length ? ` (also ${others.join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''})` : ''}`,
    );
  }
  const resolved = await dereference(upgraded);
  if (resolved.errors && resolved.errors.length > 0) throw new FormatError(source, '$ref', resolved.errors.map((e) => e.message).join('; '));
  const spec = resolved.schema as Obj;
  const warnings: string[] = [];
  const skipped: string[] = [];
  const tools: ToolSchema[] = [];
  const labels: string[] = [];
  for (const [path, item] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      if (tools.length >= MAX_TOOLS) throw new FormatError(source, 'paths', `more than ${MAX_TOOLS} operations`);
      const tool = operationTool(source, method, path, item, op, spec, warnings);
      if (typeof tool === 'string') skipped.push(tool);
      else {
        tools.push(tool);
        labels.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  if (tools.length === 0) throw new FormatError(source, 'paths', skipped.length ? `no operation a model can call (${skipped.join('; ')})` : 'no operations');
  refuseDuplicateNames(tools, (i) => `${source}: ${labels[i]}`);
  const info = isObject(spec.info) ? spec.info : {};
  return { tools, warnings, skipped, shape, title: typeof info.title === 'string' ? info.title : source };
}
