/** Data operations over lists of numbers and records, and string utilities and number formatting. */
import type { Json, JsonObject } from '../../core/types';
import { canonicalJson } from '../../core/canonical-json';
import { defineTool, fail, round } from '../define';
import type { CompositionTool } from './categories';
import { numberToWords, ONES, SCALES, TENS } from '../../core/number-words';

const records = { type: 'array', items: 'dict', description: 'The records, e.g. [{"name": "a", "value": 3}].' } as const;
const field = { type: 'string', description: 'Field name of the records.' } as const;
const numbersParam = { type: 'array', items: 'float', description: 'The numbers.' } as const;

const compare = (x: Json | undefined, y: Json | undefined): number => {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x ?? '').localeCompare(String(y ?? ''));
};

function matches(value: Json | undefined, op: string, target: Json): boolean {
  switch (op) {
    case 'eq':
      return canonicalJson(value ?? null) === canonicalJson(target);
    case 'ne':
      return canonicalJson(value ?? null) !== canonicalJson(target);
    case 'contains':
      return String(value ?? '')
        .toLowerCase()
        .includes(String(target).toLowerCase());
    default: {
      if (typeof value !== 'number' || typeof target !== 'number') return false;
      return op === 'gt' ? value > target : op === 'gte' ? value >= target : op === 'lt' ? value < target : value <= target;
    }
  }
}

function aggregate(xs: number[], op: string): number {
  if (xs.length === 0 && op !== 'count' && op !== 'sum') fail('invalid_arguments', 'nothing to aggregate');
  switch (op) {
    case 'sum':
      return round(
        xs.reduce((a, b) => a + b, 0),
        6,
      );
    case 'mean':
      return round(xs.reduce((a, b) => a + b, 0) / xs.length, 6);
    case 'min':
      return Math.min(...xs);
    case 'max':
      return Math.max(...xs);
    default:
      return xs.length;
  }
}

function numericField(rs: JsonObject[], f: string): number[] {
  return rs.map((r, i) => {
    const v = r[f];
    if (typeof v !== 'number') fail('invalid_arguments', `record ${i} has no numeric '${f}'`);
    return v;
  });
}

export const DATA_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'data_sort',
    category: 'data',
    description: 'Sort records by a field.',
    params: { records, field, descending: { type: 'boolean', description: 'Largest first.', optional: true } },
    returns: '{records}',
    impl: (a) => {
      const sorted = [...a.records('records')].sort((x, y) => compare(x[a.str('field')], y[a.str('field')]));
      return { records: a.bool('descending') ? sorted.reverse() : sorted };
    },
  }),
  defineTool({
    name: 'data_filter',
    category: 'data',
    description: 'Keep the records whose field satisfies a condition.',
    params: {
      records,
      field,
      operator: { type: 'string', description: 'Comparison.', enum: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains'] },
      value: { type: 'string', description: 'The value to compare with (numbers as digits).' },
    },
    returns: '{records, count}',
    impl: (a) => {
      const raw = a.str('value');
      const target: Json = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
      const kept = a.records('records').filter((r) => matches(r[a.str('field')], a.str('operator'), target));
      return { records: kept, count: kept.length };
    },
  }),
  defineTool({
    name: 'data_aggregate',
    category: 'data',
    description: 'Sum, mean, minimum, maximum or count of a list of numbers.',
    params: { values: numbersParam, operation: { type: 'string', description: 'The aggregate.', enum: ['sum', 'mean', 'min', 'max', 'count'] } },
    returns: '{result, operation}',
    impl: (a) => ({ result: aggregate(a.numbers('values'), a.str('operation')), operation: a.str('operation') }),
  }),
  defineTool({
    name: 'group_by',
    category: 'data',
    description: 'Group records by one field and aggregate another numeric field per group.',
    params: { records, group_field: field, value_field: field, operation: { type: 'string', description: 'The aggregate.', enum: ['sum', 'mean', 'min', 'max', 'count'] } },
    returns: '{groups: {group: result}}',
    impl: (a) => {
      const groups = new Map<string, JsonObject[]>();
      for (const r of a.records('records')) {
        const k = String(r[a.str('group_field')] ?? 'null');
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      const out: JsonObject = {};
      for (const k of [...groups.keys()].sort()) out[k] = aggregate(numericField(groups.get(k) as JsonObject[], a.str('value_field')), a.str('operation'));
      return { groups: out };
    },
  }),
  defineTool({
    name: 'normalize_data',
    category: 'data',
    description: 'Rescale numbers to 0–1 (min-max) or to zero mean and unit variance (z-score).',
    params: { values: numbersParam, method: { type: 'string', description: 'Scaling method.', enum: ['minmax', 'zscore'], optional: true } },
    returns: '{values}',
    impl: (a) => {
      const xs = a.numbers('values');
      if (xs.length === 0) fail('invalid_arguments', "'values' must not be empty");
      if (a.str('method', 'minmax') === 'minmax') {
        const lo = Math.min(...xs);
        const span = Math.max(...xs) - lo;
        return { values: xs.map((x) => (span === 0 ? 0 : round((x - lo) / span, 4))) };
      }
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
      return { values: xs.map((x) => (sd === 0 ? 0 : round((x - m) / sd, 4))) };
    },
  }),
  defineTool({
    name: 'merge_data',
    category: 'data',
    description: 'Join two lists of records on a shared key field.',
    params: { left: records, right: records, key: field },
    returns: '{records}',
    impl: (a) => {
      const k = a.str('key');
      const right = new Map(a.records('right').map((r) => [canonicalJson(r[k] ?? null), r]));
      return { records: a.records('left').flatMap((l) => (right.has(canonicalJson(l[k] ?? null)) ? [{ ...l, ...(right.get(canonicalJson(l[k] ?? null)) as JsonObject) }] : [])) };
    },
  }),
  defineTool({
    name: 'transform_format',
    category: 'data',
    description: 'Convert records to CSV, or CSV text to records.',
    params: { data: { type: 'string', description: 'CSV text, or records as a JSON text.' }, to_format: { type: 'string', description: 'Target format.', enum: ['csv', 'json'] } },
    returns: '{output}',
    impl: (a) => {
      const data = a.str('data');
      if (a.str('to_format') === 'json') {
        const [head, ...rows] = data.trim().split('\n');
        if (!head) fail('invalid_arguments', "'data' is empty");
        const cols = head.split(',');
        return { output: JSON.stringify(rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i] ?? `col${i}`, Number.isFinite(Number(v)) && v !== '' ? Number(v) : v])))) };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        fail('invalid_arguments', "'data' is not JSON");
      }
      if (!Array.isArray(parsed) || !parsed.every((r) => r && typeof r === 'object')) fail('invalid_arguments', "'data' must be a JSON list of records");
      const rows = parsed as Record<string, unknown>[];
      const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      return { output: [cols.join(','), ...rows.map((r) => cols.map((c) => String(r[c] ?? '')).join(','))].join('\n') };
    },
  }),
  defineTool({
    name: 'deduplicate_list',
    category: 'data',
    description: 'Remove repeated items from a list, keeping the first occurrence.',
    params: { items: { type: 'array', items: 'string', description: 'The items.' } },
    returns: '{items, removed}',
    impl: (a) => {
      const items = [...new Set(a.strings('items'))];
      return { items, removed: a.strings('items').length - items.length };
    },
  }),
];

const CASES = ['upper', 'lower', 'title', 'snake', 'camel', 'kebab'];
const wordsForCase = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export const STRING_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'string_replace',
    category: 'strings',
    description: 'Replace every occurrence of a substring.',
    params: { text: { type: 'string', description: 'The text.' }, find: { type: 'string', description: 'Substring to replace.' }, replace_with: { type: 'string', description: 'Replacement.' } },
    returns: '{text, replacements}',
    impl: (a) => {
      if (a.str('find') === '') fail('invalid_arguments', "'find' is empty");
      const parts = a.str('text').split(a.str('find'));
      return { text: parts.join(a.str('replace_with')), replacements: parts.length - 1 };
    },
  }),
  defineTool({
    name: 'split_text',
    category: 'strings',
    description: 'Split a text on a separator.',
    params: { text: { type: 'string', description: 'The text.' }, separator: { type: 'string', description: 'Separator, e.g. ",".' } },
    returns: '{parts}',
    impl: (a) => {
      if (a.str('separator') === '') fail('invalid_arguments', "'separator' is empty");
      return {
        parts: a
          .str('text')
          .split(a.str('separator'))
          .map((p) => p.trim()),
      };
    },
  }),
  defineTool({
    name: 'join_texts',
    category: 'strings',
    description: 'Join several texts with a separator.',
    params: { texts: { type: 'array', items: 'string', description: 'The texts.' }, separator: { type: 'string', description: 'Separator (default a space).', optional: true } },
    returns: '{text}',
    impl: (a) => ({ text: a.strings('texts').join(a.str('separator', ' ')) }),
  }),
  defineTool({
    name: 'truncate_text',
    category: 'strings',
    description: 'Shorten a text to at most a number of characters, adding "…" when cut.',
    params: { text: { type: 'string', description: 'The text.' }, max_length: { type: 'integer', description: 'Maximum characters, at least 1.' } },
    returns: '{text, truncated}',
    impl: (a) => {
      const n = a.num('max_length');
      if (n < 1) fail('invalid_arguments', "'max_length' must be at least 1");
      const chars = [...a.str('text')];
      return chars.length <= n ? { text: a.str('text'), truncated: false } : { text: `${chars.slice(0, n - 1).join('')}…`, truncated: true };
    },
  }),
  defineTool({
    name: 'slugify',
    category: 'strings',
    description: 'A URL-friendly slug of a title.',
    params: { text: { type: 'string', description: 'The title.' } },
    returns: '{slug}',
    impl: (a) => ({
      slug: a
        .str('text')
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    }),
  }),
  defineTool({
    name: 'case_convert',
    category: 'strings',
    description: 'Change the letter case of a text.',
    params: { text: { type: 'string', description: 'The text.' }, case: { type: 'string', description: 'Target case.', enum: CASES } },
    returns: '{text}',
    impl: (a) => {
      const t = a.str('text');
      const ws = wordsForCase(t);
      const cap = (w: string) => (w[0]?.toUpperCase() ?? '') + w.slice(1).toLowerCase();
      const out: Record<string, () => string> = {
        upper: () => t.toUpperCase(),
        lower: () => t.toLowerCase(),
        title: () => t.replace(/\p{L}[\p{L}']*/gu, cap),
        snake: () => ws.map((w) => w.toLowerCase()).join('_'),
        kebab: () => ws.map((w) => w.toLowerCase()).join('-'),
        camel: () => ws.map((w, i) => (i === 0 ? w.toLowerCase() : cap(w))).join(''),
      };
      return { text: (out[a.str('case')] as () => string)() };
    },
  }),
  defineTool({
    name: 'regex_match',
    category: 'strings',
    description: 'Every match of a regular expression in a text.',
    params: { text: { type: 'string', description: 'The text.' }, pattern: { type: 'string', description: 'A JavaScript regular expression, without slashes.' } },
    returns: '{matches, count}',
    impl: (a) => {
      let re: RegExp;
      try {
        re = new RegExp(a.str('pattern'), 'gu');
      } catch (e) {
        return fail('invalid_arguments', `invalid pattern: ${(e as Error).message}`);
      }
      if (a.str('pattern').length > 200) fail('invalid_arguments', "'pattern' is longer than 200 characters");
      const matches = [...a.str('text').slice(0, 20000).matchAll(re)].map((m) => m[0]).slice(0, 1000);
      return { matches, count: matches.length };
    },
  }),
];

function wordsToNumber(text: string): number {
  const words = text
    .toLowerCase()
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((w) => w && w !== 'and');
  if (words.length === 0) fail('invalid_arguments', "'text' is empty");
  let total = 0;
  let current = 0;
  let sign = 1;
  for (const w of words) {
    if (w === 'minus' || w === 'negative') sign = -1;
    else if (ONES.includes(w)) current += ONES.indexOf(w);
    else if (TENS.includes(w)) current += TENS.indexOf(w) * 10;
    else if (w === 'hundred') current *= 100;
    else {
      const scale = SCALES.find(([, s]) => s === w);
      if (!scale) fail('invalid_arguments', `'${w}' is not a number word`);
      total += current * scale[0];
      current = 0;
    }
  }
  return sign * (total + current);
}

export const FORMATTING_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'format_number',
    category: 'formatting',
    description: 'Format a number with thousands separators and fixed decimals, optionally as a currency amount.',
    params: {
      number: { type: 'float', description: 'The number.' },
      decimals: { type: 'integer', description: 'Digits after the point (default 2).', optional: true },
      currency: { type: 'string', description: 'ISO code to prefix, e.g. "EUR".', optional: true },
    },
    returns: '{formatted}',
    impl: (a) => {
      const d = a.num('decimals', 2);
      if (d < 0 || d > 10) fail('invalid_arguments', "'decimals' must be between 0 and 10");
      const [int, frac] = Math.abs(a.num('number')).toFixed(d).split('.') as [string, string | undefined];
      const body = `${a.num('number') < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
      return { formatted: a.has('currency') ? `${a.str('currency').toUpperCase()} ${body}` : body };
    },
  }),
  defineTool({
    name: 'number_to_text',
    category: 'formatting',
    description: 'Write a whole number in English words.',
    params: { number: { type: 'integer', description: 'A whole number up to 10^12 in size.' } },
    returns: '{text}',
    impl: (a) => {
      if (Math.abs(a.num('number')) >= 1e12) fail('invalid_arguments', "'number' is too large");
      return { text: numberToWords(a.num('number')) };
    },
  }),
  defineTool({
    name: 'text_to_number',
    category: 'formatting',
    description: 'Read a number written in English words.',
    params: { text: { type: 'string', description: 'e.g. "four hundred and twelve".' } },
    returns: '{number}',
    impl: (a) => ({ number: wordsToNumber(a.str('text')) }),
  }),
  defineTool({
    name: 'round_number',
    category: 'formatting',
    description: 'Round a number to a number of decimal places.',
    params: { number: { type: 'float', description: 'The number.' }, decimals: { type: 'integer', description: 'Decimal places, 0 to 10.' } },
    returns: '{result}',
    impl: (a) => {
      if (a.num('decimals') < 0 || a.num('decimals') > 10) fail('invalid_arguments', "'decimals' must be between 0 and 10");
      return { result: round(a.num('number'), a.num('decimals')) };
    },
  }),
  defineTool({
    name: 'encode_url',
    category: 'formatting',
    description: 'Percent-encode a text for use in a URL.',
    params: { text: { type: 'string', description: 'The text.' } },
    returns: '{encoded}',
    impl: (a) => ({ encoded: encodeURIComponent(a.str('text')) }),
  }),
];
