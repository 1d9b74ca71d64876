/**
 * A pack of the user's own tools and requests ("Your tools"), and its export: the tools as an
 * OpenAI `tools` array, the requests as JSON Lines — the same files import it again.
 */
import { MAX_SCHEMA_DEPTH, tooDeepAt } from './nesting';
import { FormatError } from './jsonl';
import type { Pack, PackItem, ToolSchema } from '../core/types';
import { openAITool } from '../prompts/native-tools';
import { toJsonText } from './json-text';
import { itemRequest } from './tool-requests';
import { newDict } from '../core/pyvalue';
import { looksLikeOpenApi, readOpenApiTools } from './openapi-tools';
import { type ConvertedTools, readToolDeclarations } from './tool-declarations';

const YOURS_PREFIX = 'yours:';

export function yourToolsPackId(name: string): string {
  return `${YOURS_PREFIX}${name}`;
}

export function yourToolsPack(name: string, tools: ToolSchema[], items: PackItem[], origin: string, createdAt = Date.now()): Pack {
  const calls = items.filter((i) => i.possibleAnswer.length > 0).length;
  return {
    id: yourToolsPackId(name),
    name,
    source: 'yours',
    description: `Your tools (${origin}): ${tools.length} functions, ${items.length} requests${items.length > calls ? ` (${items.length - calls} expecting no call)` : ''}.`,
    createdAt,
    tools,
    items,
  };
}

export function exportedTools(pack: Pick<Pack, 'tools'>): string {
  return `${JSON.stringify(pack.tools.map(openAITool), null, 2)}\n`;
}

export function exportedRequests(pack: Pick<Pack, 'tools' | 'items'>): string {
  return pack.items
    .map((item) => {
      const r = itemRequest(item, pack.tools);
      const line = newDict();
      line.id = r.id;
      line.query = r.query;
      line.expected = r.expected;
      return `${toJsonText(line)}\n`;
    })
    .join('');
}

export interface ReadToolsFile extends ConvertedTools {
  /** operations of an OpenAPI document left out, with the reason */
  skipped: string[];
  /** the document's title, or the file's name */
  title: string;
}

/** A tools file of any shape we read: an OpenAPI / Swagger document (JSON or YAML) or tool declarations (JSON). */
export async function readToolsFile(text: string, source: string): Promise<ReadToolsFile> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: only an OpenAPI document may be YAML
    return readOpenApiTools(text, source);
  }
  const deep = tooDeepAt(json, MAX_SCHEMA_DEPTH);
  if (deep) throw new FormatError(source, `${deep.slice(0, 80)}${deep.length > 80 ? '…' : ''}`, `nested more than ${MAX_SCHEMA_DEPTH} levels deep (tool schemas nest a dozen at most)`);
  if (looksLikeOpenApi(json)) return readOpenApiTools(text, source);
  return { ...readToolDeclarations(json, source), skipped: [], title: source.replace(/\.(json|ya?ml)$/i, '') };
}
