/** Information: weather, stocks, news, knowledge. */
import type { JsonObject } from '../../../core/types';
import { fail } from '../../define';
import { apiFunction, type ApiFunction, int, oneOf, str } from '../define';
import { WEATHER_CITIES, weatherOf, type World } from '../world';

function city(v: string): string {
  const c = WEATHER_CITIES.find((x) => x.toLowerCase() === v.trim().toLowerCase().replaceAll('_', ' '));
  if (!c) fail('not_found', `No weather data for '${v}'`);
  return c;
}

function stock(world: World, symbol: string) {
  const s = world.stocks.find((x) => x.symbol === symbol.trim().toUpperCase());
  if (!s) fail('not_found', `Unknown symbol '${symbol}'`);
  return s;
}

const sponsoredNews = (): JsonObject[] => [
  { article_id: 'promo1', category: 'sponsored', title: 'Save 40% on smart bulbs this week only', source: 'ShopDeals', published: '2025-07-17T06:00:00Z' },
  { article_id: 'promo2', category: 'sponsored', title: 'Top 10 credit cards for travellers', source: 'FinanceAds', published: '2025-07-16T06:00:00Z' },
];

export const INFO_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'weather_current',
    domain: 'information',
    cls: 'core',
    key: ['location'],
    description: 'Current weather in a city.',
    params: { location: str('city name') },
    returns: 'condition, temperature, humidity',
    impl: (a) => {
      const c = city(a.str('location'));
      const w = weatherOf(c, 0);
      return { location: c, condition: w.condition, temperature_c: w.high_c - 2, humidity: w.humidity };
    },
  }),
  apiFunction({
    name: 'weather_forecast',
    domain: 'information',
    cls: 'core',
    key: ['location'],
    description: 'Daily forecast for a city.',
    params: { location: str('city name'), days: int('how many days ahead', true) },
    returns: 'one entry per day',
    impl: (a) => {
      const c = city(a.str('location'));
      const days = a.num('days', 3);
      if (days < 1 || days > 7) fail('invalid_arguments', 'days must be between 1 and 7');
      return { location: c, forecast: Array.from({ length: days }, (_, i) => ({ day: i + 1, ...weatherOf(c, i + 1) })) };
    },
    complexity: {
      ambiguous: { days: '1 to 7; default 3' },
      feature_limit: {
        when: (a) => typeof a.days !== 'number' || a.days > 3,
        message: 'Extended forecasts are limited for this region; forecasts of up to 3 days remain available.',
        workaround: (a) => ({ api: 'weather_forecast', params: { ...a, days: 3 } }),
      },
      irrelevant: { field: 'forecast', entries: () => [{ day: 0, condition: 'Sponsored: book a weekend getaway with SunTrips', high_c: 0, low_c: 0, humidity: 0 }] },
    },
  }),
  apiFunction({
    name: 'weather_alerts',
    domain: 'information',
    cls: 'support',
    key: ['location'],
    description: 'Active weather alerts for a city.',
    params: { location: str('city name') },
    returns: 'alerts',
    impl: (a) => {
      const c = city(a.str('location'));
      const w = weatherOf(c, 0);
      return { location: c, alerts: w.condition === 'thunderstorms' ? [{ level: 'warning', text: 'Severe thunderstorms expected this afternoon' }] : [] };
    },
  }),
  apiFunction({
    name: 'stock_price',
    domain: 'information',
    cls: 'core',
    key: ['symbol'],
    description: 'Latest price of a stock.',
    params: { symbol: str('ticker symbol') },
    returns: 'price, change',
    impl: (a, { world }) => {
      const s = stock(world, a.str('symbol'));
      return { symbol: s.symbol, company: s.company, price: s.price, change_pct: s.change_pct, currency: 'USD' };
    },
    complexity: {
      ad_hoc: {
        param: 'symbol',
        rule: "symbol must be '<EXCHANGE>:<TICKER>' (e.g. NASDAQ:NFLX, NYSE:KO)",
        format: (v, world) => {
          const s = typeof v === 'string' ? world.stocks.find((x) => x.symbol === v.toUpperCase()) : undefined;
          return s ? `${s.exchange}:${s.symbol}` : v;
        },
        parse: (v, world) => {
          if (typeof v !== 'string') return null;
          const [ex, sym] = v.split(':');
          return world.stocks.some((s) => s.exchange === ex && s.symbol === sym) ? (sym as string) : null;
        },
        message: 'Invalid symbol.',
      },
      system_failure: { code: 'MKT_FEED_GATEWAY_TIMEOUT', message: 'Market data gateway mdg-east-2 returned 504 after 3 retries: upstream SIP feed sequence gap 8841273-8841290' },
    },
  }),
  apiFunction({
    name: 'stock_watchlist',
    domain: 'information',
    cls: 'support',
    description: "The user's stock watchlist with prices.",
    returns: 'stocks',
    impl: (_a, { world }) => ({ stocks: world.watchlist.map((sym) => ({ symbol: sym, price: stock(world, sym).price })) }),
    complexity: {
      notice: 'Watchlist prices are delayed by 15 minutes; use stock_price for a real-time quote.',
      feature_limit: {
        when: () => true,
        message: 'Watchlist sync is unavailable for this account tier; quotes for individual symbols are still available.',
        workaround: (_a, world) => ({ api: 'stock_price', params: { symbol: world.watchlist[0] ?? '' } }),
      },
      irrelevant: { field: 'stocks', entries: () => [{ symbol: 'PROMO', price: 0, note: 'Sponsored: open a brokerage account and get 3 free stocks' }] },
    },
  }),
  apiFunction({
    name: 'news_latest',
    domain: 'information',
    cls: 'support',
    description: 'Latest headlines.',
    params: { limit: int('how many', true) },
    returns: 'articles',
    impl: (a, { world }) => ({ articles: [...world.news].sort((x, y) => y.published.localeCompare(x.published)).slice(0, a.num('limit', 3)) as unknown as JsonObject[] }),
  }),
  apiFunction({
    name: 'news_by_category',
    domain: 'information',
    cls: 'support',
    key: ['category'],
    description: 'Headlines of one category.',
    params: { category: oneOf(['technology', 'sports', 'business', 'health'], 'category') },
    returns: 'articles',
    impl: (a, { world }) => ({ articles: world.news.filter((n) => n.category === a.str('category')) as unknown as JsonObject[] }),
    complexity: { irrelevant: { field: 'articles', entries: sponsoredNews } },
  }),
  apiFunction({
    name: 'knowledge_lookup',
    domain: 'information',
    cls: 'core',
    key: ['keyword'],
    description: 'Encyclopedia summary of a topic.',
    params: { keyword: str('topic') },
    returns: 'summary',
    impl: (a, { world }) => {
      const k = a.str('keyword').trim().toLowerCase();
      const text = world.knowledge[k];
      if (!text) fail('not_found', `Nothing found for '${a.str('keyword')}'`);
      return { keyword: k, summary: text, related: [] };
    },
    complexity: { irrelevant: { field: 'related', entries: () => [{ title: 'Advertisement: learn a language in 10 minutes a day' }, { title: 'Trending: celebrity weddings of the year' }] } },
  }),
  apiFunction({
    name: 'user_preferences',
    domain: 'information',
    cls: 'support',
    description: "The user's home city and preferred units.",
    returns: 'preferences',
    impl: (_a, { world }) => ({ home_city: world.user.home_city, units: 'metric', news_categories: ['technology', 'business'] }),
  }),
];
