/**
 * WildAgtEval's analyzer (`unified_analyzer.py --ad_hoc`) as configured in its repository: the
 * classification of `configs/api_classification.yaml`, the key-parameter table and ad-hoc list
 * written in the analyzer's code, and its two hard-coded label fixes. With these tables the
 * per-turn rules of `api-accuracy` give the analyzer's verdicts on WildAgtEval's own result logs.
 * (WildAgtEval, Kim et al.; data CC BY 4.0. See ../shared/reference/wildagteval/PROTOCOL.md §5.1.)
 */
import { canonicalJson } from '../../core/canonical-json';
import { type ApiCallRecord, type ApiScoringTable, type ApiStep, rulesFromTable, scoreApiTurn, type TurnVerdict } from '../../scoring/api-accuracy';

export const WILDAGTEVAL_SCORING: ApiScoringTable = {
  sideEffect: [
    ...['add_to_cart', 'remove_from_cart', 'update_cart_quantity', 'checkout', 'clear_cart', 'cancel_order'],
    ...[
      'power_on',
      'power_off',
      'color_set',
      'brightness_adjust',
      'temperature_set',
      'lock_lock',
      'lock_unlock',
      'mode_set',
      'open_close',
      'open_open',
      'open_set_position',
      'channel_change',
      'volume_adjust',
    ],
    ...['make_call', 'end_call', 'send_message'],
    ...['play', 'pause', 'stop', 'next', 'previous', 'volume_set', 'add_to_playlist', 'create_playlist', 'fast_forward', 'resume', 'rewind', 'set_playback_speed', 'shuffle'],
    ...['create_meal_plan', 'schedule_meal', 'save_favorite_recipe', 'create_custom_recipe', 'place_delivery_order'],
    ...['create_alarm', 'create_notification', 'create_reminder', 'delete_alarm', 'set_notification_preferences'],
  ],
  core: [
    ...['track_order', 'get_order_details', 'get_order_history', 'view_cart', 'lock_status'],
    ...['stock_price', 'weather_current', 'weather_forecast', 'knowledge_lookup', 'get_call_history', 'get_messages'],
    ...['get_recipe_details', 'track_delivery_order', 'get_alarms', 'get_notifications', 'get_reminders'],
  ],
  support: [
    ...['search_product', 'get_product_details', 'get_user_inventory', 'get_device_details', 'find_device_by_name', 'get_group_devices'],
    ...['stock_watchlist', 'news_by_category', 'news_latest', 'news_personalized', 'query_history', 'source_list', 'user_preferences', 'weather_alerts'],
    ...['find_contact', 'find_call_device', 'search_media', 'get_playlists', 'get_media_details', 'get_playback_status'],
    ...['search_recipes', 'get_meal_suggestions', 'search_restaurants', 'get_restaurant_menu', 'view_delivery_order'],
  ],
  keyParams: {
    brightness_adjust: ['endpoints'],
    volume_adjust: ['endpoints'],
    get_group_devices: [],
    get_user_inventory: [],
    get_messages: [],
    add_to_cart: ['product_id'],
    remove_from_cart: ['product_id'],
    update_cart_quantity: ['product_id', 'quantity'],
    track_order: ['order_id'],
    get_order_history: ['user_id'],
    cancel_order: ['order_id'],
    make_call: ['phone_number'],
    send_message: ['recipient', 'message'],
    get_call_history: ['time_range'],
    stock_price: ['symbol'],
    weather_current: ['location'],
    weather_forecast: ['location'],
    knowledge_lookup: ['keyword'],
    news_by_category: ['category'],
    weather_alerts: ['location'],
    search_product: ['query'],
    get_recipe_details: ['recipe_id'],
    search_recipes: ['query'],
    save_favorite_recipe: ['recipe_id'],
    place_delivery_order: ['restaurant_id', 'items', 'delivery_address'],
    track_delivery_order: ['order_id'],
    get_restaurant_menu: ['restaurant_id'],
    view_delivery_order: ['order_id'],
    play: ['endpoints', 'media_id'],
    set_playback_speed: ['endpoints', 'speed'],
    get_media_details: ['media_id'],
    add_to_playlist: ['playlist_id', 'media_ids'],
    create_playlist: ['title'],
  },
  adHoc: ['make_call', 'get_call_history', 'play', 'color_set', 'lock_lock', 'lock_unlock', 'stock_price', 'track_order'],
  looseParams: { weather_current: ['location'], weather_forecast: ['location'], weather_alerts: ['location'] },
};

const WILDAGTEVAL_RULES = rulesFromTable(WILDAGTEVAL_SCORING);

const same = (call: ApiCallRecord | undefined, api: string, params?: object): boolean =>
  call?.api === api && (params === undefined || canonicalJson(call.params) === canonicalJson(params as ApiCallRecord['params']));

/** The gold sequence the analyzer rewrites: calling Jessica Carter on device 17 needs no power_on (the device is on). */
function isJessicaCarterCall(expected: readonly ApiCallRecord[]): boolean {
  return (
    expected.length === 4 &&
    same(expected[0], 'find_contact', { query: 'Jessica Carter', search_type: 'name', limit: 1 }) &&
    same(expected[1], 'find_call_device', {}) &&
    same(expected[2], 'power_on', { endpoints: ['17'] }) &&
    same(expected[3], 'make_call')
  );
}

/** The analyzer's `_preprocess_expected_apis`: drop every expected `lock_lock` whose endpoints mention "29"; the one hard-coded sequence loses its power_on. */
export function fixWildAgtEvalLabels(expected: readonly ApiCallRecord[]): ApiCallRecord[] {
  const kept = expected.filter((c) => !(c.api === 'lock_lock' && JSON.stringify(c.params.endpoints ?? null).includes('29')));
  return isJessicaCarterCall(kept) ? kept.filter((_, i) => i !== 2) : kept;
}

/** One turn of a WildAgtEval result log as its analyzer scores it. */
export function scoreWildAgtEvalTurn(expected: readonly ApiCallRecord[], steps: readonly ApiStep[]): TurnVerdict {
  return scoreApiTurn(fixWildAgtEvalLabels(expected), steps, WILDAGTEVAL_RULES);
}
