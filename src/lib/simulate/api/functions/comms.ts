/** Calls and messages. */
import type { Json, JsonObject } from '../../../core/types';
import { fail } from '../../define';
import { apiFunction, type ApiFunction, int, oneOf, str } from '../define';
import { nextId, SIM_NOW, type World } from '../world';
import { deviceAt } from './home';

const digits = (v: string): string => v.replace(/[^0-9]/g, '');

function contactByPhone(world: World, phone: string) {
  const d = digits(phone).slice(-10);
  return world.contacts.find((c) => digits(c.phone) === d) ?? null;
}

/** E.164 for our (US) numbers: +1 and the ten digits. */
const e164 = (v: Json): Json => (typeof v === 'string' && digits(v).length === 10 ? `+1${digits(v)}` : v);
const parseE164 = (v: Json): Json | null => (typeof v === 'string' && /^\+1\d{10}$/.test(v) ? v.slice(2) : null);

const DURATION = /^P(?:(\d+)W|(\d+)D)$/;
const UNIT_DAYS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7 };
/** days from "P2W" / "P10D" or from "2 weeks" / "10 days" */
function rangeDays(v: string, strict: boolean): number | null {
  const iso = DURATION.exec(v.trim().toUpperCase());
  if (iso) return iso[1] ? Number(iso[1]) * 7 : Number(iso[2]);
  if (strict) return null;
  const m = /^(\d+)\s*(days?|weeks?)$/.exec(v.trim().toLowerCase());
  return m ? Number(m[1]) * (UNIT_DAYS[m[2] as string] as number) : null;
}

const phoneAdHoc = (param: string) => ({
  param,
  rule: `${param} must be in E.164 format: '+', country code, number, no spaces or dashes (e.g. +13148631141)`,
  format: e164,
  parse: parseE164,
  message: 'Invalid phone number format.',
});

const DAY_MS = 86_400_000;

export const COMMS_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'find_contact',
    domain: 'communication',
    cls: 'support',
    description: 'Find contacts by name.',
    params: { query: str('name or part of it') },
    returns: 'contacts with contact_id and phone',
    impl: (a, { world }) => {
      const q = a.str('query').trim().toLowerCase();
      if (!q) fail('invalid_arguments', 'query must not be empty');
      return { contacts: world.contacts.filter((c) => c.name.toLowerCase().includes(q)) as unknown as JsonObject[] };
    },
  }),
  apiFunction({
    name: 'find_call_device',
    domain: 'communication',
    cls: 'support',
    description: 'Devices that can place calls.',
    returns: 'devices',
    impl: (_a, { world }) => ({ devices: world.devices.filter((d) => d.type === 'phone').map((d) => ({ endpoint: d.endpoint, name: d.name, power: d.power })) }),
    complexity: {
      irrelevant: {
        field: 'devices',
        entries: (world) =>
          world.devices
            .filter((d) => d.type !== 'phone')
            .slice(0, 4)
            .map((d) => ({ endpoint: d.endpoint, name: d.name, power: d.power })),
      },
      unclear: { name: 'find_communication_device', description: 'Find devices that support communication features for call functionality.', params: {} },
    },
  }),
  apiFunction({
    name: 'make_call',
    domain: 'communication',
    cls: 'side_effect',
    key: ['phone_number'],
    description: 'Call a phone number from a call device.',
    params: { phone_number: str('number to call'), device_endpoint: str('the call device'), call_type: oneOf(['audio', 'video'], 'audio or video', true) },
    returns: 'call_id, status',
    impl: (a, { world }) => {
      const d = deviceAt(world, a.str('device_endpoint'));
      if (d.type !== 'phone') fail('invalid_arguments', `${d.name} cannot place calls`);
      if (d.power !== 'on') fail('execution_error', `Device ${d.name} is not powered on`);
      if (digits(a.str('phone_number')).length < 10) fail('invalid_arguments', 'Invalid phone number.');
      const call_id = nextId(world, 'call', 'call', 4);
      world.activeCall = { call_id, phone: a.str('phone_number'), device: d.endpoint };
      return { call_id, status: 'connecting', to: a.str('phone_number'), call_type: a.str('call_type', 'audio') };
    },
    complexity: {
      ad_hoc: phoneAdHoc('phone_number'),
      dependency: 'The call device must be powered on first (power_on).',
      notice: 'Calls over Wi-Fi may show your number as "Unknown" to some carriers.',
      system_failure: { code: 'SIP_TRUNK_REGISTRATION_LOST', message: 'SIP trunk registration lost: 403 from proxy pbx-w2.carrier.net, TLS session resumption failed (alert 40)' },
    },
  }),
  apiFunction({
    name: 'end_call',
    domain: 'communication',
    cls: 'side_effect',
    description: 'Hang up the active call.',
    returns: 'call_id',
    impl: (_a, { world }) => {
      if (!world.activeCall) fail('execution_error', 'No active call');
      const id = world.activeCall.call_id;
      world.activeCall = null;
      return { call_id: id, status: 'ended' };
    },
    complexity: { dependency: 'Only a call started with make_call can be ended.' },
  }),
  apiFunction({
    name: 'send_message',
    domain: 'communication',
    cls: 'side_effect',
    key: ['recipient', 'message'],
    description: 'Send a text message.',
    params: { recipient: str("recipient's phone number"), message: str('text') },
    returns: 'message_id',
    impl: (a, { world }) => {
      const c = contactByPhone(world, a.str('recipient'));
      if (!c) fail('not_found', `No contact with number ${a.str('recipient')}`);
      if (!a.str('message').trim()) fail('invalid_arguments', 'message must not be empty');
      const id = nextId(world, 'message', 'msg', 3);
      world.messages.push({ message_id: id, contact_id: c.contact_id, direction: 'outgoing', text: a.str('message'), timestamp: SIM_NOW });
      return { message_id: id, to: c.name };
    },
    complexity: {
      ad_hoc: phoneAdHoc('recipient'),
      system_failure: { code: 'SMSC_QUEUE_OVERFLOW', message: 'SMSC queue overflow on smsc-03: submit_sm throttled (ESME_RTHROTTLED 0x58), message not persisted' },
    },
  }),
  apiFunction({
    name: 'get_messages',
    domain: 'communication',
    cls: 'core',
    description: 'Recent messages, newest first.',
    params: { limit: int('how many', true) },
    returns: 'messages',
    impl: (a, { world }) => ({ messages: [...world.messages].sort((x, y) => y.timestamp.localeCompare(x.timestamp)).slice(0, a.num('limit', 5)) as unknown as JsonObject[] }),
    complexity: {
      ambiguous: { limit: 'default 5' },
      feature_limit: {
        when: (a) => typeof a.limit !== 'number' || a.limit > 2,
        message: 'Message history beyond the two most recent messages is temporarily unavailable.',
        workaround: () => ({ api: 'get_messages', params: { limit: 2 } }),
      },
      irrelevant: { field: 'messages', entries: () => [{ message_id: 'promo', text: 'PROMO: Reply YES for 50% off your next pizza!', timestamp: '2025-07-17T11:00:00Z', direction: 'incoming' }] },
    },
  }),
  apiFunction({
    name: 'get_call_history',
    domain: 'communication',
    cls: 'core',
    key: ['time_range'],
    description: 'Calls within a time range back from now.',
    params: { time_range: str('how far back') },
    returns: 'calls',
    impl: (a, { world }) => {
      const days = rangeDays(a.str('time_range'), false);
      if (days === null) fail('invalid_arguments', `Cannot read time_range '${a.str('time_range')}'`);
      const since = Date.parse(SIM_NOW) - days * DAY_MS;
      return { calls: world.calls.filter((c) => Date.parse(c.timestamp) >= since) as unknown as JsonObject[] };
    },
    complexity: {
      ad_hoc: {
        param: 'time_range',
        rule: 'time_range must be an ISO 8601 duration in weeks or days (P2W, P10D)',
        format: (v) => {
          const d = typeof v === 'string' ? rangeDays(v, false) : null;
          return d === null ? v : d % 7 === 0 ? `P${d / 7}W` : `P${d}D`;
        },
        parse: (v) => (typeof v === 'string' && rangeDays(v, true) !== null ? v : null),
        message: 'Invalid time range format.',
      },
      feature_limit: {
        when: (a) => rangeDays(String(a.time_range ?? ''), false) === null || (rangeDays(String(a.time_range), false) as number) > 14,
        message: 'Extended historical data is temporarily unavailable; the last 14 days of call records remain accessible.',
        workaround: () => ({ api: 'get_call_history', params: { time_range: '2 weeks' } }),
      },
    },
  }),
];
