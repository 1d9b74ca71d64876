/**
 * WildAgtEval's CulinaryControlEnv: recipes and favourites, meal plans, restaurants and delivery
 * orders (`recipes.json`, `favorite_recipes.json`, `meal_plans.json`, `restaurants.json`,
 * `favorite_restaurants.json`, `delivery_orders.json`).
 */
import { hashString } from '../../../core/random';
import { newDict, pyEquals, pyStr, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import { dataList, isoSeconds, nextId, type WildFunction, type WildState } from './state';
import { switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, byNumber, byText, copyDict, idNumber, nextNumberedId, dict, fail, float, num, pyRound, str } from './values';

const recipes = (s: WildState): PyDict[] => asDicts(s.data.recipes);
const recipeById = (s: WildState, id: string | null): PyDict | undefined => recipes(s).find((r) => r.recipe_id === id);
const isFavoriteRecipe = (s: WildState, id: PyValue | undefined): boolean => asDicts(s.data.favorite_recipes).some((f) => f.user_id === s.user && f.recipe_id === id);
const restaurants = (s: WildState): PyDict[] => asDicts(s.data.restaurants);
const restaurantById = (s: WildState, id: string | null): PyDict | undefined => restaurants(s).find((r) => r.restaurant_id === id);

const sortedUnique = (xs: readonly PyValue[]): string[] => [...new Set(xs.filter((x): x is string => typeof x === 'string'))].sort();
const sameText = (a: PyValue | undefined, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

const RECIPE_FIELDS = ['recipe_id', 'name', 'cuisine', 'difficulty', 'preparation_time', 'rating'] as const;
const recipeRow = (r: PyDict, source?: string): PyDict =>
  dict({ ...Object.fromEntries(RECIPE_FIELDS.map((k) => [k, r[k] ?? null])), dietary_info: r.dietary_info ?? [], ...(source ? { source_type: source } : {}) });

const searchRecipes: WildFunction = (s, p) => {
  const query = p.query ?? null;
  const cuisine = p.cuisine ?? null;
  const difficulty = p.difficulty ?? null;
  const maxTime = p.max_time ?? null;
  const dietary = p.dietary ?? null;
  const sortBy = p.sort_by ?? null;
  if (maxTime !== null && (num(maxTime) ?? 0) < 0) return fail('Maximum time cannot be negative');
  if (difficulty !== null && !['easy', 'medium', 'hard'].includes(difficulty as string)) return fail('Difficulty must be one of: easy, medium, hard');
  if (sortBy !== null && !['time', 'rating', 'name'].includes(sortBy as string)) return fail('Sort option must be one of: time, rating, name');
  let limit: PyValue = p.limit === undefined ? 10 : p.limit;
  if (limit !== null && (num(limit) ?? 0) < 1) limit = 10;
  const q = truthy(query) ? pyStr(query).toLowerCase() : null;
  let results = recipes(s).filter(
    (r) =>
      (q === null ||
        pyStr(r.name ?? '')
          .toLowerCase()
          .includes(q) ||
        pyStr(r.description ?? '')
          .toLowerCase()
          .includes(q)) &&
      (!truthy(cuisine) || pyEquals(r.cuisine ?? null, cuisine)) &&
      (!truthy(difficulty) || pyEquals(r.difficulty ?? null, difficulty)) &&
      (maxTime === null || (num(r.preparation_time ?? 0) ?? 0) <= (num(maxTime) ?? 0)) &&
      (!truthy(dietary) || asList(dietary).every((d) => asList(r.dietary_info ?? []).some((x) => pyEquals(x, d)))),
  );
  if (sortBy === 'time') results = [...results].sort(byNumber('preparation_time'));
  else if (sortBy === 'rating') results = [...results].sort(byNumber('rating', true));
  else if (sortBy === 'name') results = [...results].sort(byText('name'));
  const n = num(limit);
  if (n !== null && n > 0) results = results.slice(0, n);
  const cuisines = [
    ...new Set(
      results
        .map((r) => r.cuisine ?? null)
        .filter(truthy)
        .map(String),
    ),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const irrelevant = switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'search_recipes');
  const response = dict({ success: true, count: results.length, cuisines, results: irrelevant ? mixedRecipes(s, results) : results.map((r) => recipeRow(r)) });
  if (!irrelevant) return Object.assign(response, dict({ message: results.length ? `Found ${results.length} recipe(s)` : 'No recipes found matching your criteria' }));
  const q2 = truthy(query) ? pyStr(query) : '';
  const c2 = truthy(cuisine) ? pyStr(cuisine) : '';
  const l2 = pyStr(limit);
  return Object.assign(
    response,
    dict({
      query_performance_metrics: dict({
        response_time_ms: 45 + (stringHash(q2) % 100),
        cache_hit_rate: float(pyRound(0.75 + (stringHash(c2) % 25) / 100, 2)),
        query_complexity_score: float(pyRound(2.5 + (stringHash(l2) % 3), 1)),
      }),
      content_freshness_indicators: dict({ data_staleness_hours: stringHash(l2) % 24, next_refresh_scheduled: '2024-12-15T03:00:00Z', content_accuracy_confidence: float(0.94) }),
    }),
  );
};

/**
 * Python's `hash(text)` decides four of search_recipes' metrics, and it differs per process; here a
 * stable hash of our own takes its place (0 for the empty string, as CPython's is).
 */
const stringHash = (text: string): number => (text === '' ? 0 : parseInt(hashString(text).slice(-8), 16));

/** Under the irrelevant-information switch: sponsored recipes, the results, similar and "AI" ones, padded towards 40. */
function mixedRecipes(s: WildState, results: readonly PyDict[]): PyDict[] {
  const all = recipes(s);
  const extra = Math.max(0, 40 - results.length);
  const similar = Math.floor(extra / 3);
  const sponsored = Math.floor(extra / 3);
  const ai = extra - similar - sponsored;
  const pad = (count: number, at: (i: number) => number, source: string) => (all.length ? Array.from({ length: count }, (_, i) => recipeRow(all[at(i) % all.length] as PyDict, source)) : []);
  return [
    ...pad(sponsored, (i) => i * 23 + 29, 'sponsored_content'),
    ...results.map((r) => recipeRow(r, 'search_result')),
    ...pad(similar, (i) => i * 13 + 17, 'similar_recipes'),
    ...pad(ai, (i) => i * 31 + 37, 'ai_recommendations'),
  ];
}

const getRecipeDetails: WildFunction = (s, p) => {
  const id = str(p.recipe_id);
  if (!id) return fail('Recipe ID is required');
  const recipe = recipeById(s, id);
  if (!recipe) return fail(`Recipe with ID ${id} not found`);
  const out = dict({ success: true });
  for (const k of Object.keys(recipe)) out[k] = recipe[k] as PyValue;
  if (!('author' in out)) out.author = '';
  out.is_favorite = isFavoriteRecipe(s, id);
  out.formatted = `${String(recipe.name)} - ${String(recipe.description ?? '').slice(0, 100)}... (${String(recipe.preparation_time)} min, ${String(recipe.difficulty)} difficulty)`;
  return out;
};

const saveFavoriteRecipe: WildFunction = (s, p) => {
  const id = str(p.recipe_id);
  if (!id) return fail('Recipe ID is required');
  const recipe = recipeById(s, id);
  if (!recipe) return fail(`Recipe with ID ${id} not found`);
  if (isFavoriteRecipe(s, id)) return dict({ success: true, message: `Recipe '${String(recipe.name)}' is already in favorites`, already_favorite: true });
  dataList(s, 'favorite_recipes').push(dict({ user_id: s.user, recipe_id: id, date_added: isoSeconds(s.now) }));
  return dict({ success: true, message: `Recipe '${String(recipe.name)}' has been added to favorites`, already_favorite: false, recipe_id: id, recipe_name: recipe.name ?? null });
};

const DAY_MS = 86_400_000;

/** datetime.strptime(text, "%Y-%m-%d").date() as days since the epoch, or null where Python raises ValueError. */
function pyDate(text: string): number | null {
  const m = /^(\d{4})-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  return y >= 1 && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t / DAY_MS : null;
}

const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'];

const createMealPlan: WildFunction = (s, p) => {
  const name = p.name ?? null;
  if (!truthy(name)) return fail('Meal plan name is required');
  const start = p.start_date ?? null;
  const end = p.end_date ?? null;
  if (!truthy(start) || !truthy(end)) return fail('Start and end dates are required');
  const from = pyDate(String(start));
  const to = pyDate(String(end));
  if (from === null || to === null) return fail('Invalid date format. Use YYYY-MM-DD');
  if (to < from) return fail('End date must be on or after start date');
  if (to - from > 28) return fail('Meal plan duration cannot exceed 28 days');
  let meals: PyValue = p.meals_per_day ?? null;
  if (truthy(meals)) {
    for (const meal of asList(meals)) if (typeof meal !== 'string' || !MEAL_TYPES.includes(meal)) return fail(`Invalid meal type: ${pyStr(meal)}. Valid types are: ${MEAL_TYPES.join(', ')}`);
  } else meals = ['breakfast', 'lunch', 'dinner'];
  const planId = nextNumberedId(dataList(s, 'meal_plans'), 'plan_id', 'plan');
  const days: PyDict[] = [];
  for (let day = from; day <= to; day++) days.push(dict({ day: new Date(day * DAY_MS).toISOString().slice(0, 10), meals: dict(Object.fromEntries(asList(meals).map((m) => [String(m), null]))) }));
  const description = p.description ?? null;
  dataList(s, 'meal_plans').push(
    dict({
      plan_id: planId,
      user_id: s.user,
      name,
      description: truthy(description) ? description : `Meal plan for ${pyStr(start)} to ${pyStr(end)}`,
      start_date: start,
      end_date: end,
      created_at: isoSeconds(s.now),
      meals: days,
      notes: '',
    }),
  );
  const shape = dict({ plan_id: planId, name, start_date: start, end_date: end, meals_per_day: meals, days_count: days.length });
  if (!switchOn(s, 'INFORMATIONAL_NOTICE', 'create_meal_plan')) return dict({ success: true, ...shape, message: `Meal plan '${pyStr(name)}' created successfully` });
  const warning =
    `To add recipes to your meal plan, use schedule_meal(). Example: query: "Add pasta recipe to dinner on January 15th" llm_response: "I will schedule that recipe for dinner on your meal plan. <API_CALL>\\n{"api": "schedule_meal", "params": {"plan_id": "${planId}", "recipe_id": "recipe989", "date": "2024-01-15", "meal_type": "dinner"}}\\n</API_CALL>" api_result: "{"success": true, "plan_id": "${planId}", "scheduled_meal": {... "recipe_id": "recipe989", ...}}" ` +
    `For recipe information, use get_recipe_details(). Example: query: "What ingredients do I need for recipe989?" llm_response: "Let me get the detailed information for that recipe. <API_CALL>\\n{"api": "get_recipe_details", "params": {"recipe_id": "recipe989"}}\\n</API_CALL>" api_result: "{"success": true, "recipe_id": "recipe989", ... }"`;
  return dict({ warning, ...shape });
};

const scheduleMeal: WildFunction = (s, p) => {
  const planId = str(p.plan_id);
  const recipeId = str(p.recipe_id);
  const day = str(p.day);
  const mealType = str(p.meal_type);
  if (!planId || !recipeId || !day || !mealType) return fail('plan_id, recipe_id, day and meal_type are required');
  const plan = asDicts(s.data.meal_plans).find((m) => m.plan_id === planId && m.user_id === s.user);
  if (!plan) return fail(`Meal plan ${planId} not found`);
  const recipe = recipeById(s, recipeId);
  if (!recipe) return fail(`Recipe with ID ${recipeId} not found`);
  const entry = asDicts(plan.meals).find((d) => d.day === day);
  if (!entry) return fail(`Day ${day} is not in meal plan ${planId}`);
  const slots = entry.meals !== null && typeof entry.meals === 'object' && !Array.isArray(entry.meals) ? (entry.meals as PyDict) : dict({});
  slots[mealType] = dict({ recipe_id: recipeId, notes: str(p.notes) ?? '' });
  entry.meals = slots;
  return dict({ success: true, plan_id: planId, day, meal_type: mealType, recipe_id: recipeId, recipe_name: recipe.name ?? null, message: `Added ${String(recipe.name)} to ${mealType} on ${day}` });
};

const searchRestaurants: WildFunction = (s, p) => {
  const cuisine = str(p.cuisine_type);
  const query = str(p.query)?.toLowerCase() ?? null;
  const limit = num(p.limit) ?? 10;
  let found = restaurants(s).filter(
    (r) =>
      (cuisine === null || asList(r.cuisine_types).some((c) => sameText(c, cuisine))) &&
      (query === null ||
        String(r.name ?? '')
          .toLowerCase()
          .includes(query) ||
        String(r.description ?? '')
          .toLowerCase()
          .includes(query)),
  );
  if (str(p.sort_by) === 'rating') found = [...found].sort(byNumber('rating', true));
  const results = found.slice(0, Math.max(0, limit)).map((r) =>
    dict({
      restaurant_id: r.restaurant_id ?? null,
      name: r.name ?? null,
      location: r.location ?? null,
      cuisine_types: r.cuisine_types ?? [],
      price_range: r.price_range ?? null,
      rating: r.rating ?? null,
      delivery_available: r.delivery_available ?? null,
      menu_item_count: asList(r.menu).length,
    }),
  );
  return dict({ success: true, count: results.length, cuisines: sortedUnique(results.flatMap((r) => asList(r.cuisine_types))), results, message: `Found ${results.length} restaurant(s)` });
};

/** helpers.get_restaurant_menu: the menu of the restaurant with that id ([] for none). */
const menuOf = (s: WildState, id: PyValue): PyDict[] => asDicts(asDicts(s.data.restaurants).find((r) => pyEquals(r.restaurant_id ?? null, id))?.menu ?? []);

/** A menu item as the irrelevant-information additions show it: without category, popular and description. */
function simplified(item: PyDict): PyDict {
  const copy = copyDict(item);
  delete copy.category;
  delete copy.popular;
  delete copy.description;
  return copy;
}

/** Items by category, in first-seen order of the categories. */
function byCategory(items: readonly PyDict[], shape: (item: PyDict) => PyDict): PyDict {
  const menu = newDict();
  for (const item of items) {
    const category = pyStr(item.category ?? 'Uncategorized');
    const list = (menu[category] as PyValue[] | undefined) ?? [];
    list.push(shape(item));
    menu[category] = list;
  }
  return menu;
}

const sortedKeys = (d: PyDict): string[] => Object.keys(d).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The other restaurants the irrelevant-information switch shows, at `(n*factor + i*step) % count` for i < count. */
function otherRestaurants(s: WildState, n: number, factor: number, step: number, count: number, cuisines: number | null): PyDict[] {
  const all = asList(s.data.restaurants);
  if (all.length === 0) return [];
  return Array.from({ length: count }, (_, i) => {
    const r = asDict(all[(n * factor + i * step) % all.length]) ?? dict({});
    const id = r.restaurant_id ?? null;
    const menu = byCategory(menuOf(s, id).slice(0, 6), simplified);
    return dict({
      restaurant_id: id,
      name: r.name ?? null,
      rating: r.rating ?? null,
      ...(cuisines === null ? {} : { cuisine_types: asList(r.cuisine_types ?? []).slice(0, cuisines) }),
      menu_categories: sortedKeys(menu),
      menu,
    });
  });
}

const getRestaurantMenu: WildFunction = (s, p) => {
  const id = p.restaurant_id ?? null;
  if (!truthy(id)) return fail('Restaurant ID is required');
  const r = asDicts(s.data.restaurants).find((x) => pyEquals(x.restaurant_id ?? null, id));
  if (!r) return fail(`Restaurant with ID '${pyStr(id)}' not found`);
  const menu = byCategory(menuOf(s, id), copyDict);
  const irrelevant = switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'get_restaurant_menu');
  const n = idNumber(id, 'rest');
  if (irrelevant) {
    // items of two sponsors, then of two "AI" picks, mixed into the categories the menu already has
    const all = asList(s.data.restaurants);
    for (const [factor, step, source] of [
      [23, 41, 'sponsored'],
      [31, 37, 'ai_recommended'],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const other = asDict(all[(n * factor + i * step) % all.length]) ?? dict({});
        for (const item of menuOf(s, other.restaurant_id ?? null).slice(0, 4)) {
          const category = pyStr(item.category ?? 'Uncategorized');
          const list = menu[category];
          if (Array.isArray(list))
            list.push(Object.assign(simplified(item), dict({ source_restaurant_id: other.restaurant_id ?? null, source_restaurant_name: other.name ?? null, source_type: source })));
        }
      }
    }
  }
  const favorite = truthy(s.user) && asDicts(s.data.favorite_restaurants).some((f) => f.user_id === s.user && pyEquals(f.restaurant_id ?? null, id));
  const about = dict({
    restaurant_id: id,
    restaurant_name: r.name ?? null,
    description: r.description ?? null,
    price_range: r.price_range ?? null,
    rating: r.rating ?? null,
    cuisine_types: r.cuisine_types ?? [],
    delivery_available: r.delivery_available ?? false,
    menu_categories: sortedKeys(menu),
    menu,
    is_favorite: favorite,
  });
  const head = dict({ success: true, message: `Retrieved menu for ${pyStr(r.name ?? null)}` });
  if (!irrelevant) return Object.assign(head, about);
  return Object.assign(
    head,
    dict({ sponsored_restaurants: otherRestaurants(s, n, 23, 41, 2, 2) }),
    about,
    dict({ ai_recommendations: otherRestaurants(s, n, 31, 37, 1, 1), similar_restaurants: otherRestaurants(s, n, 13, 17, 1, null) }),
  );
};

const TAX_RATE = 0.0875;
const DELIVERY_FEE = 5.99;
const TIP_RATE = 0.15;

const placeDeliveryOrder: WildFunction = (s, p) => {
  const id = str(p.restaurant_id);
  if (!id) return fail('Restaurant ID is required');
  const r = restaurantById(s, id);
  if (!r) return fail(`Restaurant with ID ${id} not found`);
  if (r.delivery_available === false) return fail(`${String(r.name)} does not offer delivery`);
  const wanted = asDicts(p.items);
  if (wanted.length === 0) return fail('No items specified');
  const menu = asDicts(r.menu);
  const lines: PyDict[] = [];
  let subtotal = 0;
  for (const w of wanted) {
    const item = menu.find((m) => m.item_id === w.item_id);
    if (!item) return fail(`Item ${String(w.item_id)} not found on the menu of ${String(r.name)}`);
    const quantity = num(w.quantity) ?? 1;
    subtotal += (num(item.price) ?? 0) * quantity;
    lines.push(dict({ item_id: item.item_id ?? null, name: item.name ?? null, quantity, price: item.price ?? null, special_instructions: str(w.special_instructions) ?? '' }));
  }
  subtotal = pyRound(subtotal, 2);
  const tax = pyRound(subtotal * TAX_RATE, 2);
  const tip = pyRound(subtotal * TIP_RATE, 2);
  const total = pyRound(subtotal + tax + DELIVERY_FEE + tip, 2);
  const failure = systemFailure(s, 'place_delivery_order');
  if (failure) return failure;
  const orderId = `dorder${nextId(s, 'delivery_order')}`;
  const time = isoSeconds(s.now);
  dataList(s, 'delivery_orders').push(
    dict({
      order_id: orderId,
      user_id: s.user,
      restaurant_id: id,
      order_time: time,
      delivery_address: p.delivery_address ?? null,
      items: lines,
      payment: dict({ subtotal: float(subtotal), tax: float(tax), delivery_fee: float(DELIVERY_FEE), tip: float(tip), total: float(total) }),
      status: 'placed',
      status_updates: [dict({ status: 'placed', timestamp: time })],
      estimated_delivery_time: '',
    }),
  );
  return dict({
    success: true,
    order_id: orderId,
    restaurant_name: r.name ?? null,
    order_time: time,
    status: 'placed',
    items_count: lines.length,
    subtotal: float(subtotal),
    tax: float(tax),
    delivery_fee: float(DELIVERY_FEE),
    tip: float(tip),
    total: float(total),
    message: 'Your order has been placed successfully',
  });
};

/** What tracking says for each status; only `placed` is seen in the traces, the rest follow its pattern. */
const DELIVERY_STATUS: Readonly<Record<string, [string, number]>> = {
  placed: ['Order has been placed and is pending restaurant confirmation.', 10],
  confirmed: ['Restaurant has confirmed your order.', 25],
  preparing: ['Restaurant is preparing your order.', 50],
  ready_for_pickup: ['Order is ready and waiting for the driver.', 70],
  out_for_delivery: ['Driver is on the way with your order.', 85],
  delivered: ['Order has been delivered.', 100],
  cancelled: ['Order has been cancelled.', 0],
};

const trackDeliveryOrder: WildFunction = (s, p) => {
  const failure = systemFailure(s, 'track_delivery_order');
  if (failure) return failure;
  const id = str(p.order_id);
  if (!id) return fail('Order ID is required');
  const order = asDicts(s.data.delivery_orders).find((o) => o.order_id === id && o.user_id === s.user);
  if (!order) return fail(`Delivery order ${id} not found`);
  const status = str(order.status) ?? 'placed';
  const [statusMessage, progress] = DELIVERY_STATUS[status] ?? [`Order status: ${status}.`, 0];
  return dict({
    success: true,
    order_id: id,
    restaurant_name: restaurantById(s, str(order.restaurant_id))?.name ?? null,
    status,
    status_message: statusMessage,
    progress_percentage: progress,
    status_history: order.status_updates ?? [],
    estimated_delivery_time: order.estimated_delivery_time ?? '',
    driver_info: order.driver_info ?? null,
    message: `Tracked order ${id}: ${statusMessage}`,
  });
};

// create_custom_recipe: no trace calls it; written from its spec
const createCustomRecipe: WildFunction = (s, p) => {
  const name = str(p.name);
  if (!name) return fail('Recipe name is required');
  if (asList(p.ingredients).length === 0) return fail('At least one ingredient is required');
  if (asList(p.instructions).length === 0) return fail('At least one instruction step is required');
  const difficulty = str(p.difficulty) ?? 'medium';
  if (!['easy', 'medium', 'hard'].includes(difficulty)) return fail("Difficulty must be one of 'easy', 'medium', or 'hard'");
  if ((num(p.preparation_time) ?? 0) < 0 || (num(p.cooking_time) ?? 0) < 0) return fail('Preparation and cooking times cannot be negative');
  if ((num(p.servings) ?? 4) <= 0) return fail('Number of servings must be positive');
  const list = dataList(s, 'recipes');
  const id = `recipe${list.length + 1}`;
  const recipe = dict({
    recipe_id: id,
    name,
    description: str(p.description) ?? '',
    cuisine: str(p.cuisine) ?? 'Other',
    difficulty,
    preparation_time: p.preparation_time ?? 0,
    cooking_time: p.cooking_time ?? 0,
    servings: p.servings ?? 4,
    ingredients: p.ingredients ?? [],
    instructions: p.instructions ?? [],
    dietary_info: p.dietary_info ?? [],
    tags: p.tags ?? [],
    author: s.user,
  });
  list.push(recipe);
  return dict({ success: true, recipe_id: id, name, message: `Recipe '${name}' created successfully` });
};

/**
 * The traces' selection depends on Python's random state, which cannot be reproduced here: the
 * format is the traces', the choice deterministic (favourites first, then by rating).
 */
const getMealSuggestions: WildFunction = (s, p) => {
  const mealType = str(p.meal_type);
  if (mealType !== null && !['breakfast', 'lunch', 'dinner', 'snack'].includes(mealType)) return fail("meal_type must be one of 'breakfast', 'lunch', 'dinner', or 'snack'");
  const count = num(p.count) ?? 3;
  if (count < 1 || count > 10) return fail('count must be between 1 and 10');
  const dietary = asList(p.dietary).filter((d): d is string => typeof d === 'string');
  const cuisine = str(p.cuisine);
  const maxTime = num(p.max_time);
  const candidates = recipes(s).filter(
    (r) =>
      dietary.every((d) => asList(r.dietary_info).some((x) => sameText(x, d))) &&
      (cuisine === null || sameText(r.cuisine, cuisine)) &&
      (maxTime === null || (num(r.preparation_time) ?? Infinity) <= maxTime),
  );
  if (candidates.length === 0) return fail('No recipes match the specified criteria');
  const ranked = [...candidates].sort((a, b) => Number(isFavoriteRecipe(s, b.recipe_id)) - Number(isFavoriteRecipe(s, a.recipe_id)) || (num(b.rating) ?? 0) - (num(a.rating) ?? 0));
  const suggestions = ranked.slice(0, count).map((r) =>
    dict({
      recipe_id: r.recipe_id ?? null,
      name: r.name ?? null,
      cuisine: r.cuisine ?? null,
      difficulty: r.difficulty ?? null,
      preparation_time: r.preparation_time ?? null,
      dietary_info: r.dietary_info ?? [],
      rating: r.rating ?? null,
      is_favorite: isFavoriteRecipe(s, r.recipe_id),
    }),
  );
  return dict({ success: true, count: suggestions.length, suggestions, dietary_info: dietary, user_preferences_applied: true, message: `Suggested recipes${mealType ? ` for ${mealType}` : ''}` });
};

export const CULINARY_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  search_recipes: searchRecipes,
  get_recipe_details: getRecipeDetails,
  save_favorite_recipe: saveFavoriteRecipe,
  create_meal_plan: createMealPlan,
  schedule_meal: scheduleMeal,
  search_restaurants: searchRestaurants,
  get_restaurant_menu: getRestaurantMenu,
  place_delivery_order: placeDeliveryOrder,
  track_delivery_order: trackDeliveryOrder,
  create_custom_recipe: createCustomRecipe,
  get_meal_suggestions: getMealSuggestions,
};
