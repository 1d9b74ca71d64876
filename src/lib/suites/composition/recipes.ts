/**
 * Task recipes, one list per composition level. A recipe draws values and
 * returns the user's request in natural language (never naming a tool) and
 * the steps, whose arguments may read earlier steps' outputs: the generator
 * runs the simulations to fill them in.
 */
import type { Rng } from '../../core/random';
import type { Json, JsonObject } from '../../core/types';
import {
  CURRENCY_NAMES,
  CHANNELS,
  DATES,
  DEPARTMENTS,
  FILE_PATHS,
  HUMAN_DATES,
  IPS,
  LANGUAGE_NAMES,
  MISSPELT,
  NUMBER_LISTS,
  PEOPLE_NAMES,
  PHRASES,
  PII_TEXTS,
  PRODUCTS,
  RECIPIENTS,
  REVIEWS,
  SHORT_TEXTS,
  SYMBOLS,
  TASK_CITIES,
  TIMEZONE_CHOICES,
  TOPICS,
  URLS,
  DOMAINS,
} from './values';

type Out = (step: number) => JsonObject;
interface DraftStep {
  tool: string;
  args: (o: Out) => JsonObject;
  /** indexes of the steps whose output this one reads */
  after?: number[];
}
export interface Draft {
  prompt: string;
  steps: DraftStep[];
  category: string;
  pattern: string;
}
export type Recipe = (r: Rng) => Draft;

const list = (xs: readonly (string | number)[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const two = <T>(r: Rng, xs: readonly T[]): [T, T] => r.sample(xs, 2) as [T, T];
const num = (v: Json | undefined): number => v as number;
const pluck = (xs: Json | undefined, k: string): Json[] => (xs as JsonObject[]).map((x) => x[k] as Json);
const single = (category: string, prompt: string, tool: string, args: JsonObject): Draft => ({ prompt, category, pattern: 'single', steps: [{ tool, args: () => args }] });

// ------------------------------------------------------------------ L0: one call

export const L0_RECIPES: Recipe[] = [
  (r) => {
    const [a, b] = [10 + r.int(990), 2 + r.int(98)];
    const op = r.pick(['+', '-', '*']);
    return single('math', `What is ${a} ${op === '*' ? '×' : op} ${b}?`, 'calculator', { expression: `${a} ${op} ${b}` });
  },
  (r) => {
    const city = r.pick(TASK_CITIES);
    return single('external', r.pick([`What's the weather like in ${city} right now?`, `Is it raining in ${city} at the moment?`]), 'get_weather', { city });
  },
  (r) => {
    const city = r.pick(TASK_CITIES);
    const days = 2 + r.int(5);
    return single('external', `What will the weather be in ${city} over the next ${days} days?`, 'get_forecast', { city, days });
  },
  (r) => {
    const [base, target] = two(r, Object.keys(CURRENCY_NAMES));
    return single('external', `How many ${CURRENCY_NAMES[target]} do I get for one ${base}? I need the current rate.`, 'get_exchange_rate', { base, target });
  },
  (r) => {
    const [from, to] = two(r, Object.keys(CURRENCY_NAMES));
    const amount = 50 + r.int(950);
    return single('external', `Convert ${amount} ${from} to ${to}.`, 'convert_currency', { amount, from_currency: from, to_currency: to });
  },
  (r) => {
    const symbol = r.pick(SYMBOLS);
    return single('external', `What is ${symbol} trading at today?`, 'get_stock_price', { symbol });
  },
  (r) => {
    const place = r.pick(TASK_CITIES);
    return single('external', `Which country is ${place} in, and what time zone does it use?`, 'get_location_info', { place });
  },
  (r) => {
    const text = r.pick(PHRASES);
    const lang = r.pick(Object.keys(LANGUAGE_NAMES));
    return single('external', `How do you say "${text}" in ${LANGUAGE_NAMES[lang]}?`, 'translate_text', { text, target_language: lang });
  },
  (r) => {
    const [origin, destination] = two(r, TASK_CITIES);
    const mode = r.pick(['car', 'train', 'plane']);
    return single('external', `How long does it take to get from ${origin} to ${destination} by ${mode}?`, 'get_directions', { origin, destination, mode });
  },
  (r) => {
    const query = r.pick(PRODUCTS);
    const max = 50 * (2 + r.int(6));
    return single('external', `Find me a ${query} for at most ${max} dollars.`, 'search_products', { query, max_price: max });
  },
  (r) => {
    const query = r.pick(TOPICS);
    return single('web', `Find some recent articles online about ${query}.`, 'web_search', { query });
  },
  (r) => {
    const text = r.pick(SHORT_TEXTS);
    return single('text', `Which people, places and organisations are mentioned here: "${text}"`, 'extract_entities', { text });
  },
  (r) => {
    const text = r.pick(REVIEWS);
    return single('text', `Is this review positive or negative? "${text}"`, 'sentiment_analysis', { text });
  },
  (r) => {
    const text = r.pick(SHORT_TEXTS);
    return single('text', `What are the main keywords of this sentence: "${text}"`, 'keyword_extract', { text });
  },
  (r) => {
    const text = r.pick(MISSPELT);
    return single('text', `Fix the spelling mistakes in: "${text}"`, 'spell_check', { text });
  },
  (r) => {
    const text = r.pick(REVIEWS);
    return single('nlp', `How many words are in "${text}"?`, 'word_count', { text });
  },
  (r) => {
    const text = r.pick(['gracias y hola, el precio es bueno', 'bonjour, la réunion est demain', 'danke, die Besprechung ist heute', 'the meeting is tomorrow and the price is good']);
    return single('retrieval', `What language is this written in: "${text}"?`, 'detect_language', { text });
  },
  (r) => {
    const text = r.pick(PHRASES);
    return single('encoding', `Encode "${text}" in Base64.`, 'base64_encode', { text });
  },
  (r) => {
    const text = r.pick(PHRASES);
    return single('encoding', `Compute the CRC-32 checksum of "${text}".`, 'hash_text', { text, algorithm: 'crc32' });
  },
  (r) => {
    const text = r.pick(PII_TEXTS);
    return single('encoding', `Hide the personal details in this note before I share it: "${text}"`, 'mask_pii', { text });
  },
  (r) => {
    const name = r.pick(PEOPLE_NAMES);
    return single('retrieval', `Who is ${name}?`, 'lookup_entity', { name });
  },
  (r) => {
    const department = r.pick(DEPARTMENTS);
    return single('retrieval', `List the employees of the ${department} department.`, 'database_query', { table: 'employees', where: { department } });
  },
  (r) => {
    const ip = r.pick(IPS);
    return single('retrieval', `Where in the world is the IP address ${ip}?`, 'ip_geolocation', { ip });
  },
  (r) => {
    const text = r.pick(RECIPIENTS);
    return single('retrieval', `Which domain does the address ${text} belong to?`, 'extract_domain', { text });
  },
  (r) => {
    const timezone = r.pick(TIMEZONE_CHOICES);
    return single('dates', `What time is it right now in the ${timezone} time zone?`, 'get_current_time', { timezone });
  },
  (r) => {
    const [from, to] = two(r, TIMEZONE_CHOICES);
    const datetime = `${r.pick(DATES)}T${String(8 + r.int(10)).padStart(2, '0')}:30`;
    return single('dates', `My call is at ${datetime} ${from} time. What time is that in ${to}?`, 'convert_timezone', { datetime, from_timezone: from, to_timezone: to });
  },
  (r) => {
    const [a, b] = two(r, DATES).sort();
    return single('dates', `How many days are there between ${a} and ${b}?`, 'calculate_date_diff', { start_date: a as string, end_date: b as string });
  },
  (r) => {
    const text = r.pick(HUMAN_DATES);
    return single('dates', `Turn "${text}" into an ISO date.`, 'parse_date', { text });
  },
  (r) => {
    const date = r.pick(DATES);
    const days = 5 + r.int(80);
    return single('dates', `What date is ${days} days after ${date}?`, 'add_duration', { date, days });
  },
  (r) => {
    const date = r.pick(DATES);
    return single('dates', `Which day of the week is ${date}?`, 'get_weekday', { date });
  },
  (r) => {
    const [a, b] = two(r, DATES).sort();
    return single('dates', `How many working days are there from ${a} up to ${b}?`, 'business_days_between', { start_date: a as string, end_date: b as string });
  },
  (r) => {
    const to = r.pick(RECIPIENTS);
    const subject = r.pick(['Budget review', 'Launch date', 'Quarterly numbers', 'Team offsite']);
    const body = r.pick(['Please send me your comments by Friday.', 'The meeting moved to Thursday.', 'Thanks for the update.']);
    return single('communication', `Write to ${to} with the subject "${subject}" and the text "${body}"`, 'send_email', { to, subject, body });
  },
  (r) => {
    const recipient = r.pick(CHANNELS);
    const text = r.pick(['Deploy finished', 'Lunch is here', 'Standup moved to 10:30']);
    return single('communication', `Tell everyone in ${recipient}: "${text}"`, 'send_message', { recipient, text });
  },
  (r) => {
    const text = r.pick(['call the bank', 'renew the passport', 'book the dentist']);
    const at = `${r.pick(DATES)}T09:00`;
    return single('communication', `Don't let me forget to ${text} — ping me at ${at}.`, 'set_reminder', { text, remind_at: at });
  },
  (r) => {
    const title = r.pick(['Design review', 'Budget planning', 'Hiring sync']);
    const attendees = two(r, RECIPIENTS);
    const start = `${r.pick(DATES)}T10:00`;
    return single('communication', `Set up "${title}" with ${list(attendees)} starting ${start}.`, 'schedule_meeting', { title, attendees, start_time: start });
  },
  (r) => {
    const name = r.pick(PEOPLE_NAMES);
    const email = `${name.split(' ')[0]?.toLowerCase()}@contacts.example`;
    return single('productivity', `Save ${name} (${email}) in my address book.`, 'create_contact', { name, email });
  },
  (r) => {
    const title = r.pick(['Dentist', 'Team dinner', 'Conference talk']);
    const date = r.pick(DATES);
    return single('productivity', `Put "${title}" in my calendar for ${date}.`, 'create_calendar_event', { title, date });
  },
  (r) => {
    const url = r.pick(URLS);
    return single('productivity', `I need a short link for ${url}.`, 'shorten_url', { url });
  },
  (r) => {
    const path = r.pick(FILE_PATHS);
    return single('files', `Show me what is in ${path}.`, 'read_file', { path });
  },
  (r) => {
    const value = 3 + r.int(97);
    const [from, to] = r.pick([
      ['miles', 'kilometers'],
      ['kilograms', 'pounds'],
      ['liters', 'gallons'],
      ['feet', 'meters'],
    ] as const);
    return single('math', `How many ${to} is ${value} ${from}?`, 'unit_convert', { value, from_unit: from, to_unit: to });
  },
  (r) => {
    const a = 100 + r.int(900);
    const b = 100 + r.int(900);
    return single('math', `Sales went from ${a} to ${b}. By what percent did they change?`, 'percentage_change', { old_value: a, new_value: b });
  },
  (r) => {
    const values = r.pick(NUMBER_LISTS);
    return single('math', `What is the average of ${list(values)}?`, 'average', { values });
  },
  (r) => {
    const values = r.pick(NUMBER_LISTS);
    return single('math', `Which is the smallest and which the largest of ${list(values)}?`, 'min_max', { values });
  },
  (r) => {
    const principal = 1000 * (1 + r.int(20));
    const rate = r.pick([2.5, 3, 3.5, 4.25]);
    const years = 3 + r.int(15);
    return single('math', `If I put ${principal} in savings at ${rate}% a year for ${years} years, what will it grow to?`, 'compound_interest', { principal, annual_rate: rate, years });
  },
  (r) => {
    const number = 100 + r.int(9900);
    return single('formatting', `Write ${number} out in words, as on a cheque.`, 'number_to_text', { number });
  },
  (r) => {
    const number = Math.round(r.next() * 1e6) / 100;
    const decimals = r.pick([0, 1, 3]);
    return single('formatting', `Round ${number} to ${decimals} decimal place${decimals === 1 ? '' : 's'}.`, 'round_number', { number, decimals });
  },
  (r) => {
    const text = r.pick(['Ten Tips for Better Sleep', 'Our Q3 Results Are In', 'How We Built a Faster Search']);
    return single('strings', `Make a URL slug for the title "${text}".`, 'slugify', { text });
  },
  (r) => {
    const email = r.pick([...RECIPIENTS, 'not-an-email@', 'bob@@example.com']);
    return single('state', `Is ${email} a valid email address?`, 'validate_email', { email });
  },
  (r) => {
    const key = r.pick(['favorite_city', 'home_airport', 'project_code']);
    return single('state', `What did I ask you to remember as my ${key.replace(/_/g, ' ')}? (It's stored under ${key}.)`, 'retrieve_memory', { key });
  },
  (r) => {
    const url = r.pick(URLS);
    return single('web', `Is ${url} up right now?`, 'check_url_status', { url });
  },
  (r) => {
    const domain = r.pick(DOMAINS);
    return single('web', `What IP address does ${domain} resolve to?`, 'dns_lookup', { domain });
  },
  (r) => {
    const number = r.pick([360, 1001, 2310, 9240, 65536]);
    return single('math', `Break ${number} down into its prime factors.`, 'prime_factors', { number });
  },
];

// ------------------------------------------------------------------ L1: a two-step chain

const chain = (category: string, prompt: string, first: DraftStep, second: (o: Out) => JsonObject, secondTool: string): Draft => ({
  prompt,
  category,
  pattern: 'chain',
  steps: [first, { tool: secondTool, args: second, after: [0] }],
});

export const L1_RECIPES: Recipe[] = [
  (r) => {
    const city = r.pick(TASK_CITIES);
    return chain(
      'external',
      `Check the weather in ${city} and convert the temperature to Fahrenheit.`,
      { tool: 'get_weather', args: () => ({ city }) },
      (o) => ({ value: num(o(0).temperature_c), from_unit: 'celsius', to_unit: 'fahrenheit' }),
      'unit_convert',
    );
  },
  (r) => {
    const symbol = r.pick(SYMBOLS);
    const to = r.pick(['EUR', 'GBP', 'JPY', 'CHF']);
    return chain(
      'external',
      `Get the current ${symbol} share price and tell me what it is in ${CURRENCY_NAMES[to]}.`,
      { tool: 'get_stock_price', args: () => ({ symbol }) },
      (o) => ({ amount: num(o(0).price), from_currency: 'USD', to_currency: to }),
      'convert_currency',
    );
  },
  (r) => {
    const query = r.pick(TOPICS);
    return chain(
      'web',
      `Search the web for ${query} and summarise the top result's snippet.`,
      { tool: 'web_search', args: () => ({ query }) },
      (o) => ({ text: ((o(0).results as JsonObject[])[0] as JsonObject).snippet as string }),
      'summarize_text',
    );
  },
  (r) => {
    const path = r.pick(FILE_PATHS);
    const [tool, ask] = r.pick([
      ['sentiment_analysis', 'tell me whether its tone is positive or negative'],
      ['keyword_extract', 'pull out its main keywords'],
      ['word_count', 'count its words'],
    ] as const);
    return chain('files', `Open ${path} and ${ask}.`, { tool: 'read_file', args: () => ({ path }) }, (o) => ({ text: o(0).content as string }), tool);
  },
  (r) => {
    const [a, b] = [12 + r.int(88), 11 + r.int(88)];
    return chain(
      'math',
      `Multiply ${a} by ${b} and write the result out in words.`,
      { tool: 'calculator', args: () => ({ expression: `${a} * ${b}` }) },
      (o) => ({ number: num(o(0).result) }),
      'number_to_text',
    );
  },
  (r) => {
    const name = r.pick(PEOPLE_NAMES);
    const subject = r.pick(['Invitation to speak', 'Interview request', 'Conference panel']);
    return chain(
      'communication',
      `Look up ${name}'s email address and send them a message with the subject "${subject}" and the text "We would be honoured to have you."`,
      { tool: 'lookup_entity', args: () => ({ name }) },
      (o) => ({ to: o(0).email as string, subject, body: 'We would be honoured to have you.' }),
      'send_email',
    );
  },
  (r) => {
    const place = r.pick(TASK_CITIES);
    return chain(
      'dates',
      `Find out which time zone ${place} is in, then tell me the current time there.`,
      { tool: 'get_location_info', args: () => ({ place }) },
      (o) => ({ timezone: o(0).timezone as string }),
      'get_current_time',
    );
  },
  (r) => {
    const text = r.pick(HUMAN_DATES);
    return chain(
      'dates',
      `Convert "${text}" to an ISO date and then tell me which weekday it falls on.`,
      { tool: 'parse_date', args: () => ({ text }) },
      (o) => ({ date: o(0).date as string }),
      'get_weekday',
    );
  },
  (r) => {
    const date = r.pick(DATES);
    const days = 10 + r.int(80);
    return chain(
      'dates',
      `Work out the date ${days} days after ${date} and write it in long form, like "March 4, 2026".`,
      { tool: 'add_duration', args: () => ({ date, days }) },
      (o) => ({ date: o(0).result_date as string, style: 'long' }),
      'format_date',
    );
  },
  (r) => {
    const department = r.pick(DEPARTMENTS);
    return chain(
      'retrieval',
      `Get the salaries of everyone in ${department} from the employee table and give me their average.`,
      { tool: 'database_query', args: () => ({ table: 'employees', where: { department } }) },
      (o) => ({ values: pluck(o(0).rows, 'salary') }),
      'average',
    );
  },
  (r) => {
    const [base, target] = two(r, ['USD', 'EUR', 'GBP', 'CHF']);
    const amount = 100 + r.int(900);
    return chain(
      'external',
      `Look up the ${base} to ${target} exchange rate and use a calculator to multiply ${amount} by it.`,
      { tool: 'get_exchange_rate', args: () => ({ base, target }) },
      (o) => ({ expression: `${amount} * ${num(o(0).rate)}` }),
      'calculator',
    );
  },
  (r) => {
    const text = r.pick(PHRASES);
    const lang = r.pick(Object.keys(LANGUAGE_NAMES));
    return chain(
      'external',
      `Translate "${text}" into ${LANGUAGE_NAMES[lang]}, then check which language the translation is detected as.`,
      { tool: 'translate_text', args: () => ({ text, target_language: lang }) },
      (o) => ({ text: o(0).translated_text as string }),
      'detect_language',
    );
  },
  (r) => {
    const key = 'favorite_city';
    const ask = r.pick(['what the weather is like there', 'the current weather there']);
    return chain(
      'state',
      `Recall my favourite city from memory (key ${key}) and tell me ${ask}.`,
      { tool: 'retrieve_memory', args: () => ({ key }) },
      (o) => ({ city: o(0).value as string }),
      'get_weather',
    );
  },
  (r) => {
    const text = r.pick(['Revenue was 2400 in the north, 1900 in the south and 2860 in the east.', 'We sold 14 chairs, 22 desks, 9 lamps and 31 notebooks.', 'Scores: 61, 58, 72, 64 and 77.']);
    return chain(
      'nlp',
      `Pull the numbers out of "${text}" and give me their descriptive statistics.`,
      { tool: 'extract_numbers', args: () => ({ text }) },
      (o) => ({ values: o(0).numbers as Json[] }),
      'statistical_analysis',
    );
  },
  (r) => {
    const text = r.pick(MISSPELT);
    const recipient = r.pick(CHANNELS);
    return chain(
      'communication',
      `Correct the spelling of "${text}" and post the corrected sentence to ${recipient}.`,
      { tool: 'spell_check', args: () => ({ text }) },
      (o) => ({ recipient, text: o(0).corrected as string }),
      'send_message',
    );
  },
  (r) => {
    const text = r.pick(PII_TEXTS);
    return chain(
      'encoding',
      `Mask the personal data in "${text}" and write the masked text to the log as an info event.`,
      { tool: 'mask_pii', args: () => ({ text }) },
      (o) => ({ level: 'info', message: o(0).masked as string }),
      'log_event',
    );
  },
  (r) => {
    const city = r.pick(TASK_CITIES);
    const days = 3 + r.int(4);
    return chain(
      'external',
      `Get the ${days}-day forecast for ${city} and average the daily highs.`,
      { tool: 'get_forecast', args: () => ({ city, days }) },
      (o) => ({ values: pluck(o(0).days, 'high_c') }),
      'average',
    );
  },
  (r) => {
    const url = r.pick(URLS);
    return chain(
      'web',
      `Fetch the page ${url} and list the people, places and organisations it mentions.`,
      { tool: 'web_page_fetch', args: () => ({ url }) },
      (o) => ({ text: o(0).content as string }),
      'extract_entities',
    );
  },
];

// ------------------------------------------------------------------ L2: independent calls, then one that combines them

const fanIn = (category: string, prompt: string, branches: DraftStep[], tool: string, combine: (outs: JsonObject[]) => JsonObject): Draft => ({
  prompt,
  category,
  pattern: 'fork-join',
  steps: [...branches, { tool, args: (o) => combine(branches.map((_, i) => o(i))), after: branches.map((_, i) => i) }],
});

export const L2_RECIPES: Recipe[] = [
  (r) => {
    const symbols = r.sample(SYMBOLS, 2 + r.int(2));
    return fanIn(
      'external',
      `Look up the share prices of ${list(symbols)} and tell me which costs the most.`,
      symbols.map((symbol) => ({ tool: 'get_stock_price', args: () => ({ symbol }) })),
      'min_max',
      (outs) => ({ values: outs.map((x) => x.price as Json) }),
    );
  },
  (r) => {
    const [a, b] = two(r, TASK_CITIES);
    return fanIn(
      'external',
      `How much warmer is ${a} than ${b} right now? Check both and subtract.`,
      [a, b].map((city) => ({ tool: 'get_weather', args: () => ({ city }) })),
      'calculator',
      (outs) => ({ expression: `${num(outs[0]?.temperature_c)} - ${num(outs[1]?.temperature_c)}` }),
    );
  },
  (r) => {
    const targets = r.sample(['EUR', 'GBP', 'CHF', 'CAD', 'AUD'], 2 + r.int(2));
    return fanIn(
      'external',
      `Get today's exchange rates from US dollars to ${list(targets)} and find the highest rate.`,
      targets.map((target) => ({ tool: 'get_exchange_rate', args: () => ({ base: 'USD', target }) })),
      'min_max',
      (outs) => ({ values: outs.map((x) => x.rate as Json) }),
    );
  },
  (r) => {
    const texts = r.sample(REVIEWS, 2);
    return fanIn(
      'nlp',
      `Count the words in each of these two reviews and add the counts together: "${texts[0]}" and "${texts[1]}"`,
      texts.map((text) => ({ tool: 'word_count', args: () => ({ text }) })),
      'data_aggregate',
      (outs) => ({ values: outs.map((x) => x.words as Json), operation: 'sum' }),
    );
  },
  (r) => {
    const [origin, ...others] = r.sample(TASK_CITIES, 3) as [string, string, string];
    return fanIn(
      'external',
      `Which is closer to ${origin} by car: ${others[0]} or ${others[1]}? Get both distances and compare them.`,
      others.map((destination) => ({ tool: 'get_directions', args: () => ({ origin, destination, mode: 'car' }) })),
      'min_max',
      (outs) => ({ values: outs.map((x) => x.distance_km as Json) }),
    );
  },
  (r) => {
    const texts = r.sample(REVIEWS, 2 + r.int(2));
    return fanIn(
      'text',
      `Score the sentiment of each of these reviews and average the scores: ${texts.map((t) => `"${t}"`).join(' ')}`,
      texts.map((text) => ({ tool: 'sentiment_analysis', args: () => ({ text }) })),
      'average',
      (outs) => ({ values: outs.map((x) => x.score as Json) }),
    );
  },
  (r) => {
    const [a, b] = two(r, TASK_CITIES);
    return fanIn(
      'retrieval',
      `What is the combined population of ${a} and ${b}? Look both up and add them.`,
      [a, b].map((name) => ({ tool: 'get_location_info', args: () => ({ place: name }) })),
      'data_aggregate',
      (outs) => ({ values: outs.map((x) => x.population as Json), operation: 'sum' }),
    );
  },
];

// ------------------------------------------------------------------ L3: DAGs with a fork and a merge

export const L3_RECIPES: Recipe[] = [
  (r) => {
    const query = r.pick(TOPICS);
    const to = r.pick(RECIPIENTS);
    return {
      prompt: `Search the web for "${query}", run entity extraction and sentiment analysis on the top result's snippet at the same time, put both into a report titled "${query}", and email the report to ${to}.`,
      category: 'web',
      pattern: 'diamond+tail',
      steps: [
        { tool: 'web_search', args: () => ({ query }) },
        { tool: 'extract_entities', args: (o) => ({ text: ((o(0).results as JsonObject[])[0] as JsonObject).snippet as string }), after: [0] },
        { tool: 'sentiment_analysis', args: (o) => ({ text: ((o(0).results as JsonObject[])[0] as JsonObject).snippet as string }), after: [0] },
        { tool: 'generate_report', args: (o) => ({ title: query, sections: { entities: pluck(o(1).entities, 'text'), sentiment: o(2).sentiment as string } }), after: [1, 2] },
        { tool: 'send_email', args: (o) => ({ to, subject: query, body: o(3).report as string }), after: [3] },
      ],
    };
  },
  (r) => {
    const path = r.pick(FILE_PATHS);
    const out = `/reports/${path
      .split('/')
      .pop()
      ?.replace(/\.\w+$/, '')}_digest.md`;
    return {
      prompt: `Read ${path}; from its content, get a one-sentence summary and the top keywords in parallel; combine them into a report titled "Digest" and save it to ${out}.`,
      category: 'files',
      pattern: 'diamond+tail',
      steps: [
        { tool: 'read_file', args: () => ({ path }) },
        { tool: 'summarize_text', args: (o) => ({ text: o(0).content as string, max_sentences: 1 }), after: [0] },
        { tool: 'keyword_extract', args: (o) => ({ text: o(0).content as string }), after: [0] },
        { tool: 'generate_report', args: (o) => ({ title: 'Digest', sections: { summary: o(1).summary as string, keywords: o(2).keywords as Json } }), after: [1, 2] },
        { tool: 'write_file', args: (o) => ({ path: out, content: o(3).report as string }), after: [3] },
      ],
    };
  },
  (r) => {
    const target = r.pick(['EUR', 'GBP', 'CHF', 'JPY']);
    const [p1, p2] = [20 + r.int(480), 20 + r.int(480)];
    const channel = r.pick([null, r.pick(CHANNELS)]);
    const steps: DraftStep[] = [
      { tool: 'get_exchange_rate', args: () => ({ base: 'USD', target }) },
      { tool: 'calculator', args: (o) => ({ expression: `${p1} * ${num(o(0).rate)}` }), after: [0] },
      { tool: 'calculator', args: (o) => ({ expression: `${p2} * ${num(o(0).rate)}` }), after: [0] },
      { tool: 'min_max', args: (o) => ({ values: [o(1).result as Json, o(2).result as Json] }), after: [1, 2] },
    ];
    if (channel) steps.push({ tool: 'send_message', args: (o) => ({ recipient: channel, text: `Cheapest offer: ${num(o(3).min)} ${target}` }), after: [3] });
    return {
      prompt: `Get the USD to ${target} rate, convert two offers of ${p1} and ${p2} US dollars with it (one calculation each), find the cheaper result${channel ? `, and post "Cheapest offer: <amount> ${target}" to ${channel}` : ''}.`,
      category: 'external',
      pattern: channel ? 'diamond+tail' : 'diamond',
      steps,
    };
  },
  (r) => {
    const place = r.pick(TASK_CITIES);
    const channel = r.pick(CHANNELS);
    return {
      prompt: `For ${place}: look up its location details, then in parallel get the current local time (in its time zone) and the current weather; combine both into a report titled "${place} now", post the report to ${channel}, and log an info event "report sent: <message id>" with the id of that post.`,
      category: 'external',
      pattern: 'diamond+tail',
      steps: [
        { tool: 'get_location_info', args: () => ({ place }) },
        { tool: 'get_current_time', args: (o) => ({ timezone: o(0).timezone as string }), after: [0] },
        { tool: 'get_weather', args: (o) => ({ city: o(0).place as string }), after: [0] },
        {
          tool: 'generate_report',
          args: (o) => ({ title: `${place} now`, sections: { local_time: o(1).datetime as string, weather: `${num(o(2).temperature_c)} C, ${o(2).condition as string}` } }),
          after: [1, 2],
        },
        { tool: 'send_message', args: (o) => ({ recipient: channel, text: o(3).report as string }), after: [3] },
        { tool: 'log_event', args: (o) => ({ level: 'info', message: `report sent: ${o(4).message_id as string}` }), after: [4] },
      ],
    };
  },
  (r) => {
    const department = r.pick(DEPARTMENTS);
    const out = `/reports/${department}_salaries.md`;
    return {
      prompt: `Query the salaries of the ${department} department; compute their average and, separately, their minimum and maximum; put the average and the highest salary in a report titled "${department} salaries" and save it to ${out}.`,
      category: 'retrieval',
      pattern: 'diamond+tail',
      steps: [
        { tool: 'database_query', args: () => ({ table: 'employees', where: { department } }) },
        { tool: 'average', args: (o) => ({ values: pluck(o(0).rows, 'salary') }), after: [0] },
        { tool: 'min_max', args: (o) => ({ values: pluck(o(0).rows, 'salary') }), after: [0] },
        { tool: 'generate_report', args: (o) => ({ title: `${department} salaries`, sections: { average: o(1).mean as Json, highest: o(2).max as Json } }), after: [1, 2] },
        { tool: 'write_file', args: (o) => ({ path: out, content: o(3).report as string }), after: [3] },
      ],
    };
  },
  (r) => {
    const name = r.pick(PEOPLE_NAMES);
    return {
      prompt: `Look up ${name}; using their city, get the weather and the location details there in parallel; make a report titled "Trip to see ${name}" with the temperature and the time zone; then email it to ${name}'s address.`,
      category: 'communication',
      pattern: 'diamond+merge',
      steps: [
        { tool: 'lookup_entity', args: () => ({ name }) },
        { tool: 'get_weather', args: (o) => ({ city: o(0).city as string }), after: [0] },
        { tool: 'get_location_info', args: (o) => ({ place: o(0).city as string }), after: [0] },
        { tool: 'generate_report', args: (o) => ({ title: `Trip to see ${name}`, sections: { temperature_c: o(1).temperature_c as Json, timezone: o(2).timezone as string } }), after: [1, 2] },
        { tool: 'send_email', args: (o) => ({ to: o(0).email as string, subject: `Trip to see ${name}`, body: o(3).report as string }), after: [0, 3] },
      ],
    };
  },
];
