/**
 * WildAgtEval's 84 executable functions in the order its seven environments register them (the
 * order its "not found" answer lists them in), and `invokeWildTool`, its `invoke_tool`: route a
 * call, tag the result with the environment, print it as Python's json.dumps does.
 */
import { isDict, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import { pyJsonDumps } from '../../../core/py-json';
import type { WildFunction, WildState } from './state';
import { COMMUNICATION_FUNCTIONS } from './communication';
import { CULINARY_FUNCTIONS } from './culinary';
import { INFORMATION_FUNCTIONS } from './information';
import { MEDIA_FUNCTIONS } from './media';
import { SMARTHOME_FUNCTIONS } from './smarthome';
import { TIME_NOTIFICATION_FUNCTIONS } from './time-notification';
import { TRANSACTION_FUNCTIONS } from './transaction';
import { dict } from './values';

const ENVIRONMENTS = [
  {
    env: 'SmartHomeEnv',
    functions: [
      'power_on',
      'power_off',
      'brightness_adjust',
      'color_set',
      'temperature_set',
      'mode_set',
      'volume_adjust',
      'channel_change',
      'lock_lock',
      'lock_unlock',
      'lock_status',
      'open_open',
      'open_close',
      'open_set_position',
      'get_device_details',
      'get_group_devices',
      'get_user_inventory',
    ],
  },
  {
    env: 'InformationControlEnv',
    functions: [
      'news_personalized',
      'stock_watchlist',
      'knowledge_lookup',
      'user_preferences',
      'query_history',
      'weather_current',
      'news_by_category',
      'news_latest',
      'weather_forecast',
      'source_list',
      'stock_price',
      'weather_alerts',
    ],
  },
  {
    env: 'MediaControlEnv',
    functions: [
      'play',
      'pause',
      'resume',
      'stop',
      'next',
      'previous',
      'fast_forward',
      'rewind',
      'set_playback_speed',
      'search_media',
      'get_media_details',
      'create_playlist',
      'add_to_playlist',
      'get_playlists',
      'get_playback_status',
      'shuffle',
      'search_by_artist',
    ],
  },
  {
    env: 'TransactionEnv',
    functions: [
      'search_product',
      'get_product_details',
      'add_to_cart',
      'remove_from_cart',
      'view_cart',
      'update_cart_quantity',
      'clear_cart',
      'checkout',
      'get_order_history',
      'get_order_details',
      'track_order',
      'cancel_order',
    ],
  },
  {
    env: 'CulinaryControlEnv',
    functions: [
      'search_recipes',
      'get_recipe_details',
      'save_favorite_recipe',
      'create_custom_recipe',
      'create_meal_plan',
      'get_meal_suggestions',
      'schedule_meal',
      'search_restaurants',
      'get_restaurant_menu',
      'place_delivery_order',
      'track_delivery_order',
    ],
  },
  { env: 'CommunicationController', functions: ['find_contact', 'make_call', 'end_call', 'send_message', 'get_messages', 'get_call_history', 'find_call_device'] },
  {
    env: 'TimeNotificationEnv',
    functions: ['create_alarm', 'get_alarms', 'delete_alarm', 'create_reminder', 'get_reminders', 'create_notification', 'get_notifications', 'set_notification_preferences'],
  },
] as const;

export const WILD_FUNCTION_NAMES: readonly string[] = ENVIRONMENTS.flatMap((e) => e.functions);
const ENVIRONMENT_OF = new Map<string, string>(ENVIRONMENTS.flatMap((e) => e.functions.map((f) => [f, e.env] as const)));

const IMPLEMENTED: ReadonlyMap<string, WildFunction> = new Map(
  Object.entries({ ...SMARTHOME_FUNCTIONS, ...INFORMATION_FUNCTIONS, ...MEDIA_FUNCTIONS, ...TRANSACTION_FUNCTIONS, ...CULINARY_FUNCTIONS, ...COMMUNICATION_FUNCTIONS, ...TIME_NOTIFICATION_FUNCTIONS }),
);

/** Functions neither a gold call of the 50-conversation set nor a scenario payload exercises: written from their specs and error cases alone. */
export const SPEC_ONLY_FUNCTIONS: ReadonlySet<string> = new Set([
  'mode_set',
  'channel_change',
  'open_set_position',
  'get_group_devices',
  'user_preferences',
  'query_history',
  'source_list',
  'next',
  'previous',
  'set_playback_speed',
  'shuffle',
  'remove_from_cart',
  'update_cart_quantity',
  'clear_cart',
  'create_custom_recipe',
]);

export const implementedWildFunctions = (): string[] => WILD_FUNCTION_NAMES.filter((n) => IMPLEMENTED.has(n));

export interface WildCallOutcome {
  /** the result as the evaluator stores it (Python's json.dumps) */
  text: string;
  /** the result as a value (a text answer stays text) */
  result: PyDict | string;
  /** the evaluator's success flag: the result's `success`, a missing one counting as true; for a text answer, no "error" or "failed" in it */
  success: boolean;
  /** false for a function of the system this re-implementation does not have yet */
  implemented: boolean;
}

function outcome(result: PyDict | string, implemented = true): WildCallOutcome {
  if (typeof result === 'string') return { text: result, result, success: !/error|failed/i.test(result), implemented };
  return { text: pyJsonDumps(result), result, success: result.success !== false && result.success !== null && result.success !== 0, implemented };
}

export function invokeWildTool(state: WildState, name: string, params: PyValue): WildCallOutcome {
  const env = ENVIRONMENT_OF.get(name);
  if (env === undefined) return outcome(dict({ success: false, message: `Tool '${name}' not found in any environment`, available_tools: [...WILD_FUNCTION_NAMES] }));
  const fn = IMPLEMENTED.get(name);
  if (!fn) return outcome(dict({ success: false, message: `fc-playground does not re-implement WildAgtEval's ${name} yet` }), false);
  const args = params !== null && isDict(params) ? params : dict({});
  let result: PyDict | string;
  try {
    result = fn(state, args);
  } catch (e) {
    // what the environment answers when a tool raises; a bug here must not end a run either
    result = dict({ success: false, message: `Error invoking tool '${name}': ${e instanceof Error ? e.message : String(e)}` });
  }
  // the registry tags results whose `success` is truthy (a notice response, which has none, is not tagged)
  if (typeof result !== 'string' && truthy(result.success ?? false)) result._environment = env;
  return outcome(result);
}
