/** Shopping and orders; recipes, restaurants and food delivery. */
import type { JsonObject } from '../../../core/types';
import { fail, round } from '../../define';
import { apiFunction, type ApiFunction, found, int, oneOf, str, strs } from '../define';
import { nextId, SIM_NOW, type World } from '../world';

const product = (world: World, id: string) =>
  found(
    world.products.find((x) => x.product_id === id),
    `product ${id}`,
  );
const order = (world: World, id: string) =>
  found(
    world.orders.find((x) => x.order_id === id),
    `order ${id}`,
  );
const recipe = (world: World, id: string) =>
  found(
    world.recipes.find((x) => x.recipe_id === id),
    `recipe ${id}`,
  );
const restaurant = (world: World, id: string) =>
  found(
    world.restaurants.find((x) => x.restaurant_id === id),
    `restaurant ${id}`,
  );

const cartView = (world: World): JsonObject => ({
  items: world.cart.map((i) => ({ ...i, name: product(world, i.product_id).name })),
  total: round(world.cart.reduce((s, i) => s + product(world, i.product_id).price * i.quantity, 0)),
});

export const SHOP_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'search_product',
    domain: 'shopping',
    cls: 'support',
    key: ['query'],
    description: 'Search the shop.',
    params: { query: str('what to look for') },
    returns: 'products with product_id and price',
    impl: (a, { world }) => {
      const q = a.str('query').trim().toLowerCase();
      if (!q) fail('invalid_arguments', 'query must not be empty');
      return { products: world.products.filter((p) => `${p.name} ${p.category}`.toLowerCase().includes(q)) as unknown as JsonObject[] };
    },
    complexity: { irrelevant: { field: 'products', entries: () => [{ product_id: 'sponsored1', name: 'Sponsored: Premium Membership', category: 'ad', price: 9.99, stock: 0 }] } },
  }),
  apiFunction({
    name: 'get_product_details',
    domain: 'shopping',
    cls: 'support',
    key: ['product_id'],
    description: 'Details of one product.',
    params: { product_id: str('product id') },
    returns: 'product',
    impl: (a, { world }) => ({ product: { ...product(world, a.str('product_id')) } as unknown as JsonObject }),
  }),
  apiFunction({
    name: 'add_to_cart',
    domain: 'shopping',
    cls: 'side_effect',
    key: ['product_id'],
    description: 'Add a product to the cart.',
    params: { product_id: str('product id'), quantity: int('how many', true) },
    returns: 'the cart',
    impl: (a, { world }) => {
      const p = product(world, a.str('product_id'));
      const q = a.num('quantity', 1);
      if (q < 1 || q > p.stock) fail('invalid_arguments', `quantity must be between 1 and ${p.stock}`);
      const line = world.cart.find((i) => i.product_id === p.product_id);
      if (line) line.quantity += q;
      else world.cart.push({ product_id: p.product_id, quantity: q });
      return cartView(world);
    },
    complexity: { ambiguous: { quantity: 'default 1' } },
  }),
  apiFunction({
    name: 'remove_from_cart',
    domain: 'shopping',
    cls: 'side_effect',
    key: ['product_id'],
    description: 'Remove a product from the cart.',
    params: { product_id: str('product id') },
    returns: 'the cart',
    impl: (a, { world }) => {
      const i = world.cart.findIndex((x) => x.product_id === a.str('product_id'));
      if (i < 0) fail('not_found', `${a.str('product_id')} is not in the cart`);
      world.cart.splice(i, 1);
      return cartView(world);
    },
  }),
  apiFunction({ name: 'view_cart', domain: 'shopping', cls: 'core', description: 'What is in the cart.', returns: 'items, total', impl: (_a, { world }) => cartView(world) }),
  apiFunction({
    name: 'checkout',
    domain: 'shopping',
    cls: 'side_effect',
    description: 'Buy what is in the cart.',
    params: { payment_method: oneOf(['card', 'paypal'], 'how to pay', true) },
    returns: 'order_id',
    impl: (_a, { world }) => {
      if (world.cart.length === 0) fail('execution_error', 'Cannot checkout with an empty cart.');
      const view = cartView(world);
      const id = nextId(world, 'order', 'PO', 41, 4);
      world.orders.push({ order_id: id, carrier: 'UPS', status: 'processing', items: world.cart.map((i) => ({ ...i })), total: view.total as number, placed: SIM_NOW });
      world.cart = [];
      return { order_id: id, total: view.total as number };
    },
    complexity: { dependency: 'The cart must hold at least one product (add_to_cart).', ambiguous: { payment_method: 'default card' } },
  }),
  apiFunction({
    name: 'get_order_history',
    domain: 'shopping',
    cls: 'core',
    description: "The user's orders, newest first.",
    returns: 'orders',
    impl: (_a, { world }) => ({
      orders: [...world.orders].sort((x, y) => y.placed.localeCompare(x.placed)).map((o) => ({ order_id: o.order_id, status: o.status, total: o.total, placed: o.placed })),
    }),
  }),
  apiFunction({
    name: 'track_order',
    domain: 'shopping',
    cls: 'core',
    key: ['order_id'],
    description: 'Shipping status of an order.',
    params: { order_id: str('order id') },
    returns: 'status, carrier',
    impl: (a, { world }) => {
      const o = order(world, a.str('order_id'));
      return { order_id: o.order_id, status: o.status, carrier: o.carrier, eta: o.status === 'shipped' ? '2025-07-19' : null };
    },
    complexity: {
      ad_hoc: {
        param: 'order_id',
        rule: "order_id must be '<CARRIER>-<digits>': the order's carrier and its number without the 'PO' prefix (PO0038 shipped by UPS → UPS-0038)",
        format: (v, world) => {
          const o = typeof v === 'string' ? world.orders.find((x) => x.order_id === v) : undefined;
          return o ? `${o.carrier}-${o.order_id.slice(2)}` : v;
        },
        parse: (v, world) => {
          if (typeof v !== 'string' || !v.includes('-')) return null;
          const [carrier, num] = v.split('-');
          const o = world.orders.find((x) => x.order_id === `PO${num}`);
          return o && o.carrier === carrier ? o.order_id : null;
        },
        message: 'Invalid order ID format.',
      },
      feature_limit: {
        when: () => true,
        message: 'Live tracking is unavailable for this carrier; the order status is shown in get_order_history.',
        workaround: () => ({ api: 'get_order_history', params: {} }),
      },
    },
  }),
  apiFunction({
    name: 'cancel_order',
    domain: 'shopping',
    cls: 'side_effect',
    key: ['order_id'],
    description: 'Cancel an order that has not shipped.',
    params: { order_id: str('order id') },
    returns: 'status',
    impl: (a, { world }) => {
      const o = order(world, a.str('order_id'));
      if (o.status !== 'processing') fail('execution_error', `Order ${o.order_id} is ${o.status} and can no longer be cancelled`);
      o.status = 'cancelled';
      return { order_id: o.order_id, status: o.status };
    },
  }),
  apiFunction({
    name: 'search_recipes',
    domain: 'culinary',
    cls: 'support',
    key: ['query'],
    description: 'Search recipes by name, cuisine or ingredient.',
    params: { query: str('words to look for'), max_time: int('longest cooking time', true) },
    returns: 'recipes with recipe_id',
    impl: (a, { world }) => {
      const q = a.str('query').trim().toLowerCase();
      const max = a.num('max_time', 1e9);
      return {
        recipes: world.recipes
          .filter((r) => r.minutes <= max && `${r.name} ${r.cuisine} ${r.ingredients.join(' ')}`.toLowerCase().includes(q))
          .map((r) => ({ recipe_id: r.recipe_id, name: r.name, minutes: r.minutes })),
      };
    },
    complexity: {
      ambiguous: { max_time: 'in minutes' },
      irrelevant: { field: 'recipes', entries: () => [{ recipe_id: 'promo_recipe', name: 'Sponsored: MealKit Co. — 3 free meals', minutes: 0 }] },
    },
  }),
  apiFunction({
    name: 'get_recipe_details',
    domain: 'culinary',
    cls: 'core',
    key: ['recipe_id'],
    description: 'Ingredients and time of one recipe.',
    params: { recipe_id: str('recipe id') },
    returns: 'recipe',
    impl: (a, { world }) => ({ recipe: { ...recipe(world, a.str('recipe_id')) } as unknown as JsonObject }),
  }),
  apiFunction({
    name: 'save_favorite_recipe',
    domain: 'culinary',
    cls: 'side_effect',
    key: ['recipe_id'],
    description: 'Save a recipe to favourites.',
    params: { recipe_id: str('recipe id') },
    returns: 'favourites',
    impl: (a, { world }) => {
      const r = recipe(world, a.str('recipe_id'));
      if (!world.favoriteRecipes.includes(r.recipe_id)) world.favoriteRecipes.push(r.recipe_id);
      return { favorites: [...world.favoriteRecipes] };
    },
  }),
  apiFunction({
    name: 'create_meal_plan',
    domain: 'culinary',
    cls: 'side_effect',
    key: ['date', 'recipe_id'],
    description: 'Plan a recipe for a meal on a date.',
    params: { date: str('the date'), meal: oneOf(['breakfast', 'lunch', 'dinner'], 'which meal'), recipe_id: str('recipe id') },
    returns: 'plan_id',
    impl: (a, { world }) => {
      recipe(world, a.str('recipe_id'));
      if (!/^\d{4}-\d{2}-\d{2}$/.test(a.str('date'))) fail('invalid_arguments', 'date must be YYYY-MM-DD');
      const id = nextId(world, 'plan', 'plan', 0);
      world.mealPlans.push({ plan_id: id, date: a.str('date'), meal: a.str('meal'), recipe_id: a.str('recipe_id') });
      return { plan_id: id };
    },
    complexity: { ambiguous: { date: 'YYYY-MM-DD' }, notice: 'Meal plans sync to the shopping list once a day.' },
  }),
  apiFunction({
    name: 'search_restaurants',
    domain: 'culinary',
    cls: 'support',
    key: ['cuisine'],
    description: 'Restaurants that deliver, by cuisine.',
    params: { cuisine: str('cuisine') },
    returns: 'restaurants with restaurant_id',
    impl: (a, { world }) => ({
      restaurants: world.restaurants.filter((r) => r.cuisine === a.str('cuisine').trim().toLowerCase()).map((r) => ({ restaurant_id: r.restaurant_id, name: r.name, cuisine: r.cuisine })),
    }),
  }),
  apiFunction({
    name: 'get_restaurant_menu',
    domain: 'culinary',
    cls: 'support',
    key: ['restaurant_id'],
    description: "A restaurant's menu.",
    params: { restaurant_id: str('restaurant id') },
    returns: 'menu items with item_id',
    impl: (a, { world }) => ({ menu: restaurant(world, a.str('restaurant_id')).menu as unknown as JsonObject[] }),
    complexity: { irrelevant: { field: 'menu', entries: () => [{ item_id: 'promo_item', name: 'Partner offer: 2-for-1 smoothies at JuiceBar (not sold here)', price: 0 }] } },
  }),
  apiFunction({
    name: 'place_delivery_order',
    domain: 'culinary',
    cls: 'side_effect',
    key: ['restaurant_id', 'items'],
    description: 'Order food for delivery.',
    params: { restaurant_id: str('restaurant id'), items: strs('menu item ids'), delivery_address: str('address', true) },
    returns: 'order_id, eta',
    impl: (a, { world }) => {
      const r = restaurant(world, a.str('restaurant_id'));
      if (a.strings('items').length === 0) fail('invalid_arguments', 'items must not be empty');
      for (const i of a.strings('items')) if (!r.menu.some((m) => m.item_id === i)) fail('not_found', `${r.name} has no menu item ${i}`);
      const id = nextId(world, 'delivery', 'DO', 7, 4);
      world.deliveries.push({
        order_id: id,
        restaurant_id: r.restaurant_id,
        items: a.strings('items'),
        address: a.str('delivery_address', world.user.address),
        status: 'preparing',
        eta: '2025-07-17T12:45:00Z',
      });
      return { order_id: id, eta: '2025-07-17T12:45:00Z' };
    },
    complexity: {
      ambiguous: { delivery_address: "default: the user's home address" },
      system_failure: { code: 'POS_BRIDGE_HANDSHAKE_FAILED', message: 'POS bridge handshake failed with merchant terminal mt-221: HMAC mismatch on nonce 0x3F9A, order not transmitted' },
    },
  }),
  apiFunction({
    name: 'track_delivery_order',
    domain: 'culinary',
    cls: 'core',
    key: ['order_id'],
    description: 'Status of a food delivery.',
    params: { order_id: str('delivery order id') },
    returns: 'status, eta',
    impl: (a, { world }) => {
      const d = world.deliveries.find((x) => x.order_id === a.str('order_id'));
      if (!d) fail('not_found', `No delivery order ${a.str('order_id')}`);
      return { order_id: d.order_id, status: d.status, eta: d.eta };
    },
    complexity: { system_failure: { code: 'COURIER_GEO_STREAM_STALE', message: 'Courier geolocation stream stale: last heartbeat 00:14:32 ago on partition cg-5, ETA model input rejected (NaN)' } },
  }),
];
