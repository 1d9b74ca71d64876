/** Date & time: real calendar arithmetic in UTC, with a fixed simulated clock. */
import { defineTool, fail } from '../define';
import { CITIES, SIMULATED_NOW } from './world';
import type { CompositionTool } from './categories';

const DAY = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Standard-time offsets (hours) of the time zones the world knows. */
const TIMEZONES: Record<string, number> = { UTC: 0, ...Object.fromEntries(CITIES.map((c) => [c.timezone, c.utcOffset])) };

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM[:SS][Z]' → ms since the epoch (UTC). */
export function parseIso(text: string, param: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?)?$/.exec(text.trim());
  if (!m) fail('invalid_arguments', `'${param}' must be an ISO date like 2026-03-04 or 2026-03-04T14:30`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const t = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
  if (new Date(t).getUTCDate() !== d || (h as number) > 23 || (mi as number) > 59 || (s as number) > 59) fail('invalid_arguments', `'${param}' is not a real date or time`);
  return t;
}

export const isoDate = (t: number): string => new Date(t).toISOString().slice(0, 10);
export const isoDateTime = (t: number): string => `${new Date(t).toISOString().slice(0, 19)}Z`;

function zone(name: string, param: string): number {
  const off = TIMEZONES[name.trim()];
  if (off === undefined) fail('not_found', `unknown time zone '${name}' in '${param}'; use an IANA name such as Europe/Paris`);
  return off;
}

function parseHuman(text: string): number {
  const t = text
    .trim()
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
    .replace(/,/g, '');
  const month = (w: string) => MONTHS.findIndex((m) => m.toLowerCase().startsWith(w.toLowerCase().slice(0, 3)));
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return parseIso(m[0], 'text');
  m = /^([A-Za-z]+)\s+(\d{1,2})\s+(\d{4})$/.exec(t);
  if (m && month(m[1] as string) >= 0) return Date.UTC(Number(m[3]), month(m[1] as string), Number(m[2]));
  m = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(t);
  if (m && month(m[2] as string) >= 0) return Date.UTC(Number(m[3]), month(m[2] as string), Number(m[1]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]));
  return fail('invalid_arguments', `cannot read a date in '${text}'; try "March 4, 2026", "4 March 2026", "03/04/2026" or "2026-03-04"`);
}

export const DATE_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'get_current_time',
    category: 'dates',
    description: 'The current date and time in a time zone.',
    params: { timezone: { type: 'string', description: 'IANA time zone, e.g. "Asia/Tokyo" (default UTC).', optional: true } },
    returns: '{datetime, timezone, weekday}',
    impl: (a) => {
      const tz = a.str('timezone', 'UTC');
      const t = Date.parse(SIMULATED_NOW) + zone(tz, 'timezone') * 3_600_000;
      return { datetime: isoDateTime(t).slice(0, 19), timezone: tz, weekday: WEEKDAYS[new Date(t).getUTCDay()] as string };
    },
  }),
  defineTool({
    name: 'convert_timezone',
    category: 'dates',
    description: 'Convert a date and time from one time zone to another (standard time).',
    params: {
      datetime: { type: 'string', description: 'ISO date and time, e.g. "2026-03-04T14:30".' },
      from_timezone: { type: 'string', description: 'IANA zone of the given time.' },
      to_timezone: { type: 'string', description: 'IANA zone wanted.' },
    },
    returns: '{datetime, timezone}',
    impl: (a) => {
      const t = parseIso(a.str('datetime'), 'datetime') + (zone(a.str('to_timezone'), 'to_timezone') - zone(a.str('from_timezone'), 'from_timezone')) * 3_600_000;
      return { datetime: isoDateTime(t).slice(0, 16), timezone: a.str('to_timezone') };
    },
  }),
  defineTool({
    name: 'calculate_date_diff',
    category: 'dates',
    description: 'Number of days (and weeks) from one date to another.',
    params: { start_date: { type: 'string', description: 'ISO date.' }, end_date: { type: 'string', description: 'ISO date.' } },
    returns: '{days, weeks}',
    impl: (a) => {
      const days = Math.round((parseIso(a.str('end_date'), 'end_date') - parseIso(a.str('start_date'), 'start_date')) / DAY);
      return { days, weeks: Math.trunc(days / 7) };
    },
  }),
  defineTool({
    name: 'format_date',
    category: 'dates',
    description: 'Write an ISO date in another style.',
    params: {
      date: { type: 'string', description: 'ISO date.' },
      style: { type: 'string', description: 'long: "March 4, 2026"; eu: "04/03/2026"; us: "03/04/2026"; weekday: "Wednesday, 4 March 2026".', enum: ['long', 'eu', 'us', 'weekday'] },
    },
    returns: '{formatted}',
    impl: (a) => {
      const d = new Date(parseIso(a.str('date'), 'date'));
      const dd = String(d.getUTCDate()).padStart(2, '0');
      const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
      const y = d.getUTCFullYear();
      const month = MONTHS[d.getUTCMonth()] as string;
      const styles: Record<string, string> = {
        long: `${month} ${d.getUTCDate()}, ${y}`,
        eu: `${dd}/${mm}/${y}`,
        us: `${mm}/${dd}/${y}`,
        weekday: `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${month} ${y}`,
      };
      return { formatted: styles[a.str('style')] as string };
    },
  }),
  defineTool({
    name: 'parse_date',
    category: 'dates',
    description: 'Read a date written by a person (e.g. "March 4, 2026" or "4 March 2026") as an ISO date.',
    params: { text: { type: 'string', description: 'The written date.' } },
    returns: '{date}',
    impl: (a) => ({ date: isoDate(parseHuman(a.str('text'))) }),
  }),
  defineTool({
    name: 'add_duration',
    category: 'dates',
    description: 'Add days, hours and/or minutes to a date.',
    params: {
      date: { type: 'string', description: 'ISO date or date-time.' },
      days: { type: 'integer', description: 'Days to add (may be negative).', optional: true },
      hours: { type: 'integer', description: 'Hours to add.', optional: true },
      minutes: { type: 'integer', description: 'Minutes to add.', optional: true },
    },
    returns: '{result_date}',
    impl: (a) => {
      const t = parseIso(a.str('date'), 'date') + a.num('days') * DAY + a.num('hours') * 3_600_000 + a.num('minutes') * 60_000;
      if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) fail('invalid_arguments', 'the resulting date is out of range');
      return { result_date: a.has('hours') || a.has('minutes') || a.str('date').includes('T') ? isoDateTime(t) : isoDate(t) };
    },
  }),
  defineTool({
    name: 'get_weekday',
    category: 'dates',
    description: 'The day of the week of a date.',
    params: { date: { type: 'string', description: 'ISO date.' } },
    returns: '{weekday}',
    impl: (a) => ({ weekday: WEEKDAYS[new Date(parseIso(a.str('date'), 'date')).getUTCDay()] as string }),
  }),
  defineTool({
    name: 'business_days_between',
    category: 'dates',
    description: 'Working days (Monday to Friday) from the start date up to, not including, the end date.',
    params: { start_date: { type: 'string', description: 'ISO date.' }, end_date: { type: 'string', description: 'ISO date.' } },
    returns: '{business_days}',
    impl: (a) => {
      const s = parseIso(a.str('start_date'), 'start_date');
      const e = parseIso(a.str('end_date'), 'end_date');
      if (e - s > 3660 * DAY) fail('invalid_arguments', 'the range is longer than ten years');
      let n = 0;
      for (let t = s; t < e; t += DAY) if (new Date(t).getUTCDay() % 6 !== 0) n++;
      return { business_days: n };
    },
  }),
];
