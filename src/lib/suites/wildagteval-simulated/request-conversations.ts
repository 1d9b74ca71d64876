/**
 * Conversations made of the requests of a "yours" pack, for the API-complexity suite on the
 * user's own tools: consecutive requests two by two, so a result's notice or sponsored records
 * can act on the next request, as in WildAgtEval's multi-turn conversations. Requests where no
 * call is right (irrelevance) have nothing for a complexity to act on and are left out.
 */
import { toPlain } from '../../core/pyvalue';
import type { JsonObject, Pack, PackItem } from '../../core/types';
import type { ApiCallRecord } from '../../scoring/api-accuracy';
import type { PossibleAnswer } from '../../core/schema';
import type { ApiSystem } from '../../simulate/api/api-system';
import { toolsApiSystem } from '../../simulate/api/tools-system';
import type { Conversation } from './conversations';

const REQUESTS_PER_CONVERSATION = 2;

/** A possible answer's call with its allowed values as JSON. */
function expectedCall(answer: PossibleAnswer): ApiCallRecord {
  const api = Object.keys(answer)[0] ?? '';
  return { api, params: toPlain(answer[api] ?? {}) as JsonObject };
}

export function requestConversations(items: readonly PackItem[]): Conversation[] {
  const asked = items.filter((i) => i.possibleAnswer.length > 0);
  const out: Conversation[] = [];
  for (let k = 0; k < asked.length; k += REQUESTS_PER_CONVERSATION) {
    const part = asked.slice(k, k + REQUESTS_PER_CONVERSATION);
    out.push({
      id: `requests-${k / REQUESTS_PER_CONVERSATION + 1}`,
      flows: part.map((i) => i.id).join('+'),
      worldSeed: k,
      turns: part.map((i) => ({ coref: i.question, resolved: i.question, calls: i.possibleAnswer.map(expectedCall) })),
    });
  }
  return out;
}

/** A pack's tools as an API system, and its requests as conversations. */
export interface OwnApiSetup {
  packId: string;
  system: ApiSystem;
  conversations: readonly Conversation[];
}

/** The system simulated from a pack's tools and the conversations of its requests. */
export function ownApiSetup(pack: Pack): OwnApiSetup {
  return { packId: pack.id, system: toolsApiSystem(pack.tools), conversations: requestConversations(pack.items) };
}

/** What the suite measures of your tools before Start: the chosen pack, loaded (null: the pack is not stored, or none chosen). */
export interface OwnToolsPrepared {
  own: Pack | null;
}

const setups = new WeakMap<Pack, OwnApiSetup>();
/** Your tools as the simulated API, where the setup chose a pack and it is stored (built once per loaded pack). */
export function ownApiOf(prepared: OwnToolsPrepared | null): OwnApiSetup | null {
  const pack = prepared?.own;
  if (!pack) return null;
  const known = setups.get(pack);
  if (known) return known;
  const made = ownApiSetup(pack);
  setups.set(pack, made);
  return made;
}
