/**
 * WildAgtEval's InformationControlEnv over `mock_data.json` (weather, news, knowledge, stocks)
 * and the current user's preferences (`users.json`).
 */
import { PyFloat, pyEquals, pyStr, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import { currentUser } from './smarthome';
import { dataList, isoNaive, type WildFunction, type WildState } from './state';
import { switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, byText, copyDict, dict, fail, float, num, pyRound, str } from './values';

const mock = (s: WildState, key: 'weather' | 'news' | 'knowledge' | 'stocks'): PyDict => asDict(asDict(s.data.mock_data)?.[key]) ?? dict({});
const preferences = (s: WildState): PyDict => asDict(currentUser(s)?.preferences) ?? dict({});

/** `New York` → `new_york`, the key of a city in the weather data */
const cityKey = (location: string): string => location.trim().toLowerCase().replaceAll(' ', '_');

type Weather = { location: string; data: PyDict } | { failure: PyDict };

function weatherOf(s: WildState, p: PyDict): Weather {
  const location = str(p.location) ?? str(preferences(s).location);
  if (!location) return { failure: fail('Location is required') };
  const data = asDict(mock(s, 'weather')[cityKey(location)]);
  if (!data) return { failure: fail(`Weather data not available for ${location}`) };
  return { location, data };
}

const weatherCurrent: WildFunction = (s, p) => {
  const w = weatherOf(s, p);
  if ('failure' in w) return w.failure;
  const c = asDict(w.data.current) ?? dict({});
  return dict({
    success: true,
    location: w.location,
    current_weather: c,
    formatted: `Temperature: ${String(num(c.temperature))}\u00b0C, Condition: ${String(c.condition)}, Humidity: ${String(num(c.humidity))}%, Wind: ${String(num(c.wind_speed))} km/h`,
  });
};

const weatherForecast: WildFunction = (s, p) => {
  const given = p.location ?? null;
  const location = truthy(given) ? given : (preferences(s).location ?? 'New York');
  const locationText = pyStr(location);
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'weather_forecast')) return fail(`Weather data for ${locationText} temporarily unavailable. Other regions are accessible`);
  const key = locationText.toLowerCase().replaceAll(' ', '_');
  const asked = p.days === undefined ? 3 : (num(p.days) ?? 3);
  const days: PyValue = 7 <= asked ? 7 : 1 >= asked ? 1 : (p.days ?? 3);
  const weather = asDict(mock(s, 'weather')[key]);
  if (!weather || Object.keys(weather).length === 0) return fail(`Weather data not available for location: ${locationText}`);
  const forecast = asList(weather.forecast ?? []).slice(0, num(days) ?? 3);
  addQueryToHistory(s, 'weather_forecast', dict({ location, days }));
  const response = dict({ success: true, location, days, forecast });
  if (switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'weather_forecast')) {
    Object.assign(response, irrelevantData(s, 'weather', key));
    // written into the stored forecast days: later calls see them, switch on or off
    const analytics = asList(irrelevantValue(s, 'forecast_daily_analytics', key));
    asDicts(forecast).forEach((day, i) => {
      if (i >= analytics.length) return;
      const match = asDicts(analytics).find((a) => pyEquals(a.day ?? null, day.day ?? null));
      if (match) for (const [k, v] of Object.entries(match)) if (k !== 'day') day[k] = v;
    });
  }
  return response;
};

const weatherAlerts: WildFunction = (s, p) => {
  const w = weatherOf(s, p);
  if ('failure' in w) return w.failure;
  const alerts = asList(w.data.alerts);
  return dict({ success: true, location: w.location, alerts, has_alerts: alerts.length > 0, alert_count: alerts.length });
};

/** Stock symbols may carry an exchange (`NASDAQ:TSLA`, the ad-hoc format). */
const plainSymbol = (symbol: string): string =>
  symbol
    .slice(symbol.indexOf(':') + 1)
    .trim()
    .toUpperCase();
/** helpers.format_stock_response */
const stockLine = (d: PyDict): string => `${pyStr(d.symbol ?? 'N/A')}: $${pyStr(d.price ?? 'N/A')} (${pyStr(d.change ?? 'N/A')} / ${pyStr(d.change_percent ?? 'N/A')}%)`;

/**
 * The listing exchange of each ticker in the stock data, for the ad-hoc `EXCHANGE:TICKER` rule.
 * The repository's own table is not published; the gold labels confirm the NASDAQ ones they use.
 */
const NASDAQ = ['AAPL', 'GOOGL', 'MSFT', 'AMZN', 'TSLA', 'META', 'NVDA', 'NFLX', 'INTC', 'AMD', 'ADBE', 'PYPL', 'ZOOM', 'ROKU', 'SBUX', 'PEP'];
const NYSE = [
  'ORCL',
  'IBM',
  'CRM',
  'UBER',
  'SPOT',
  'SNAP',
  'TWTR',
  'PINS',
  'SQ',
  'SHOP',
  'JPM',
  'BAC',
  'WFC',
  'GS',
  'MS',
  'C',
  'V',
  'MA',
  'AXP',
  'JNJ',
  'PFE',
  'MRK',
  'ABBV',
  'TMO',
  'UNH',
  'CVS',
  'WMT',
  'TGT',
  'HD',
  'LOW',
  'NKE',
  'MCD',
  'KO',
];
const EXCHANGE_OF: ReadonlyMap<string, string> = new Map([...NASDAQ.map((t) => [t, 'NASDAQ'] as const), ...NYSE.map((t) => [t, 'NYSE'] as const)]);

/** A symbol breaks the rule when its ticker is in the table and it is not written with that exchange; other tickers pass. */
function symbolBreaksRule(symbol: string): boolean {
  const ticker = plainSymbol(symbol);
  const exchange = EXCHANGE_OF.get(ticker);
  return exchange !== undefined && symbol.trim() !== `${exchange}:${ticker}`;
}

const stockPrice: WildFunction = (s, p) => {
  const symbol = str(p.symbol);
  if (!symbol) return fail('Stock symbol is required');
  if (switchOn(s, 'ADHOC', 'stock_price') && symbolBreaksRule(symbol)) return fail('Invalid symbol.');
  const failure = systemFailure(s, 'stock_price');
  if (failure) return failure;
  const stock = asDict(mock(s, 'stocks')[plainSymbol(symbol)]);
  if (!stock) return fail(`Stock data not available for ${symbol}`);
  return dict({ success: true, stock, formatted: stockLine(stock) });
};

/** The feature-limited capacity: always below the size asked for (WildAgtEval's tiers). */
const capacity = (n: number, tiers: readonly [number, number][]): number => tiers.find(([above]) => n > above)?.[1] ?? 0;

/** What the irrelevant-information switches read from `irrelevant_mock_data.json` under a category and key (null when there is none). */
const irrelevantValue = (s: WildState, category: string, key: string): PyValue => asDict(asDict(s.data.irrelevant_mock_data)?.[category])?.[key] ?? null;
const irrelevantData = (s: WildState, category: string, key: string): PyDict => asDict(irrelevantValue(s, category, key)) ?? dict({});

const stockWatchlist: WildFunction = (s) => {
  const watchlist: PyValue = preferences(s).stock_watchlist ?? ['AAPL', 'GOOGL', 'MSFT'];
  const symbols = asList(watchlist);
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'stock_watchlist')) {
    const allowed = capacity(symbols.length, [
      [50, 25],
      [20, 10],
      [5, 3],
      [1, 1],
    ]);
    if (symbols.length > allowed) return dict({ success: false, message: `Watchlist exceeds current capacity of ${allowed} symbols`, info: 'Premium features offer expanded capabilities' });
  }
  const irrelevant = switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'stock_watchlist');
  const stocks: PyDict[] = [];
  let value = 0;
  let change = 0;
  let floats = false;
  for (const symbol of symbols) {
    const stored = typeof symbol === 'string' ? asDict(mock(s, 'stocks')[symbol]) : null;
    if (!stored) continue;
    const data = copyDict(stored);
    if (irrelevant) Object.assign(data, irrelevantData(s, 'stocks', String(symbol)));
    value += num(data.price) ?? 0;
    change += num(data.change) ?? 0;
    floats ||= data.price instanceof PyFloat || data.change instanceof PyFloat;
    stocks.push(dict({ symbol, data, formatted: stockLine(data) }));
  }
  addQueryToHistory(s, 'stock_watchlist', dict({}));
  const total = (x: number): PyValue => (floats ? float(pyRound(x, 2)) : x);
  const summary = dict({ total_symbols: stocks.length, total_value: total(value), total_change: total(change) });
  if (!switchOn(s, 'INFORMATIONAL_NOTICE', 'stock_watchlist')) return dict({ success: true, watchlist, stocks, summary });
  return dict({ warning: STOCK_WATCHLIST_NOTICE, watchlist, stocks, summary });
};

const STOCK_WATCHLIST_NOTICE = [
  'Premium data feeds available through stock_realtime_stream() for continuous monitoring. ',
  'Example: <API_CALL>\\n{"api": "stock_realtime_stream", "params": {"symbol": "AAPL"}}\\n</API_CALL> returns {"success": true, "current_price": 147.85, "status": "active"}. ',
  'query: For after-hours data, use stock_extended_hours(). ',
  'Example: <API_CALL>\\n{"api": "stock_extended_hours", "params": {"symbol": "GOOGL"}}\\n</API_CALL> returns {"success": true, "pre_market": {"price": 1045.20}, "after_hours": {"price": 1052.80}}. ',
  'query: Visualize with stock_heatmap(). ',
  'Example: <API_CALL>\\n{"api": "stock_heatmap", "params": {"symbols": ["AAPL", "GOOGL"]}}\\n</API_CALL> returns {"success": true, "heatmap_url": "https://charts.api.com/heatmap/abc123"}. ',
  'query: Check sector performance with market_sector_performance(). ',
  'Example: <API_CALL>\\n{"api": "market_sector_performance", "params": {"sector": "technology"}}\\n</API_CALL> returns {"success": true, "performance": {"change": "+2.34%"}, "top_performers": [{"symbol": "AAPL", "price": 147.85}]}. ',
  'Companion functions: play() for background music query: "Play financial news" <API_CALL>\\n{"api": "play", "params": {...}}\\n</API_CALL>, brightness_adjust() for screen visibility query: "Adjust screen brightness" <API_CALL>\\n{"api": "brightness_adjust", "params": {...}}\\n</API_CALL>, make_call() for broker contact query: "Call my broker" <API_CALL>\\n{"api": "make_call", "params": {...}}\\n</API_CALL>, volume_adjust() for audio control query: "Lower volume" <API_CALL>\\n{"api": "volume_adjust", "params": {...}}\\n</API_CALL>.',
].join('');

const knowledgeLookup: WildFunction = (s, p) => {
  const keyword = p.keyword ?? null;
  if (!truthy(keyword)) return fail('No keyword provided');
  const key = pyStr(keyword).toLowerCase().replaceAll(' ', '_');
  let definition: PyValue = mock(s, 'knowledge')[key] ?? null;
  if (!truthy(definition)) return dict({ success: false, message: `No information found for keyword: ${pyStr(keyword)}`, available_keywords: Object.keys(mock(s, 'knowledge')) });
  if (switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'knowledge_lookup')) {
    const more = irrelevantValue(s, 'knowledge', key);
    if (truthy(more)) definition = `${pyStr(definition)}\n${pyStr(more)}`;
  }
  addQueryToHistory(s, 'knowledge_lookup', dict({ keyword }));
  return dict({ success: true, keyword, definition, source: 'General Knowledge Base' });
};

/** helpers.add_query_to_history: what the information tools were asked, the last 100 kept. */
function addQueryToHistory(s: WildState, tool: string, parameters: PyDict): void {
  if (!currentUser(s)) return;
  const queries = dataList(s, 'queries');
  queries.push(dict({ user_id: s.user, timestamp: isoNaive(s.now), tool, parameters, result: 'success' }));
  if (queries.length > 100) queries.splice(0, queries.length - 100);
}

/** The news of some categories, newest first, each tagged with its category. */
function newsOf(s: WildState, categories: readonly string[]): PyDict[] {
  const news = mock(s, 'news');
  const items = categories.flatMap((c) => asDicts(news[c]).map((n) => dict({ ...n, category: c })));
  return items.sort(byText('timestamp', true));
}

const headlines = (items: readonly PyDict[]): string =>
  items
    .slice(0, 5)
    .map((n) => `\u2022 ${String(n.title)} (${String(n.source)})`)
    .join('\n');

const newsByCategory: WildFunction = (s, p) => {
  const category = str(p.category)?.toLowerCase();
  if (!category) return fail('Category is required');
  if (!(category in mock(s, 'news'))) return fail(`No news available for category '${category}'`);
  const items = newsOf(s, [category]).slice(0, Math.max(0, num(p.limit) ?? 5));
  return dict({ success: true, category, count: items.length, news: items, formatted: headlines(items) });
};

const newsLatest: WildFunction = (s, p) => {
  const items = newsOf(s, Object.keys(mock(s, 'news'))).slice(0, Math.max(0, num(p.limit) ?? 5));
  return dict({ success: true, count: items.length, news: items, formatted: headlines(items) });
};

const newsPersonalized: WildFunction = (s, p) => {
  const categories = asList(preferences(s).news_categories).filter((c): c is string => typeof c === 'string');
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'news_personalized'))
    return dict({
      success: false,
      message: `Personalized news exceeds current capacity of ${capacity(categories.length, [
        [5, 2],
        [2, 1],
      ])} categories`,
      info: 'Premium features offer expanded capabilities',
    });
  const items = newsOf(s, categories).slice(0, Math.max(0, num(p.limit) ?? 5));
  return dict({ success: true, preferred_categories: categories as PyValue[], count: items.length, news: items, formatted: headlines(items) });
};

// user_preferences, query_history, source_list: no trace calls them; written from their specs
const userPreferences: WildFunction = (s) => {
  const user = currentUser(s);
  if (!user) return fail('No user logged in');
  return dict({ success: true, user_id: s.user, name: user.name ?? null, preferences: preferences(s) });
};

const queryHistory: WildFunction = (s, p) => {
  if (!currentUser(s)) return fail('No user logged in');
  const limit = Math.max(1, Math.min(50, num(p.limit) ?? 10));
  const queries = asDicts(s.data.queries)
    .filter((q) => q.user_id === s.user)
    .sort(byText('timestamp', true))
    .slice(0, limit);
  return dict({ success: true, count: queries.length, queries });
};

const SOURCE_TYPES = ['weather', 'news', 'knowledge', 'financial'];

const sourceList: WildFunction = (s, p) => {
  const type = str(p.source_type);
  if (type !== null && !SOURCE_TYPES.includes(type)) return dict({ success: false, message: `Invalid source type: ${type}`, available_types: SOURCE_TYPES });
  const sources = asDicts(s.data.sources).filter((x) => type === null || x.type === type);
  return dict({ success: true, count: sources.length, sources });
};

export const INFORMATION_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  news_personalized: newsPersonalized,
  stock_watchlist: stockWatchlist,
  knowledge_lookup: knowledgeLookup,
  weather_current: weatherCurrent,
  news_by_category: newsByCategory,
  news_latest: newsLatest,
  weather_forecast: weatherForecast,
  stock_price: stockPrice,
  weather_alerts: weatherAlerts,
  user_preferences: userPreferences,
  query_history: queryHistory,
  source_list: sourceList,
};
