/** Surface forms that name the same thing: US states and their codes, number words. */
import { ONES, TENS } from './number-words';

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
};

const COUNTRY_ALIASES: string[][] = [
  ['united states', 'united states of america', 'usa', 'us', 'u s', 'u s a', 'america'],
  ['united kingdom', 'uk', 'u k', 'great britain', 'britain'],
  ['united arab emirates', 'uae'],
];

/** Lower-case, no accents, punctuation as spaces, single spaces. */
export function looseText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ALIAS_GROUP = new Map<string, number>();
Object.entries(US_STATES).forEach(([code, name], i) => {
  ALIAS_GROUP.set(looseText(code), i);
  ALIAS_GROUP.set(looseText(name), i);
});
COUNTRY_ALIASES.forEach((group, j) => group.forEach((a) => ALIAS_GROUP.set(looseText(a), 1000 + j)));

/** Replaces every part of a comma-separated value that is a known alias with a canonical token. */
export function canonicalEntities(loose: string): string {
  const whole = ALIAS_GROUP.get(loose);
  if (whole !== undefined) return `#${whole}`;
  // "Austin, TX" vs "Austin, Texas": compare part by part
  const words = loose.split(' ');
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const tail = words.slice(words.length - n).join(' ');
    const g = ALIAS_GROUP.get(tail);
    if (g !== undefined && words.length > n) return `${words.slice(0, words.length - n).join(' ')} #${g}`;
  }
  return loose;
}

const SMALL: Record<string, number> = Object.fromEntries([...ONES.map((w, i) => [w, i] as const), ...TENS.slice(2).map((w, i) => [w, (i + 2) * 10] as const), ['a', 1], ['an', 1]]);
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9, dozen: 12 };

/** "seven" → 7, "twenty one" → 21, "two hundred and five" → 205, "a dozen" → 12; null otherwise. */
export function parseNumberWords(text: string): number | null {
  const words = looseText(text)
    .split(' ')
    .filter((w) => w !== 'and');
  if (words.length === 0 || words.length > 12 || (words.length === 1 && (words[0] === 'a' || words[0] === 'an'))) return null;
  let total = 0;
  let current = 0;
  let any = false;
  for (const w of words) {
    const small = SMALL[w];
    if (small !== undefined) {
      current += small;
      any = true;
      continue;
    }
    const scale = SCALES[w];
    if (scale === undefined) return null;
    if (scale === 100 || scale === 12) current = (current || 1) * scale;
    else {
      total += (current || 1) * scale;
      current = 0;
    }
    any = true;
  }
  return any ? total + current : null;
}

export interface Quantity {
  value: number;
  /** lower-cased unit or currency ('' when none) */
  unit: string;
}

const QUANTITY = /^([$€£¥₹]?)\s*([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+)\s*([\p{L}%°$€£¥₹]{1,12}(?:\/[\p{L}]{1,8})?)?$/u;

/** Units and currencies a number may carry; anything else after a number makes the text not a quantity. */
const UNITS = new Set(
  (
    '% percent ° °c °f degrees c f k kelvin celsius fahrenheit $ € £ ¥ ₹ usd eur gbp jpy inr cad aud dollars dollar euros euro pounds pound ' +
    'km m cm mm nm mi miles mile ft feet foot in inch inches yd yards meters meter metres metre kilometers kilometres ' +
    'kg g mg lb lbs oz ounces ounce grams gram kilograms kilogram tons tonnes t ' +
    'l ml liters liter litres litre gal gallons gallon ' +
    's sec secs seconds second ms min mins minutes minute h hr hrs hours hour d days day wk weeks week months month yr yrs years year ' +
    'km/h kmh mph m/s kb mb gb tb hz khz mhz ghz w kw kwh v a mah px pt x times'
  ).split(' '),
);

/**
 * A whole text that is one number, optionally with a currency or a one-word unit:
 * "5 km" → 5 km, "$1,200.50" → 1200.5 $, "20%" → 20 %, "seven" → 7; null otherwise
 * ("DNA123", "19th century" and "x**2" are not quantities).
 */
export function parseQuantity(text: string): Quantity | null {
  const t = text.trim().replace(/\.$/, '');
  const m = QUANTITY.exec(t);
  if (m) {
    const unit = ((m[1] || m[3]) ?? '').toLowerCase();
    if (unit !== '' && !UNITS.has(unit)) return null;
    return { value: Number((m[2] as string).replace(/,/g, '')), unit };
  }
  const words = parseNumberWords(t);
  return words === null ? null : { value: words, unit: '' };
}

/** The number of a quantity text ("5 km" → 5), or null. */
export function looseNumber(text: string): number | null {
  return parseQuantity(text)?.value ?? null;
}

/** Same number, and the same unit where both name one. */
export function sameQuantity(a: string, b: string): boolean {
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa !== null && qb !== null && qa.value === qb.value && (qa.unit === qb.unit || qa.unit === '' || qb.unit === '');
}
