/** External services and the web: answers from the fixed world, or seeded from the request. */
import type { Json } from '../../core/types';
import { defineTool, fail, keyed, round } from '../define';
import { CITIES, cityOrSeeded, COMPANIES, findCity, findCompany, USD_RATES } from './world';
import type { CompositionTool } from './categories';

const CONDITIONS = ['sunny', 'partly cloudy', 'cloudy', 'light rain', 'rain', 'windy', 'foggy', 'snow'];
const city = { type: 'string', description: 'City name, e.g. "Lisbon".' } as const;
const currency = (what: string) => ({ type: 'string', description: `${what} currency as an ISO 4217 code, e.g. "EUR".` }) as const;

/** °C on a given day offset: a city's seeded climate plus a seeded daily swing. */
function temperatureOf(name: string, day = 0): number {
  const known = findCity(name);
  const climate = keyed(name, 'climate');
  const base = known ? Math.round(22 - Math.abs(known.lat) * 0.35 + climate.int(6)) : 5 + climate.int(25);
  return day === 0 ? base : base + keyed(`${name}|${day}`, 'swing').int(7) - 3;
}

function rate(from: string, to: string): number {
  const f = USD_RATES[from.toUpperCase()];
  const t = USD_RATES[to.toUpperCase()];
  if (f === undefined) fail('not_found', `unknown currency '${from}'`);
  if (t === undefined) fail('not_found', `unknown currency '${to}'`);
  return t / f;
}

const LEXICON: Record<string, Record<string, string>> = {
  es: {
    hello: 'hola',
    good: 'bueno',
    morning: 'mañana',
    thank: 'gracias',
    you: 'tú',
    the: 'el',
    meeting: 'reunión',
    is: 'es',
    tomorrow: 'mañana',
    price: 'precio',
    weather: 'tiempo',
    today: 'hoy',
    and: 'y',
    welcome: 'bienvenido',
  },
  fr: {
    hello: 'bonjour',
    good: 'bon',
    morning: 'matin',
    thank: 'merci',
    you: 'vous',
    the: 'le',
    meeting: 'réunion',
    is: 'est',
    tomorrow: 'demain',
    price: 'prix',
    weather: 'météo',
    today: "aujourd'hui",
    and: 'et',
    welcome: 'bienvenue',
  },
  de: {
    hello: 'hallo',
    good: 'gut',
    morning: 'morgen',
    thank: 'danke',
    you: 'du',
    the: 'die',
    meeting: 'Besprechung',
    is: 'ist',
    tomorrow: 'morgen',
    price: 'Preis',
    weather: 'Wetter',
    today: 'heute',
    and: 'und',
    welcome: 'willkommen',
  },
};

const PRODUCT_KINDS = ['Pro', 'Lite', 'Max', 'Mini', 'Plus', 'Air'];

export const EXTERNAL_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'get_weather',
    category: 'external',
    description: 'Current weather in a city.',
    params: { city },
    returns: '{city, temperature_c, condition, humidity_percent, wind_kph}',
    external: true,
    impl: (a) => {
      const r = keyed(a.str('city'), 'weather');
      return { city: a.str('city'), temperature_c: temperatureOf(a.str('city')), condition: r.pick(CONDITIONS), humidity_percent: 30 + r.int(60), wind_kph: 2 + r.int(35) };
    },
  }),
  defineTool({
    name: 'get_forecast',
    category: 'external',
    description: 'Daily weather forecast for a city for the next days.',
    params: { city, days: { type: 'integer', description: 'Number of days, 1 to 7.' } },
    returns: '{city, days: [{day, high_c, condition}]}',
    external: true,
    impl: (a) => {
      const n = a.num('days');
      if (n < 1 || n > 7) fail('invalid_arguments', "'days' must be between 1 and 7");
      const r = keyed(a.str('city'), 'forecast');
      return { city: a.str('city'), days: Array.from({ length: n }, (_, i) => ({ day: i + 1, high_c: temperatureOf(a.str('city'), i + 1), condition: r.pick(CONDITIONS) })) };
    },
  }),
  defineTool({
    name: 'get_exchange_rate',
    category: 'external',
    description: 'The exchange rate between two currencies: units of the target per unit of the base.',
    params: { base: currency('Base'), target: currency('Target') },
    returns: '{base, target, rate}',
    external: true,
    impl: (a) => ({ base: a.str('base').toUpperCase(), target: a.str('target').toUpperCase(), rate: round(rate(a.str('base'), a.str('target')), 4) }),
  }),
  defineTool({
    name: 'convert_currency',
    category: 'external',
    description: 'Convert an amount of money from one currency to another at the current rate.',
    params: { amount: { type: 'float', description: 'The amount.' }, from_currency: currency('Source'), to_currency: currency('Target') },
    returns: '{converted_amount, rate, currency}',
    external: true,
    impl: (a) => {
      const r = round(rate(a.str('from_currency'), a.str('to_currency')), 4);
      return { converted_amount: round(a.num('amount') * r, 2), rate: r, currency: a.str('to_currency').toUpperCase() };
    },
  }),
  defineTool({
    name: 'get_stock_price',
    category: 'external',
    description: 'Latest share price of a listed company, in US dollars.',
    params: { symbol: { type: 'string', description: 'Ticker symbol, e.g. "AAPL".' } },
    returns: '{symbol, price, currency, change_percent}',
    external: true,
    impl: (a) => {
      const co = findCompany(a.str('symbol'));
      if (!co && !/^[A-Za-z.]{1,6}$/.test(a.str('symbol').trim())) fail('not_found', `no listed company with symbol '${a.str('symbol')}'`);
      const r = keyed(a.str('symbol'), 'stock');
      return { symbol: (co?.symbol ?? a.str('symbol')).toUpperCase(), price: co?.price ?? round(10 + r.next() * 490, 2), currency: 'USD', change_percent: round(r.next() * 6 - 3, 2) };
    },
  }),
  defineTool({
    name: 'get_location_info',
    category: 'external',
    description: 'Country, coordinates, time zone, currency and population of a city.',
    params: { place: { type: 'string', description: 'City name.' } },
    returns: '{place, country, country_code, latitude, longitude, timezone, currency, population}',
    external: true,
    impl: (a) => {
      const c = cityOrSeeded(a.str('place'));
      return { place: c.name, country: c.country, country_code: c.countryCode, latitude: c.lat, longitude: c.lon, timezone: c.timezone, currency: c.currency, population: c.population };
    },
  }),
  defineTool({
    name: 'translate_text',
    category: 'external',
    description: 'Translate a short English text into Spanish, French or German.',
    params: { text: { type: 'string', description: 'English text.' }, target_language: { type: 'string', description: 'Language code.', enum: ['es', 'fr', 'de'] } },
    returns: '{translated_text, source_language, target_language}',
    external: true,
    impl: (a) => {
      const lex = LEXICON[a.str('target_language')] as Record<string, string>;
      const translated = a.str('text').replace(/[A-Za-z]+/g, (w) => lex[w.toLowerCase()] ?? w);
      return { translated_text: translated, source_language: 'en', target_language: a.str('target_language') };
    },
  }),
  defineTool({
    name: 'search_products',
    category: 'external',
    description: 'Search an online shop for products matching a query, optionally under a maximum price.',
    params: { query: { type: 'string', description: 'What to look for.' }, max_price: { type: 'float', description: 'Highest price in USD.', optional: true } },
    returns: '{products: [{name, price, rating}]}',
    external: true,
    impl: (a) => {
      const r = keyed(a.str('query'), 'products');
      const q = a.str('query').trim();
      const products = PRODUCT_KINDS.map((k) => ({ name: `${q} ${k}`, price: round(15 + r.next() * 300, 2), rating: round(3 + r.next() * 2, 1) }));
      return { products: products.filter((p) => !a.has('max_price') || p.price <= a.num('max_price')).slice(0, 4) };
    },
  }),
  defineTool({
    name: 'get_directions',
    category: 'external',
    description: 'Straight-line distance and travel time between two cities by car, train or plane.',
    params: { origin: city, destination: city, mode: { type: 'string', description: 'Travel mode.', enum: ['car', 'train', 'plane'], optional: true } },
    returns: '{distance_km, duration_hours, mode}',
    external: true,
    impl: (a) => {
      const o = cityOrSeeded(a.str('origin'));
      const d = cityOrSeeded(a.str('destination'));
      const rad = Math.PI / 180;
      const h = Math.sin(((d.lat - o.lat) * rad) / 2) ** 2 + Math.cos(o.lat * rad) * Math.cos(d.lat * rad) * Math.sin(((d.lon - o.lon) * rad) / 2) ** 2;
      const km = round(2 * 6371 * Math.asin(Math.sqrt(h)), 1);
      const mode = a.str('mode', 'car');
      const speed = mode === 'plane' ? 750 : mode === 'train' ? 140 : 80;
      return { distance_km: km, duration_hours: round(km / speed + (mode === 'plane' ? 2 : 0), 1), mode };
    },
  }),
];

const TLDS = ['com', 'org', 'net', 'io'];
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'page';

function searchResults(query: string, n: number): { title: string; url: string; snippet: string }[] {
  const r = keyed(query, 'search');
  const topic = query.trim();
  const angles = ['An overview of', 'Recent developments in', 'What experts say about', 'A beginner’s guide to', 'Five facts on', 'The future of'];
  return Array.from({ length: n }, (_, i) => {
    const angle = angles[(r.int(angles.length) + i) % angles.length] as string;
    const site = `${slug(topic).split('-')[0]}${i + 1}.${TLDS[i % TLDS.length]}`;
    const company = (COMPANIES[(r.int(COMPANIES.length) + i) % COMPANIES.length] as { name: string }).name;
    const city = (CITIES[(r.int(CITIES.length) + 3 * i) % CITIES.length] as { name: string }).name;
    return {
      title: `${angle} ${topic}`,
      url: `https://www.${site}/${slug(topic)}`,
      snippet: `${angle} ${topic}: analysts in ${city} report strong growth at ${company} and new investment, while critics point to slow adoption in some markets.`,
    };
  });
}

function requireUrl(url: string): URL {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return u;
  } catch {
    return fail('invalid_arguments', `'${url}' is not an http(s) URL`);
  }
}

export const WEB_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'web_search',
    category: 'web',
    description: 'Search the web.',
    params: { query: { type: 'string', description: 'Search terms.' }, max_results: { type: 'integer', description: 'Number of results, 1 to 10 (default 3).', optional: true } },
    returns: '{results: [{title, url, snippet}]}',
    external: true,
    impl: (a) => {
      const n = a.num('max_results', 3);
      if (n < 1 || n > 10) fail('invalid_arguments', "'max_results' must be between 1 and 10");
      if (a.str('query').trim() === '') fail('invalid_arguments', "'query' is empty");
      return { results: searchResults(a.str('query'), n) };
    },
  }),
  defineTool({
    name: 'web_page_fetch',
    category: 'web',
    description: 'Download a web page and return its title and readable text.',
    params: { url: { type: 'string', description: 'Page URL.' } },
    returns: '{url, title, content}',
    external: true,
    impl: (a) => {
      const u = requireUrl(a.str('url'));
      const topic = u.pathname.split('/').filter(Boolean).pop()?.replace(/-/g, ' ') || u.hostname;
      const r = keyed(a.str('url'), 'page');
      const company = r.pick(COMPANIES).name;
      const city = r.pick(CITIES).name;
      return {
        url: a.str('url'),
        title: `About ${topic}`,
        content: `${topic[0]?.toUpperCase()}${topic.slice(1)} is growing quickly. ${company} announced new products in ${city} this year. Experts expect strong demand to continue.`,
      };
    },
  }),
  defineTool({
    name: 'http_request',
    category: 'web',
    description: 'Send an HTTP request to an API and return the status and JSON body.',
    params: {
      method: { type: 'string', description: 'HTTP method.', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
      url: { type: 'string', description: 'Endpoint URL.' },
      body: { type: 'dict', description: 'JSON body for POST and PUT.', optional: true },
    },
    returns: '{status, body}',
    external: true,
    impl: (a) => {
      requireUrl(a.str('url'));
      const r = keyed(`${a.str('method')} ${a.str('url')}`, 'http');
      const m = a.str('method');
      return { status: m === 'POST' ? 201 : m === 'DELETE' ? 204 : 200, body: m === 'DELETE' ? null : { id: `res_${r.int(1e6)}`, ...(a.obj('body') as Record<string, Json>) } };
    },
  }),
  defineTool({
    name: 'check_url_status',
    category: 'web',
    description: 'Whether a URL is reachable, with its HTTP status code and response time.',
    params: { url: { type: 'string', description: 'The URL.' } },
    returns: '{url, status_code, reachable, response_ms}',
    external: true,
    impl: (a) => {
      requireUrl(a.str('url'));
      const r = keyed(a.str('url'), 'status');
      const code = r.pick([200, 200, 200, 200, 301, 404, 503]);
      return { url: a.str('url'), status_code: code, reachable: code < 400, response_ms: 40 + r.int(900) };
    },
  }),
  defineTool({
    name: 'dns_lookup',
    category: 'web',
    description: 'The IPv4 address a domain name resolves to.',
    params: { domain: { type: 'string', description: 'Domain, e.g. "example.com".' } },
    returns: '{domain, ip}',
    external: true,
    impl: (a) => {
      if (!/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i.test(a.str('domain').trim())) fail('invalid_arguments', `'${a.str('domain')}' is not a domain name`);
      const r = keyed(a.str('domain'), 'dns');
      return { domain: a.str('domain').trim().toLowerCase(), ip: `${11 + r.int(200)}.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}` };
    },
  }),
  defineTool({
    name: 'extract_links',
    category: 'web',
    description: 'Every URL in a text or HTML snippet.',
    params: { text: { type: 'string', description: 'Text or HTML.' } },
    returns: '{links}',
    impl: (a) => ({ links: [...new Set(a.str('text').match(/https?:\/\/[^\s"'<>)]+/g) ?? [])] }),
  }),
  defineTool({
    name: 'rss_feed_parse',
    category: 'web',
    description: 'The latest items of an RSS feed.',
    params: { feed_url: { type: 'string', description: 'Feed URL.' }, limit: { type: 'integer', description: 'Items to return (default 3).', optional: true } },
    returns: '{items: [{title, link, published}]}',
    external: true,
    impl: (a) => {
      const u = requireUrl(a.str('feed_url'));
      const r = keyed(a.str('feed_url'), 'rss');
      return {
        items: Array.from({ length: Math.max(1, Math.min(10, a.num('limit', 3))) }, (_, i) => ({
          title: `${u.hostname} update ${r.int(900) + 100}`,
          link: `https://${u.hostname}/posts/${i + 1}`,
          published: `2026-01-${String(14 - i).padStart(2, '0')}`,
        })),
      };
    },
  }),
  defineTool({
    name: 'parse_url',
    category: 'web',
    description: 'Split a URL into scheme, host, path and query parameters.',
    params: { url: { type: 'string', description: 'The URL.' } },
    returns: '{scheme, host, path, query}',
    impl: (a) => {
      const u = requireUrl(a.str('url'));
      return { scheme: u.protocol.replace(':', ''), host: u.hostname, path: u.pathname, query: Object.fromEntries(u.searchParams.entries()) };
    },
  }),
];
