/**
 * The API system's database: one household's devices, contacts, media, shop, kitchen and
 * calendar, plus market, weather and news data. Plain JSON, created fresh for each conversation
 * (and for each isolated target point) from a seed, and mutated by the side-effect functions:
 * a light stays on after `power_on`, a cart keeps its items.
 */
import { Rng } from '../../core/random';

/** The simulated clock: every function sees this instant (WildAgtEval freezes time at the same one). */
export const SIM_NOW = '2025-07-17T12:00:00Z';

export interface Device {
  endpoint: string;
  name: string;
  room: string;
  type: 'light' | 'thermostat' | 'lock' | 'tv' | 'speaker' | 'phone' | 'blinds';
  power: 'on' | 'off';
  color?: string;
  brightness?: number;
  /** degrees Celsius */
  temperature?: number;
  mode?: string;
  locked?: boolean;
  position?: number;
  volume?: number;
  channel?: number;
}

interface Contact {
  contact_id: string;
  name: string;
  /** ten digits, as people write them: 314-863-1141 */
  phone: string;
  email: string;
}

interface Media {
  media_id: string;
  title: string;
  artist: string;
  type: 'song' | 'podcast' | 'movie';
  genre: string;
  duration_s: number;
}

interface Product {
  product_id: string;
  name: string;
  category: string;
  price: number;
  stock: number;
}

interface Order {
  order_id: string;
  carrier: string;
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  items: { product_id: string; quantity: number }[];
  total: number;
  placed: string;
}

interface Recipe {
  recipe_id: string;
  name: string;
  cuisine: string;
  minutes: number;
  ingredients: string[];
}

interface Restaurant {
  restaurant_id: string;
  name: string;
  cuisine: string;
  menu: { item_id: string; name: string; price: number }[];
}

export interface World {
  user: { user_id: string; name: string; address: string; home_city: string };
  devices: Device[];
  contacts: Contact[];
  calls: { call_id: string; contact_id: string; direction: 'incoming' | 'outgoing'; timestamp: string; duration_s: number }[];
  messages: { message_id: string; contact_id: string; direction: 'incoming' | 'outgoing'; text: string; timestamp: string }[];
  activeCall: { call_id: string; phone: string; device: string } | null;
  stocks: { symbol: string; exchange: string; company: string; price: number; change_pct: number }[];
  watchlist: string[];
  news: { article_id: string; category: string; title: string; source: string; published: string }[];
  knowledge: Record<string, string>;
  media: Media[];
  playlists: { playlist_id: string; title: string; media_ids: string[] }[];
  playback: Record<string, { media_id: string; state: 'playing' | 'paused'; position_s: number } | undefined>;
  products: Product[];
  cart: { product_id: string; quantity: number }[];
  orders: Order[];
  recipes: Recipe[];
  favoriteRecipes: string[];
  restaurants: Restaurant[];
  deliveries: { order_id: string; restaurant_id: string; items: string[]; address: string; status: string; eta: string }[];
  mealPlans: { plan_id: string; date: string; meal: string; recipe_id: string }[];
  alarms: { alarm_id: string; time: string; days: string[]; label: string }[];
  reminders: { reminder_id: string; title: string; datetime: string }[];
  notifications: { notification_id: string; title: string; message: string; created: string; read: boolean }[];
  notificationPrefs: { quiet_hours: string | null; channels: string[] };
  /** ids handed out so far, per kind (new alarms, orders, calls…) */
  counters: Record<string, number>;
}

const CITIES = ['Seattle', 'Boston', 'Chicago', 'Denver', 'Austin', 'Miami', 'New York', 'San Francisco'];
export const WEATHER_CITIES: readonly string[] = CITIES;
const CONDITIONS = ['sunny', 'cloudy', 'rain', 'partly cloudy', 'windy', 'thunderstorms'];

/** Weather is a pure function of the city and the day (the same city always has the same climate). */
export function weatherOf(city: string, day: number): { condition: string; high_c: number; low_c: number; humidity: number } {
  const rng = new Rng(`weather|${city.trim().toLowerCase()}|${day}`);
  const high = 14 + rng.int(20);
  return { condition: rng.pick(CONDITIONS), high_c: high, low_c: high - 4 - rng.int(8), humidity: 30 + rng.int(60) };
}

export function createWorld(seed: number): World {
  const rng = new Rng(`api-world:${seed}`);
  const price = (base: number) => Math.round(base * (0.9 + rng.next() * 0.2) * 100) / 100;
  return {
    user: { user_id: 'user1', name: 'Alex Morgan', address: '42 Maple Street, Seattle', home_city: 'Seattle' },
    devices: [
      { endpoint: '12', name: 'Bathroom Light', room: 'Bathroom', type: 'light', power: 'off', color: '#FFFFFF', brightness: 60 },
      { endpoint: '14', name: 'Kitchen Light', room: 'Kitchen', type: 'light', power: 'on', color: '#FFF4E5', brightness: 80 },
      { endpoint: '15', name: 'Bedroom Lamp', room: 'Bedroom', type: 'light', power: 'off', color: '#FFFFFF', brightness: 40 },
      { endpoint: '21', name: 'Living Room Thermostat', room: 'Living Room', type: 'thermostat', power: 'on', temperature: 21, mode: 'auto' },
      { endpoint: '29', name: 'Front Door Lock', room: 'Entrance', type: 'lock', power: 'on', locked: false },
      { endpoint: '30', name: 'Garage Lock', room: 'Garage', type: 'lock', power: 'on', locked: true },
      { endpoint: '33', name: 'Living Room TV', room: 'Living Room', type: 'tv', power: 'off', volume: 20, channel: 4 },
      { endpoint: '41', name: 'Kitchen Speaker', room: 'Kitchen', type: 'speaker', power: 'on', volume: 35 },
      { endpoint: '42', name: 'Bedroom Speaker', room: 'Bedroom', type: 'speaker', power: 'off', volume: 25 },
      { endpoint: '61A', name: 'Smart Phone', room: 'Living Room', type: 'phone', power: 'off' },
      { endpoint: '70', name: 'Bedroom Blinds', room: 'Bedroom', type: 'blinds', power: 'on', position: 0 },
    ],
    contacts: [
      { contact_id: 'contact1', name: 'Nancy Collins', phone: '314-863-1141', email: 'nancy.collins@example.com' },
      { contact_id: 'contact2', name: 'Ashley Scott', phone: '816-461-8624', email: 'ashley.scott@example.com' },
      { contact_id: 'contact3', name: 'David Kim', phone: '206-555-0147', email: 'david.kim@example.com' },
      { contact_id: 'contact4', name: 'Maria Lopez', phone: '512-555-0199', email: 'maria.lopez@example.com' },
      { contact_id: 'contact5', name: 'James Carter', phone: '617-555-0123', email: 'james.carter@example.com' },
      { contact_id: 'contact6', name: 'Priya Patel', phone: '303-555-0175', email: 'priya.patel@example.com' },
    ],
    calls: [
      { call_id: 'call1', contact_id: 'contact2', direction: 'outgoing', timestamp: '2025-07-15T18:02:00Z', duration_s: 144 },
      { call_id: 'call2', contact_id: 'contact1', direction: 'incoming', timestamp: '2025-07-10T09:30:00Z', duration_s: 320 },
      { call_id: 'call3', contact_id: 'contact3', direction: 'outgoing', timestamp: '2025-06-20T12:15:00Z', duration_s: 61 },
      { call_id: 'call4', contact_id: 'contact4', direction: 'incoming', timestamp: '2025-05-02T20:40:00Z', duration_s: 900 },
    ],
    messages: [
      { message_id: 'msg1', contact_id: 'contact3', direction: 'incoming', text: 'Are we still on for Saturday?', timestamp: '2025-07-16T19:20:00Z' },
      { message_id: 'msg2', contact_id: 'contact1', direction: 'incoming', text: 'Call me when you can.', timestamp: '2025-07-17T08:05:00Z' },
      { message_id: 'msg3', contact_id: 'contact5', direction: 'outgoing', text: 'Thanks for the book!', timestamp: '2025-07-12T14:00:00Z' },
    ],
    activeCall: null,
    stocks: [
      { symbol: 'NFLX', exchange: 'NASDAQ', company: 'Netflix', price: price(640), change_pct: 1.2 },
      { symbol: 'AAPL', exchange: 'NASDAQ', company: 'Apple', price: price(210), change_pct: -0.4 },
      { symbol: 'MSFT', exchange: 'NASDAQ', company: 'Microsoft', price: price(500), change_pct: 0.8 },
      { symbol: 'KO', exchange: 'NYSE', company: 'Coca-Cola', price: price(70), change_pct: 0.1 },
      { symbol: 'DIS', exchange: 'NYSE', company: 'Disney', price: price(120), change_pct: -1.5 },
      { symbol: 'TSLA', exchange: 'NASDAQ', company: 'Tesla', price: price(320), change_pct: 3.4 },
    ],
    watchlist: ['NFLX', 'KO', 'TSLA'],
    news: [
      { article_id: 'news1', category: 'technology', title: 'Chip makers race to cut AI power use', source: 'TechDaily', published: '2025-07-17T07:00:00Z' },
      { article_id: 'news2', category: 'sports', title: 'Local team clinches playoff spot', source: 'SportsWire', published: '2025-07-16T22:10:00Z' },
      { article_id: 'news3', category: 'business', title: 'Retail sales beat expectations', source: 'MarketBeat', published: '2025-07-17T10:30:00Z' },
      { article_id: 'news4', category: 'health', title: 'Study links walking to better sleep', source: 'HealthNow', published: '2025-07-15T12:00:00Z' },
      { article_id: 'news5', category: 'technology', title: 'New phone batteries last a week', source: 'GadgetLab', published: '2025-07-16T09:45:00Z' },
    ],
    knowledge: {
      'eiffel tower': 'The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889; it is 330 metres tall.',
      photosynthesis: 'Photosynthesis is the process by which plants turn light, water and carbon dioxide into sugar and oxygen.',
      'great barrier reef': 'The Great Barrier Reef, off Queensland, Australia, is the largest coral reef system in the world.',
      'mount everest': 'Mount Everest, on the Nepal–China border, is the highest mountain above sea level at 8,849 metres.',
    },
    media: [
      { media_id: 'media1', title: 'Blinding Lights', artist: 'The Weeknd', type: 'song', genre: 'pop', duration_s: 200 },
      { media_id: 'media2', title: 'Clair de Lune', artist: 'Claude Debussy', type: 'song', genre: 'classical', duration_s: 300 },
      { media_id: 'media3', title: 'Bohemian Rhapsody', artist: 'Queen', type: 'song', genre: 'rock', duration_s: 355 },
      { media_id: 'media4', title: 'The Daily Brief', artist: 'News Radio', type: 'podcast', genre: 'news', duration_s: 1500 },
      { media_id: 'media5', title: 'Take Five', artist: 'Dave Brubeck', type: 'song', genre: 'jazz', duration_s: 324 },
      { media_id: 'media6', title: 'Levitating', artist: 'Dua Lipa', type: 'song', genre: 'pop', duration_s: 203 },
      { media_id: 'media7', title: 'Science Hour', artist: 'Open Lab', type: 'podcast', genre: 'science', duration_s: 3300 },
      { media_id: 'media8', title: 'Ocean Planet', artist: 'Nature Films', type: 'movie', genre: 'documentary', duration_s: 5400 },
    ],
    playlists: [{ playlist_id: 'playlist1', title: 'Morning Mix', media_ids: ['media1', 'media6'] }],
    playback: {},
    products: [
      { product_id: 'prod1', name: 'Wireless Earbuds', category: 'electronics', price: price(59.99), stock: 20 },
      { product_id: 'prod2', name: 'Stainless Water Bottle', category: 'outdoors', price: price(24.5), stock: 40 },
      { product_id: 'prod3', name: 'Yoga Mat', category: 'fitness', price: price(29.99), stock: 12 },
      { product_id: 'prod4', name: 'Coffee Grinder', category: 'kitchen', price: price(45), stock: 8 },
      { product_id: 'prod5', name: 'LED Desk Lamp', category: 'home', price: price(34.99), stock: 15 },
      { product_id: 'prod6', name: 'Running Shoes', category: 'fitness', price: price(89.99), stock: 10 },
      { product_id: 'prod7', name: 'Phone Charger', category: 'electronics', price: price(19.99), stock: 50 },
    ],
    cart: [],
    orders: [
      { order_id: 'PO0038', carrier: 'UPS', status: 'shipped', items: [{ product_id: 'prod3', quantity: 1 }], total: 29.99, placed: '2025-07-12T10:00:00Z' },
      { order_id: 'PO0041', carrier: 'FEDEX', status: 'processing', items: [{ product_id: 'prod1', quantity: 2 }], total: 119.98, placed: '2025-07-16T15:30:00Z' },
      { order_id: 'PO0027', carrier: 'USPS', status: 'delivered', items: [{ product_id: 'prod7', quantity: 1 }], total: 19.99, placed: '2025-06-28T09:00:00Z' },
    ],
    recipes: [
      { recipe_id: 'recipe1', name: 'Garlic Butter Pasta', cuisine: 'italian', minutes: 20, ingredients: ['pasta', 'butter', 'garlic', 'parmesan'] },
      { recipe_id: 'recipe2', name: 'Chicken Stir Fry', cuisine: 'chinese', minutes: 25, ingredients: ['chicken', 'soy sauce', 'peppers', 'rice'] },
      { recipe_id: 'recipe3', name: 'Greek Salad', cuisine: 'greek', minutes: 10, ingredients: ['tomato', 'cucumber', 'feta', 'olives'] },
      { recipe_id: 'recipe4', name: 'Beef Tacos', cuisine: 'mexican', minutes: 30, ingredients: ['beef', 'tortillas', 'salsa', 'cheese'] },
      { recipe_id: 'recipe5', name: 'Tomato Basil Soup', cuisine: 'italian', minutes: 35, ingredients: ['tomato', 'basil', 'cream', 'onion'] },
      { recipe_id: 'recipe6', name: 'Pad Thai', cuisine: 'thai', minutes: 30, ingredients: ['rice noodles', 'shrimp', 'peanuts', 'egg'] },
      { recipe_id: 'recipe7', name: 'Mushroom Risotto', cuisine: 'italian', minutes: 45, ingredients: ['rice', 'mushrooms', 'broth', 'parmesan'] },
    ],
    favoriteRecipes: [],
    restaurants: [
      {
        restaurant_id: 'rest1',
        name: 'Luigi Trattoria',
        cuisine: 'italian',
        menu: [
          { item_id: 'item11', name: 'Margherita Pizza', price: 14 },
          { item_id: 'item12', name: 'Lasagna', price: 17 },
        ],
      },
      {
        restaurant_id: 'rest2',
        name: 'Golden Dragon',
        cuisine: 'chinese',
        menu: [
          { item_id: 'item21', name: 'Kung Pao Chicken', price: 15 },
          { item_id: 'item22', name: 'Fried Rice', price: 11 },
        ],
      },
      {
        restaurant_id: 'rest3',
        name: 'Taco Fiesta',
        cuisine: 'mexican',
        menu: [
          { item_id: 'item31', name: 'Carnitas Tacos', price: 12 },
          { item_id: 'item32', name: 'Burrito Bowl', price: 13 },
        ],
      },
      {
        restaurant_id: 'rest4',
        name: 'Bangkok Street',
        cuisine: 'thai',
        menu: [
          { item_id: 'item41', name: 'Green Curry', price: 16 },
          { item_id: 'item42', name: 'Pad See Ew', price: 14 },
        ],
      },
    ],
    deliveries: [{ order_id: 'DO0007', restaurant_id: 'rest2', items: ['item22'], address: '42 Maple Street, Seattle', status: 'on the way', eta: '2025-07-17T12:25:00Z' }],
    mealPlans: [],
    alarms: [{ alarm_id: 'alarm1', time: '06:30', days: ['mon', 'tue', 'wed', 'thu', 'fri'], label: 'Work' }],
    reminders: [{ reminder_id: 'reminder1', title: 'Dentist appointment', datetime: '2025-07-21T15:00:00Z' }],
    notifications: [
      { notification_id: 'notif1', title: 'Package shipped', message: 'Your order PO0038 has shipped with UPS.', created: '2025-07-13T08:00:00Z', read: false },
      { notification_id: 'notif2', title: 'Low battery', message: 'Front Door Lock battery at 15%.', created: '2025-07-16T20:00:00Z', read: true },
    ],
    notificationPrefs: { quiet_hours: null, channels: ['push'] },
    counters: {},
  };
}

/** A fresh id of a kind: `alarm2`, `DO0008`… (continues after the seeded records). */
export function nextId(world: World, kind: string, prefix: string, start: number, pad = 0): string {
  const n = (world.counters[kind] ?? start) + 1;
  world.counters[kind] = n;
  return `${prefix}${pad ? String(n).padStart(pad, '0') : n}`;
}
