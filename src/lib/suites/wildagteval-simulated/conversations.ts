/**
 * The built-in conversations: composed (seeded) from intent primitives — a goal, its call chain
 * and parameter variations — grouped in flows that share an entity, 2–6 turns each. Every turn is
 * worded twice: with coreferences to earlier turns ("pause it", "the first one") and with them
 * resolved. Gold calls are written in the plain form people use and checked by executing them on a
 * fresh world, turn after turn, with no complexity switched on.
 */
import { Rng } from '../../core/random';
import type { JsonObject } from '../../core/types';
import type { ApiCallRecord } from '../../scoring/api-accuracy';
import { NO_COMPLEXITY } from '../../simulate/api/complexity';
import { invokeApi } from '../../simulate/api/home-system';
import { createWorld, type World } from '../../simulate/api/world';

export type Wording = 'coref' | 'resolved';
export const WORDINGS: readonly Wording[] = ['coref', 'resolved'];

export interface ConversationTurn {
  /** the query with coreferences to earlier turns */
  coref: string;
  /** the same query with every reference spelled out */
  resolved: string;
  /** gold calls, plain form (the ad-hoc formats are applied per configuration) */
  calls: ApiCallRecord[];
}

export interface Conversation {
  id: string;
  /** the flows it is made of, e.g. "light+call" */
  flows: string;
  worldSeed: number;
  turns: ConversationTurn[];
}

const call = (api: string, params: JsonObject = {}): ApiCallRecord => ({ api, params });
const turn = (resolved: string, calls: ApiCallRecord[], coref = resolved): ConversationTurn => ({ coref, resolved, calls });

/** A flow: 1–3 turns about one entity, built against the world as it is when the flow starts. */
type Flow = (w: World, rng: Rng) => ConversationTurn[];

const powerOnIfOff = (w: World, endpoint: string): ApiCallRecord[] => (w.devices.find((d) => d.endpoint === endpoint)?.power === 'on' ? [] : [call('power_on', { endpoints: [endpoint] })]);

const FLOWS: Record<string, Flow> = {
  light: (w, rng) => {
    const d = rng.pick(w.devices.filter((x) => x.type === 'light'));
    const color = rng.pick(['orange', 'blue', 'purple', 'green', 'red']);
    const level = rng.pick([20, 30, 50, 70]);
    return [
      turn(`Make the ${d.name} ${color}`, [call('get_user_inventory'), ...powerOnIfOff(w, d.endpoint), call('color_set', { endpoints: [d.endpoint], color })]),
      turn(`Set the ${d.name} brightness to ${level}%`, [call('brightness_adjust', { endpoints: [d.endpoint], level })], `Now set its brightness to ${level}%`),
    ];
  },
  call: (w, rng) => {
    const k = rng.pick(w.contacts);
    const text = rng.pick(['Running ten minutes late', 'See you at dinner', 'Thanks for today']);
    return [
      turn(`Call ${k.name}`, [call('find_contact', { query: k.name }), call('find_call_device'), ...powerOnIfOff(w, '61A'), call('make_call', { phone_number: k.phone, device_endpoint: '61A' })]),
      turn(`Hang up and text ${k.name} '${text}'`, [call('end_call'), call('send_message', { recipient: k.phone, message: text })], `Hang up and text them '${text}'`),
    ];
  },
  stock: (w, rng) => {
    const s = rng.pick(w.stocks);
    return [turn(`What's the stock price of ${s.company}?`, [call('stock_price', { symbol: s.symbol })]), turn('How is my watchlist doing?', [call('stock_watchlist')])];
  },
  weather: (_w, rng) => {
    const city = rng.pick(['Boston', 'Chicago', 'Denver', 'Miami']);
    const days = rng.pick([5, 6]);
    return [
      turn(`What's the weather in ${city} right now?`, [call('weather_current', { location: city })]),
      turn(`And the forecast for ${city} for the next ${days} days?`, [call('weather_forecast', { location: city, days })], `And the forecast there for the next ${days} days?`),
    ];
  },
  shopping: (w, rng) => {
    const p = rng.pick(w.products.filter((x) => x.stock >= 3));
    const q = rng.pick([2, 3]);
    return [
      turn(`Find me a ${p.name.toLowerCase()}`, [call('search_product', { query: p.name.toLowerCase() })]),
      turn(`Add ${q} of the ${p.name} to my cart`, [call('add_to_cart', { product_id: p.product_id, quantity: q })], `Add ${q} of those to my cart`),
      turn('Check out, please', [call('checkout')]),
    ];
  },
  orders: (w, rng) => {
    const o = rng.pick(w.orders.filter((x) => x.status === 'shipped' || x.status === 'processing'));
    return [turn(`Where is my order ${o.order_id}?`, [call('track_order', { order_id: o.order_id })]), turn('Show me my order history', [call('get_order_history')])];
  },
  media: (w, rng) => {
    const m = rng.pick(w.media.filter((x) => x.type !== 'movie'));
    const sp = rng.pick(w.devices.filter((x) => x.type === 'speaker'));
    return [
      turn(`Play ${m.title} on the ${sp.name}`, [call('search_media', { query: m.title }), ...powerOnIfOff(w, sp.endpoint), call('play', { endpoints: [sp.endpoint], media_id: m.media_id })]),
      turn(`Pause the ${sp.name}`, [call('pause', { endpoints: [sp.endpoint] })], 'Pause it'),
    ];
  },
  recipe: (w, rng) => {
    const cuisine = rng.pick(['italian', 'thai', 'mexican']);
    const found = w.recipes.filter((r) => r.cuisine === cuisine);
    const max = Math.max(...found.map((r) => r.minutes));
    const first = found[0] as World['recipes'][number];
    return [
      turn(`Find ${cuisine} recipes that take at most ${max} minutes`, [call('search_recipes', { query: cuisine, max_time: max })]),
      turn(`Show me the details of the ${first.name} recipe`, [call('get_recipe_details', { recipe_id: first.recipe_id })], 'Show me the details of the first one'),
      turn(`Save the ${first.name} recipe to my favourites`, [call('save_favorite_recipe', { recipe_id: first.recipe_id })], 'Save it to my favourites'),
    ];
  },
  delivery: (w, rng) => {
    const r = rng.pick(w.restaurants);
    const item = rng.pick(r.menu);
    const id = `DO${String((w.counters.delivery ?? 7) + 1).padStart(4, '0')}`;
    return [
      turn(`Order the ${item.name} from ${r.name}, the ${r.cuisine} place`, [
        call('search_restaurants', { cuisine: r.cuisine }),
        call('get_restaurant_menu', { restaurant_id: r.restaurant_id }),
        call('place_delivery_order', { restaurant_id: r.restaurant_id, items: [item.item_id] }),
      ]),
      turn(`When will my ${r.name} order arrive?`, [call('track_delivery_order', { order_id: id })], 'When will it arrive?'),
    ];
  },
  alarm: (_w, rng) => {
    const [h, m] = rng.pick([
      ['06', '45'],
      ['07', '15'],
      ['05', '30'],
    ] as const);
    return [
      turn(`Set an alarm for ${h}:${m} on weekdays`, [call('create_alarm', { time: `${h}:${m}`, days: ['mon', 'tue', 'wed', 'thu', 'fri'] })]),
      turn('What alarms do I have now?', [call('get_alarms')]),
    ];
  },
  reminder: (_w, rng) => {
    const [what, day, time] = rng.pick([
      ['pick up the dry cleaning', '2025-07-18', '17:30'],
      ['water the plants', '2025-07-19', '09:00'],
      ['call the bank', '2025-07-21', '10:00'],
    ] as const);
    return [turn(`Remind me to ${what} on ${day} at ${time}`, [call('create_reminder', { title: what, datetime: `${day}T${time}:00Z` })]), turn('What reminders do I have?', [call('get_reminders')])];
  },
  calls: (_w, rng) => {
    const weeks = rng.pick([3, 4, 6]);
    return [
      turn(`Who did I talk to on the phone in the last ${weeks} weeks?`, [call('get_call_history', { time_range: `${weeks} weeks` })]),
      turn('Any new messages?', [call('get_messages', { limit: 5 })]),
    ];
  },
  home: (w, rng) => {
    const t = rng.pick([19, 20, 23, 24]);
    const lock = w.devices.find((d) => d.endpoint === '29') as World['devices'][number];
    return [
      turn(`Set the Living Room Thermostat to ${t} degrees`, [call('temperature_set', { endpoints: ['21'], temperature: t })]),
      turn(`Lock the ${lock.name}`, [call('get_user_inventory'), call('lock_lock', { endpoints: [lock.endpoint] })]),
      turn('Is the Garage Lock locked?', [call('lock_status', { endpoint: '30' })]),
    ];
  },
  news: (_w, rng) => {
    const topic = rng.pick(['Eiffel Tower', 'photosynthesis', 'Mount Everest']);
    return [
      turn("What's the latest technology news?", [call('news_by_category', { category: 'technology' })]),
      turn(`Tell me about ${topic}`, [call('knowledge_lookup', { keyword: topic })]),
      turn('Show my notifications', [call('get_notifications')]),
    ];
  },
};

const FLOW_NAMES: readonly string[] = Object.keys(FLOWS);

class GoldReplayError extends Error {
  override name = 'GoldReplayError';
}

/** Runs a turn's gold calls on the world, failing loudly if one does not succeed. */
export function replayGold(world: World, conv: string, t: ConversationTurn): void {
  for (const c of t.calls) {
    const out = invokeApi(world, c, NO_COMPLEXITY);
    if (!out.success) throw new GoldReplayError(`${conv}: gold call ${c.api}(${JSON.stringify(c.params)}) fails from the initial state: ${String(out.result.message)}`);
  }
}

/** `count` conversations of two or three flows each, 2–6 turns. */
export function builtinConversations(count = 24, seed = 7): Conversation[] {
  const out: Conversation[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new Rng(`api-conversation:${seed}:${i}`);
    // every flow leads some conversation: rotate the first flow, sample the others
    const first = FLOW_NAMES[i % FLOW_NAMES.length] as string;
    const others = rng.sample(
      FLOW_NAMES.filter((f) => f !== first),
      1 + rng.int(2),
    );
    const worldSeed = seed * 1000 + i;
    const world = createWorld(worldSeed);
    const id = `conv${String(i + 1).padStart(2, '0')}`;
    const turns: ConversationTurn[] = [];
    const flows: string[] = [];
    for (const name of [first, ...others]) {
      const made = (FLOWS[name] as Flow)(world, rng);
      if (turns.length + made.length > 6) continue;
      for (const t of made) replayGold(world, id, t);
      turns.push(...made);
      flows.push(name);
    }
    out.push({ id, flows: flows.join('+'), worldSeed, turns });
  }
  return out;
}
