/**
 * WildAgtEval's CommunicationController: contacts, calls and messages of the current user
 * (`contacts.json`, `call_history.json`, `message_history.json`), calls placed on the home's phone.
 */
import type { PyDict, PyValue } from '../../core/pyvalue';
import { deviceByEndpoint, homeDevices } from './smarthome';
import type { WildFunction, WildState } from './state';
import { isoSeconds } from './transaction';
import { asDict, asDicts, asList, dict, num, str } from './values';

const fail = (message: string): PyDict => dict({ success: false, message });

const contacts = (s: WildState): PyDict[] => asDicts(s.data.contacts).filter((c) => c.user_id === s.user);
const contactName = (s: WildState, id: PyValue | undefined): PyValue => contacts(s).find((c) => c.contact_id === id)?.name ?? null;
const newestFirst = (a: PyDict, b: PyDict): number => (String(a.timestamp) < String(b.timestamp) ? 1 : String(a.timestamp) > String(b.timestamp) ? -1 : 0);
const appendTo = (s: WildState, file: 'call_history' | 'message_history', record: PyDict): void => {
  const list = Array.isArray(s.data[file]) ? (s.data[file] as PyValue[]) : [];
  list.push(record);
  s.data[file] = list;
};

const findContact: WildFunction = (s, p) => {
  const query = (str(p.query) ?? '').toLowerCase();
  if (!query) return fail('Search query is required');
  const type = str(p.search_type) ?? 'name';
  const limit = num(p.limit) ?? 5;
  const found = contacts(s).filter((c) => {
    if (type === 'phone') return asDicts(c.phone_numbers).some((n) => String(n.number ?? '').replace(/\D/g, '').includes(query.replace(/\D/g, '')));
    if (type === 'email') return String(c.email ?? '').toLowerCase().includes(query);
    return String(c.name ?? '').toLowerCase().includes(query);
  });
  const shown = found.slice(0, Math.max(0, limit));
  if (shown.length === 0) return fail(`No contacts found matching '${str(p.query) ?? ''}'`);
  return dict({ success: true, message: `Found ${shown.length} contact(s)`, contacts: shown });
};

const findCallDevice: WildFunction = (s) => {
  const devices = homeDevices(s).filter((d) => asList(d.supported_apis).includes('make_call'));
  if (devices.length === 0) return fail('No call devices found in your home');
  return dict({ success: true, message: `Found ${devices.length} call device(s)`, devices });
};

const makeCall: WildFunction = (s, p) => {
  const phone = str(p.phone_number);
  if (!phone) return fail('Phone number is required');
  const endpoint = str(p.device_endpoint);
  const device = endpoint ? deviceByEndpoint(s, endpoint) : homeDevices(s).find((d) => asList(d.supported_apis).includes('make_call'));
  if (!device) return fail(endpoint ? `Device ${endpoint} not found` : 'No call device available');
  if (!asList(device.supported_apis).includes('make_call')) return fail(`Device ${String(device.name)} does not support calls`);
  if (asDict(device.state)?.power !== 'on') return fail(`Device ${String(device.name)} is not powered on`);
  const callType = str(p.call_type) ?? 'audio';
  const callId = `call${asList(s.data.call_history).length + 1}`;
  appendTo(s, 'call_history', dict({ call_id: callId, user_id: s.user, contact_id: null, direction: 'outgoing', timestamp: isoSeconds(s.now), duration: 0, status: 'connecting', call_type: callType, device_endpoint: device.endpoint ?? null, phone_number: phone }));
  return dict({ success: true, message: `Call initiated to ${phone} using ${String(device.name)}`, call_id: callId, call_type: callType, status: 'connecting' });
};

const endCall: WildFunction = (s, p) => {
  const id = str(p.call_id);
  const call = asDicts(s.data.call_history).find((c) => c.user_id === s.user && (id === null ? c.status === 'connecting' : c.call_id === id));
  if (!call) return fail(id ? `Call ${id} not found` : 'No active call');
  call.status = 'completed';
  return dict({ success: true, message: `Call ${String(call.call_id)} ended`, call_id: call.call_id ?? null, status: 'completed' });
};

/** Python's datetime.isoformat() with microseconds, as the message log writes it (the frozen clock has none: `…T12:00:00`, plus Z as the traces show). */
const isoMicros = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}${ms % 1000 ? `.${String(ms % 1000).padStart(3, '0')}000` : ''}Z`;

const sendMessage: WildFunction = (s, p) => {
  const id = str(p.contact_id);
  const content = str(p.content);
  if (!id) return fail('Contact ID is required');
  if (!content) return fail('Message content is required');
  const contact = contacts(s).find((c) => c.contact_id === id);
  if (!contact) return fail(`Contact ${id} not found`);
  const messageId = `msg${asList(s.data.message_history).length + 1}`;
  const timestamp = isoMicros(s.now);
  appendTo(s, 'message_history', dict({ message_id: messageId, user_id: s.user, contact_id: id, direction: 'outgoing', timestamp, content, read: true }));
  return dict({ success: true, message: `Message sent to ${String(contact.name)}`, message_id: messageId, contact_name: contact.name ?? null, timestamp, has_response: false });
};

const getMessages: WildFunction = (s, p) => {
  const contactId = str(p.contact_id);
  const limit = num(p.limit) ?? 10;
  const messages = asDicts(s.data.message_history)
    .filter((m) => m.user_id === s.user && (contactId === null || m.contact_id === contactId))
    .sort(newestFirst)
    .slice(0, Math.max(0, limit))
    .map((m) => dict({ ...m, contact_name: contactName(s, m.contact_id) }));
  const scope = contactId === null ? 'across all contacts' : `with ${String(contactName(s, contactId))}`;
  return dict({ success: true, message: `Retrieved ${messages.length} messages ${scope}`, messages });
};

const WEEK_MS = 7 * 86_400_000;

/** A time range as the tools read it: `10w`, `3d`… (ISO 8601 durations `P10W`, `P3D` under the ad-hoc rule); null when unreadable. */
export function rangeMs(range: string): number | null {
  const m = /^P?(\d+)([DdWwMmHh])$/.exec(range.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] as string).toLowerCase();
  return unit === 'h' ? n * 3_600_000 : unit === 'd' ? n * 86_400_000 : unit === 'w' ? n * WEEK_MS : n * 30 * 86_400_000;
}

function durationText(seconds: number): string {
  const min = Math.floor(seconds / 60);
  const sec = seconds % 60;
  return min > 0 ? `${min} min ${sec} sec` : `${sec} sec`;
}

const getCallHistory: WildFunction = (s, p) => {
  const range = str(p.time_range);
  const span = range === null ? null : rangeMs(range);
  if (range !== null && span === null) return fail(`Invalid time range: ${range}`);
  const since = span === null ? -Infinity : s.now - span;
  const limit = num(p.limit) ?? 10;
  const calls = asDicts(s.data.call_history)
    .filter((c) => c.user_id === s.user && Date.parse(String(c.timestamp)) >= since)
    .sort(newestFirst)
    .slice(0, Math.max(0, limit))
    .map((c) => dict({ ...c, contact_name: contactName(s, c.contact_id), duration_formatted: durationText(num(c.duration) ?? 0) }));
  return dict({ success: true, message: `Retrieved ${calls.length} call records`, calls });
};

export const COMMUNICATION_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  find_contact: findContact,
  make_call: makeCall,
  end_call: endCall,
  send_message: sendMessage,
  get_messages: getMessages,
  get_call_history: getCallHistory,
  find_call_device: findCallDevice,
};
