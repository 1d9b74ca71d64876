/**
 * WildAgtEval's TransactionEnv: products, the current user's cart and orders
 * (`products.json`, `shopping_carts.json`, `orders.json`). Results as its tools return them,
 * read off the specs, error cases and execution traces in ../shared/reference/wildagteval.
 */
import type { PyDict, PyValue } from '../../../core/pyvalue';
import { dataList, isoSeconds, nextId, type WildFunction, type WildState } from './state';
import { switchOn } from './switches';
import { asDict, asDicts, byNumber, byText, dict, fail, float, num, pick, pyRound, str } from './values';

const products = (s: WildState): PyDict[] => asDicts(s.data.products);
const productById = (s: WildState, id: string | null): PyDict | undefined => products(s).find((p) => p.product_id === id);

function cartOf(s: WildState): PyDict {
  const carts = asDict(s.data.shopping_carts) ?? dict({});
  s.data.shopping_carts = carts;
  const existing = asDict(carts[s.user]);
  if (existing) return existing;
  const created = dict({ items: [], total: float(0) });
  carts[s.user] = created;
  return created;
}

const cartItems = (cart: PyDict): PyDict[] => asDicts(cart.items);

function recomputeTotal(cart: PyDict): number {
  let total = 0;
  for (const item of cartItems(cart)) total += (num(item.price) ?? 0) * (num(item.quantity) ?? 0);
  const rounded = pyRound(total, 2);
  cart.total = float(rounded);
  return rounded;
}

const money = (x: number): string => x.toFixed(2);

const userOrders = (s: WildState): PyDict[] => asDicts(s.data.orders).filter((o) => o.user_id === s.user);

const searchProduct: WildFunction = (s, p) => {
  const query = (str(p.query) ?? '').toLowerCase();
  const category = str(p.category);
  const min = num(p.min_price);
  const max = num(p.max_price);
  const limit = num(p.limit) ?? 10;
  let found = products(s).filter((x) => {
    const price = num(x.price) ?? 0;
    if (
      query &&
      !(
        String(x.name ?? '')
          .toLowerCase()
          .includes(query) ||
        String(x.description ?? '')
          .toLowerCase()
          .includes(query)
      )
    )
      return false;
    if (category !== null && x.category !== category) return false;
    if (min !== null && price < min) return false;
    if (max !== null && price > max) return false;
    return true;
  });
  const sortBy = str(p.sort_by);
  // Python's sort is stable, as Array.prototype.sort is
  if (sortBy === 'price') found = [...found].sort(byNumber('price'));
  else if (sortBy === 'price_desc') found = [...found].sort(byNumber('price', true));
  else if (sortBy === 'rating') found = [...found].sort(byNumber('rating', true));
  else if (sortBy === 'name') found = [...found].sort(byText('name'));
  const results = found
    .slice(0, Math.max(0, limit))
    .map((x) => dict({ product_id: x.product_id ?? null, name: x.name ?? null, price: x.price ?? null, category: x.category ?? null, stock: x.stock ?? null }));
  const categories: string[] = [];
  for (const r of results) if (typeof r.category === 'string' && !categories.includes(r.category)) categories.push(r.category);
  return dict({ success: true, count: results.length, categories, results, message: `Found ${results.length} product(s)` });
};

const getProductDetails: WildFunction = (s, p) => {
  const id = str(p.product_id);
  if (!id) return fail('Product ID is required');
  const product = productById(s, id);
  if (!product) return fail(`Product with ID '${id}' not found`);
  return dict({ success: true, details: product, message: `Retrieved details for '${String(product.name)}'` });
};

const addToCart: WildFunction = (s, p) => {
  const id = str(p.product_id);
  if (!id) return fail('Product ID is required');
  const quantity = num(p.quantity) ?? 1;
  if (quantity <= 0) return fail('Quantity must be positive');
  const product = productById(s, id);
  if (!product) return fail(`Product with ID '${id}' not found`);
  const cart = cartOf(s);
  const items = cartItems(cart);
  const existing = items.find((i) => i.product_id === id);
  let line: PyDict;
  let message: string;
  if (existing) {
    existing.quantity = (num(existing.quantity) ?? 0) + quantity;
    line = existing;
    message = `Updated quantity of '${String(product.name)}' to ${String(existing.quantity)}`;
  } else {
    line = dict({ product_id: id, name: product.name ?? null, quantity, price: product.price ?? null, added_at: isoSeconds(s.now) });
    (cart.items as PyValue[]).push(line);
    message = `Added ${quantity} x '${String(product.name)}' to cart`;
  }
  const total = recomputeTotal(cart);
  return dict({ success: true, product: dict({ product_id: id, name: line.name ?? null, quantity: line.quantity ?? null, price: line.price ?? null }), cart_total: float(total), message });
};

const viewCart: WildFunction = (s) => {
  const cart = cartOf(s);
  const total = recomputeTotal(cart);
  const count = cartItems(cart).length;
  return dict({ success: true, cart: dict({ items: cart.items ?? [], total: float(total) }), item_count: count, message: `Cart has ${count} items with a total of $${money(total)}` });
};

const checkout: WildFunction = (s, p) => {
  const cart = cartOf(s);
  const items = cartItems(cart);
  if (items.length === 0) return fail('Cart is empty');
  const total = recomputeTotal(cart);
  const carrier = str(p.shipping_carrier) ?? 'STD';
  const orderId = `order${nextId(s, 'order')}`;
  const created = isoSeconds(s.now);
  const order = dict({
    order_id: orderId,
    user_id: s.user,
    items: items.map((i) =>
      dict({ product_id: i.product_id ?? null, name: i.name ?? null, quantity: i.quantity ?? null, price: i.price ?? null, subtotal: float(pyRound((num(i.price) ?? 0) * (num(i.quantity) ?? 0), 2)) }),
    ),
    totals: dict({ total: float(total) }),
    shipping: dict({ status: 'preparing', carrier }),
    status: 'processing',
    created_at: created,
  });
  dataList(s, 'orders').push(order);
  cart.items = [];
  cart.total = float(0);
  return dict({
    success: true,
    order_id: orderId,
    total: float(total),
    status: 'processing',
    items_count: items.length,
    message: `Order ${orderId} created successfully. Your payment of $${money(total)} has been processed. Your order will be shipped via ${carrier}.`,
  });
};

/** an order without a carrier (not shipped yet, cancelled) is listed with UPS, as the traces show */
const getOrderHistory: WildFunction = (s, p) => {
  const limit = num(p.limit) ?? 10;
  const sorted = [...userOrders(s)].sort(byText('created_at', true));
  const orders = sorted
    .slice(0, Math.max(0, limit))
    .map((o) => dict({ order_id: o.order_id ?? null, created_at: o.created_at ?? null, total: o.total ?? null, items_count: asDicts(o.items).length, carrier: asDict(o.shipping)?.carrier ?? 'UPS' }));
  return dict({ success: true, count: orders.length, orders, message: `Found ${orders.length} order(s)` });
};

const DETAIL_FIELDS = ['order_id', 'user_id', 'items', 'totals', 'payment', 'created_at', 'notes'] as const;

const getOrderDetails: WildFunction = (s, p) => {
  const id = str(p.order_id);
  if (!id) return fail('Order ID is required');
  const order = userOrders(s).find((o) => o.order_id === id);
  if (!order) return fail(`Order ${id} not found`);
  return dict({ success: true, order: pick(order, DETAIL_FIELDS), message: `Retrieved details for order ${id}` });
};

/** The traces show the same answer whether or not the order exists and has shipped (tracking data is not part of the databases). */
const trackOrder: WildFunction = (s, p) => {
  const id = str(p.order_id);
  if (!id) return fail('Order ID is required');
  if (switchOn(s, 'ADHOC', 'track_order') && !id.includes('-')) return fail('Invalid order ID format.');
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'track_order'))
    return fail(`${id.split('-')[0] ?? id} tracking temporarily unavailable. It may have been changed to other shipping carriers like SwiftShip, RapidCargo`);
  return dict({
    success: true,
    tracking: dict({ order_id: id, status: 'unknown', message: 'Tracking information is not available for this order.' }),
    message: 'Unable to retrieve detailed tracking information.',
  });
};

const cancelOrder: WildFunction = (s, p) => {
  const id = str(p.order_id);
  if (!id) return fail('Order ID is required');
  const order = userOrders(s).find((o) => o.order_id === id);
  if (!order) return fail(`Order ${id} not found`);
  if (order.status === 'cancelled') return fail(`Order ${id} is already cancelled`);
  order.status = 'cancelled';
  return dict({ success: true, order_id: id, status: 'cancelled', refunded: true, message: `Order ${id} has been cancelled and payment has been refunded.` });
};

// remove_from_cart, update_cart_quantity, clear_cart: no trace calls them; written from their specs
const removeFromCart: WildFunction = (s, p) => {
  const id = str(p.product_id);
  if (!id) return fail('Product ID is required');
  const quantity = num(p.quantity);
  if (quantity !== null && quantity < 1) return fail('Quantity must be at least 1');
  const cart = cartOf(s);
  const line = cartItems(cart).find((i) => i.product_id === id);
  if (!line) return fail(`Product ${id} is not in your cart`);
  const left = quantity === null ? 0 : (num(line.quantity) ?? 0) - quantity;
  if (left > 0) line.quantity = left;
  else cart.items = cartItems(cart).filter((i) => i !== line);
  const total = recomputeTotal(cart);
  return dict({
    success: true,
    product_id: id,
    removed_quantity: left > 0 ? quantity : (num(line.quantity) ?? 0),
    cart_total: float(total),
    message: left > 0 ? `Removed ${String(quantity)} x '${String(line.name)}' from cart` : `Removed '${String(line.name)}' from cart`,
  });
};

const updateCartQuantity: WildFunction = (s, p) => {
  const id = str(p.product_id);
  const quantity = num(p.quantity);
  if (!id) return fail('Product ID is required');
  if (quantity === null || quantity < 1) return fail('Quantity must be at least 1');
  const product = productById(s, id);
  if (!product) return fail(`Product with ID '${id}' not found`);
  const cart = cartOf(s);
  const line = cartItems(cart).find((i) => i.product_id === id);
  if (!line) return fail(`Product ${id} is not in your cart`);
  if (quantity > (num(product.stock) ?? Infinity)) return fail(`Insufficient stock: only ${String(product.stock)} available`);
  line.quantity = quantity;
  const total = recomputeTotal(cart);
  return dict({
    success: true,
    product: dict({ product_id: id, name: line.name ?? null, quantity, price: line.price ?? null }),
    cart_total: float(total),
    message: `Updated quantity of '${String(line.name)}' to ${quantity}`,
  });
};

const clearCart: WildFunction = (s) => {
  const cart = cartOf(s);
  cart.items = [];
  cart.total = float(0);
  return dict({ success: true, message: 'Cart cleared' });
};

export const TRANSACTION_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  search_product: searchProduct,
  get_product_details: getProductDetails,
  add_to_cart: addToCart,
  remove_from_cart: removeFromCart,
  update_cart_quantity: updateCartQuantity,
  clear_cart: clearCart,
  view_cart: viewCart,
  checkout,
  get_order_history: getOrderHistory,
  get_order_details: getOrderDetails,
  track_order: trackOrder,
  cancel_order: cancelOrder,
};
