/**
 * Deterministic, strictly meaning-preserving rewrites of a request (the
 * robustness paper's "rephrased queries", made by rules instead of a model):
 * surface forms of named entities, number words, synonyms of the request verb,
 * the request's frame, sentence order, punctuation and case. Each rewrite is
 * kept only if every ground-truth value the request stated can still be read
 * from the new text.
 */
import { looseText, parseNumberWords } from '../../core/entities';
import { isDict, type PyValue, pyType } from '../../core/pyvalue';
import type { PossibleAnswer } from '../../core/schema';
import { numberToWords } from '../../core/number-words';

export interface Perturbation {
  id: string;
  label: string;
  /** the rewritten text, or null where the rule does not apply */
  apply(text: string): string | null;
}

const STATES: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
const COUNTRIES: [string, string][] = [
  ['United States', 'USA'],
  ['United Kingdom', 'UK'],
  ['United Arab Emirates', 'UAE'],
];

const STATE_SWAP = new Map(
  STATES.flatMap(
    ([code, name]) =>
      [
        [code, name],
        [name, code],
      ] as [string, string][],
  ),
);
const STATE_AFTER_COMMA = new RegExp(`(, )(${[...STATES.map(([, n]) => n), ...STATES.map(([c]) => c)].sort((a, b) => b.length - a.length).join('|')})\\b(?! City)(?![\\w-])`, 'g');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Miami, Florida" ↔ "Miami, FL" (a state after a comma, where it names the state); country names ↔ their abbreviations. */
const entitySurface: Perturbation = {
  id: 'entity-surface',
  label: 'named-entity surface forms (state names ↔ codes, country abbreviations)',
  apply(text) {
    // one pass, so a name turned into its code is not turned back
    let out = text.replace(STATE_AFTER_COMMA, (m, sep: string, state: string) => `${sep}${STATE_SWAP.get(state) ?? state}`);
    for (const [long, short] of COUNTRIES) {
      out = out.replace(new RegExp(`\\b(the )?${escape(long)}\\b`, 'g'), short);
    }
    return out === text ? null : out;
  },
};

/** Small whole numbers as words: "7 days" → "seven days" (never inside ids, decimals, dates, money or percentages). */
const numberWords: Perturbation = {
  id: 'number-words',
  label: 'number words for digits (7 → seven)',
  apply(text) {
    // not in ids, decimals, times, money, exponents, code or literals: only a number standing as a word
    const out = text.replace(/(?<![\w.,:/$€£#^*=(\['"+-])(\d{1,2})(?![\w.,:/%^*)\]'"+-]|\.\d)/g, (m, d: string) => {
      const n = Number(d);
      return n >= 2 && n <= 20 && !d.startsWith('0') ? numberToWords(n) : m;
    });
    return out === text ? null : out;
  },
};

/** verb → its synonym, given the words after it (so "Show me" and "Search for" stay grammatical). */
const VERB_SYNONYMS: [string, (after: string) => string][] = [
  ['Find', (a) => (/^up\b/i.test(a) ? 'Get' : 'Look up')],
  ['Calculate', () => 'Compute'],
  ['Compute', () => 'Work out'],
  ['Get', () => 'Retrieve'],
  ['Retrieve', () => 'Fetch'],
  ['Fetch', () => 'Get'],
  ['Show', (a) => (/^me\b/i.test(a) ? 'Give' : 'Display')],
  ['Display', () => 'Show'],
  ['Give', () => 'Provide'],
  ['Provide', () => 'Give'],
  ['Search', (a) => (/^for\b/i.test(a) ? 'Look' : 'Look through')],
  ['Book', () => 'Reserve'],
  ['Reserve', () => 'Book'],
  ['Create', () => 'Set up'],
  ['Generate', () => 'Produce'],
  ['Determine', () => 'Work out'],
  ['Check', () => 'Verify'],
  ['Delete', () => 'Remove'],
  ['Remove', () => 'Delete'],
  ['Update', () => 'Change'],
  ['List', () => 'Show me'],
  ['Tell me', () => 'Let me know'],
  ['Send', () => 'Dispatch'],
  ['Cancel', () => 'Call off'],
  ['Schedule', () => 'Arrange'],
  ['Estimate', () => 'Approximate'],
  ['Predict', () => 'Forecast'],
  ['Convert', () => 'Change'],
  ['Add', () => 'Insert'],
  ['Look up', () => 'Find'],
  ['Identify', () => 'Determine'],
];

function matchCase(word: string, like: string): string {
  return like[0] === like[0]?.toLowerCase() ? word[0]?.toLowerCase() + word.slice(1) : word[0]?.toUpperCase() + word.slice(1);
}

/** The first request verb replaced by a synonym: "Find the…" → "Look up the…". */
const verbSynonym: Perturbation = {
  id: 'verb-synonym',
  label: 'a synonym of the request verb',
  apply(text) {
    let best: { at: number; from: string; to: (after: string) => string } | null = null;
    for (const [from, to] of VERB_SYNONYMS) {
      const m = new RegExp(`\\b${escape(from)}\\b`, 'i').exec(text);
      if (m && (best === null || m.index < best.at)) best = { at: m.index, from: m[0], to };
    }
    if (!best) return null;
    const end = best.at + best.from.length;
    const after = text.slice(end).trimStart();
    return text.slice(0, best.at) + matchCase(best.to(after), best.from) + text.slice(end);
  },
};

const FRAMES: [RegExp, (rest: string) => string][] = [
  [/^(?:Can|Could|Would) you (?:please )?(.+?)\?$/s, (r) => `Please ${r}.`],
  [/^Please (.+?)[.!]?$/s, (r) => `Could you ${r}?`],
  [/^I (?:want|need|would like) (?:you )?to (.+?)[.!]?$/s, (r) => `Please ${r}.`],
];

/** The request's frame: "Can you X?" ↔ "Please X." ↔ "I need to X." */
const requestFrame: Perturbation = {
  id: 'request-frame',
  label: 'the request frame (Can you …? ↔ Please ….)',
  apply(text) {
    const t = text.trim();
    for (const [re, make] of FRAMES) {
      const m = re.exec(t);
      if (m?.[1]) return make(m[1]);
    }
    return null;
  },
};

/** Two sentences in the other order, when the second stands on its own (no "it", "this", "that", "they" at its start). */
const sentenceOrder: Perturbation = {
  id: 'sentence-order',
  label: 'sentence order',
  apply(text) {
    const parts = text.trim().match(/[^.!?]+[.!?]+(?:\s+|$)/g);
    if (!parts || parts.length !== 2 || parts.join('').trim() !== text.trim()) return null;
    const [a, b] = parts.map((p) => p.trim()) as [string, string];
    if (/^(it|this|that|they|these|those|then|also|and|but|so|its|their)\b/i.test(b)) return null;
    return `${b} ${a}`;
  },
};

/** Punctuation, spacing and case: no final mark, first letter lower-case, a space after commas made double. */
const surface: Perturbation = {
  id: 'punctuation-case',
  label: 'punctuation, spacing and case',
  apply(text) {
    let out = text.trim().replace(/[.?!]+$/, '');
    const first = /^[A-Z][a-z]+\b/.exec(out)?.[0];
    // only a capitalised ordinary first word: never an acronym or a name we cannot tell apart
    if (first && /^(What|How|Which|Who|When|Where|Why|Is|Are|Can|Could|Would|Please|Find|Get|Show|Give|Tell|Calculate|Compute|Book|Create|List|Search|Check|My)$/.test(first)) {
      out = first.toLowerCase() + out.slice(first.length);
    }
    const comma = firstProseComma(out);
    if (comma >= 0) out = `${out.slice(0, comma + 1)} ${out.slice(comma + 1)}`;
    return out === text ? null : out;
  },
};

/** Index of the first ", word" outside brackets and quotes (never inside a literal the user gave), or -1. */
function firstProseComma(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || (c === "'" && !/\w/.test(text[i - 1] ?? ''))) quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0 && /^ [a-z]/.test(text.slice(i + 1, i + 3))) return i;
  }
  return -1;
}

export const PERTURBATIONS: readonly Perturbation[] = [entitySurface, numberWords, verbSynonym, requestFrame, sentenceOrder, surface];

/** Words in a loose text with state names/codes and country aliases as one token each. */
function canonicalWords(text: string): string {
  let t = ` ${looseText(text)} `;
  for (const [code, name] of STATES) t = t.replace(new RegExp(` (${looseText(name)}|${code.toLowerCase()}) `, 'g'), ` #${code} `);
  for (const [long, short] of COUNTRIES) t = t.replace(new RegExp(` (${looseText(long)}|${short.toLowerCase()}) `, 'g'), ` #${short} `);
  return t;
}

/** Numbers the text states, as digits or in words. */
function statedNumbers(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/-?\d+(?:\.\d+)?/g)) out.add(Number(m[0]));
  const words = looseText(text).split(' ');
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 4 && i + n <= words.length; n++) {
      const v = parseNumberWords(words.slice(i, i + n).join(' '));
      if (v !== null) out.add(v);
    }
  }
  return out;
}

/** Can `value` be read from the text? Strings up to case, punctuation and entity surface forms; numbers as digits or words. */
export function statesValue(text: string, value: PyValue): boolean {
  const t = pyType(value);
  if (t === 'str') {
    const v = canonicalWords(value as string).trim();
    return v !== '' && canonicalWords(text).includes(` ${v} `);
  }
  if (t === 'int' || t === 'float') {
    const n = typeof value === 'number' ? value : Number((value as { value: number }).value);
    return statedNumbers(text).has(n);
  }
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => statesValue(text, v));
  if (isDict(value)) return Object.values(value).every((v) => statesValue(text, v as PyValue));
  return false;
}

/** For each expected parameter, whether the text states one of its allowed values. */
function statedParameters(text: string, answers: readonly PossibleAnswer[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  answers.forEach((call, i) => {
    for (const [fn, params] of Object.entries(call)) {
      for (const [p, allowed] of Object.entries(params)) {
        out.set(
          `${i}:${fn}.${p}`,
          allowed.some((v) => v !== '' && statesValue(text, v)),
        );
      }
    }
  });
  return out;
}

/** Every value the original stated is still stated by the rewrite. */
export function keepsStatedValues(original: string, rewrite: string, answers: readonly PossibleAnswer[]): boolean {
  const before = statedParameters(original, answers);
  const after = statedParameters(rewrite, answers);
  for (const [k, stated] of before) if (stated && !after.get(k)) return false;
  return true;
}

export interface Rephrasing {
  text: string;
  /** ids of the rules that changed the text and kept its values */
  applied: string[];
}

/** All rules in turn, each kept only if the stated values survive it. */
export function rephrase(question: string, answers: readonly PossibleAnswer[], rules: readonly Perturbation[] = PERTURBATIONS): Rephrasing {
  let text = question;
  const applied: string[] = [];
  for (const rule of rules) {
    const next = rule.apply(text);
    if (next !== null && next !== text && keepsStatedValues(question, next, answers)) {
      text = next;
      applied.push(rule.id);
    }
  }
  return { text, applied };
}
