/**
 * A pack of the user's own tools and requests ("Your tools"), and its export: the tools as an
 * OpenAI `tools` array, the requests as JSON Lines — the same files import it again.
 */
import type { Pack, PackItem, ToolSchema } from '../core/types';
import { openAITool } from '../prompts/native-tools';
import { toJsonText } from './json-text';
import { itemRequest } from './tool-requests';
import { newDict } from '../core/pyvalue';

export const YOURS_PREFIX = 'yours:';

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
