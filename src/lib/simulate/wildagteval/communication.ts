/**
 * WildAgtEval's CommunicationController: contacts, calls and messages of the current user
 * (`contacts.json`, `call_history.json`, `message_history.json`), calls placed on the home's phone.
 */
import type { PyDict, PyValue } from '../../core/pyvalue';
import { currentUser, deviceByEndpoint, homeDevices } from './smarthome';
import { dataList, isoNaive, isoSeconds, type WildFunction, type WildState } from './state';
import { switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, byText, dict, fail, num, str } from './values';

const contacts = (s: WildState): PyDict[] => asDicts(s.data.contacts).filter((c) => c.user_id === s.user);
const contactName = (s: WildState, id: PyValue | undefined): PyValue => contacts(s).find((c) => c.contact_id === id)?.name ?? null;

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
  if (!currentUser(s)) return fail('No current user');
  const phone = str(p.phone_number);
  if (!phone) return fail('Phone number is required');
  if (switchOn(s, 'ADHOC', 'make_call') && !/^(\+|D:)\d+$/.test(phone)) return fail('Invalid phone number format.');
  const failure = systemFailure(s, 'make_call');
  if (failure) return failure;
  const endpoint = str(p.device_endpoint);
  const device = endpoint ? deviceByEndpoint(s, endpoint) : homeDevices(s).find((d) => asList(d.supported_apis).includes('make_call'));
  if (!device) return fail(endpoint ? `Device ${endpoint} not found` : 'No call device available');
  if (!asList(device.supported_apis).includes('make_call')) return fail(`Device ${String(device.name)} does not support calls`);
  if (asDict(device.state)?.power !== 'on') return fail(`Device ${String(device.name)} is not powered on`);
  const callType = str(p.call_type) ?? 'audio';
  const callId = `call${asList(s.data.call_history).length + 1}`;
  dataList(s, 'call_history').push(dict({ call_id: callId, user_id: s.user, contact_id: null, direction: 'outgoing', timestamp: isoSeconds(s.now), duration: 0, status: 'connecting', call_type: callType, device_endpoint: device.endpoint ?? null, phone_number: phone }));
  // a number written as a contact has it names the contact (the ad-hoc `D:` form never matches, as in the traces)
  const callee = contacts(s).find((c) => asDicts(c.phone_numbers).some((n) => n.number === phone))?.name ?? phone;
  return dict({ success: true, message: `Call initiated to ${String(callee)} using ${String(device.name)}`, call_id: callId, call_type: callType, status: 'connecting' });
};

const endCall: WildFunction = (s, p) => {
  const id = str(p.call_id);
  const call = asDicts(s.data.call_history).find((c) => c.user_id === s.user && (id === null ? c.status === 'connecting' : c.call_id === id));
  if (!call) return fail(id ? `Call ${id} not found` : 'No active call');
  call.status = 'completed';
  return dict({ success: true, message: `Call ${String(call.call_id)} ended`, call_id: call.call_id ?? null, status: 'completed' });
};


const sendMessage: WildFunction = (s, p) => {
  const id = str(p.contact_id);
  const content = str(p.content);
  if (!id) return fail('Contact ID is required');
  if (!content) return fail('Message content is required');
  const contact = contacts(s).find((c) => c.contact_id === id);
  if (!contact) return fail(`Contact ${id} not found`);
  const failure = systemFailure(s, 'send_message');
  if (failure) return failure;
  const messageId = `msg${asList(s.data.message_history).length + 1}`;
  // isoformat() plus Z, as the message log's traces show
  const timestamp = `${isoNaive(s.now)}Z`;
  dataList(s, 'message_history').push(dict({ message_id: messageId, user_id: s.user, contact_id: id, direction: 'outgoing', timestamp, content, read: true }));
  return dict({ success: true, message: `Message sent to ${String(contact.name)}`, message_id: messageId, contact_name: contact.name ?? null, timestamp, has_response: false });
};

const getMessages: WildFunction = (s, p) => {
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'get_messages')) return fail('Retrieving all messages is temporarily limited to recent history');
  const contactId = str(p.contact_id);
  const limit = num(p.limit) ?? 10;
  const messages = asDicts(s.data.message_history)
    .filter((m) => m.user_id === s.user && (contactId === null || m.contact_id === contactId))
    .sort(byText('timestamp', true))
    .slice(0, Math.max(0, limit))
    .map((m) => dict({ ...m, contact_name: contactName(s, m.contact_id) }));
  const scope = contactId === null ? 'across all contacts' : `with ${String(contactName(s, contactId))}`;
  return dict({ success: true, message: `Retrieved ${messages.length} messages ${scope}`, messages });
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** An ISO 8601 duration with at least one non-zero number (the ad-hoc rule's format), in ms; else null. */
function isoDurationMs(range: string): number | null {
  const m = ISO_DURATION.exec(range);
  if (!m) return null;
  const [y, mo, w, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const ms = (y ?? 0) * 365 * DAY + (mo ?? 0) * 30 * DAY + (w ?? 0) * 7 * DAY + (d ?? 0) * DAY + (h ?? 0) * HOUR + (mi ?? 0) * 60_000 + (sec ?? 0) * 1000;
  return ms > 0 ? ms : null;
}

/** A time range as the tools read it: an ISO duration (`P10W`), or the legacy forms `7`, `7d`, `2w`, `3m`, `1y`, `24h`, `60min`; null when unreadable. */
export function rangeMs(range: string): number | null {
  const text = range.trim();
  const iso = isoDurationMs(text);
  if (iso !== null) return iso;
  const m = /^(\d+)\s*(min|[dwmyh])?$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'd').toLowerCase();
  return unit === 'min' ? n * 60_000 : unit === 'h' ? n * HOUR : unit === 'd' ? n * DAY : unit === 'w' ? n * 7 * DAY : unit === 'm' ? n * 30 * DAY : n * 365 * DAY;
}

function durationText(seconds: number): string {
  const min = Math.floor(seconds / 60);
  const sec = seconds % 60;
  return min > 0 ? `${min} min ${sec} sec` : `${sec} sec`;
}

const getCallHistory: WildFunction = (s, p) => {
  const range = str(p.time_range);
  if (range !== null && switchOn(s, 'ADHOC', 'get_call_history') && isoDurationMs(range.trim()) === null) return fail('Invalid time range format.');
  const span = range === null ? null : rangeMs(range);
  if (range !== null && span === null) return fail(`Invalid time range: ${range}`);
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'get_call_history')) return fail('Extended historical data temporarily unavailable; recent call records remain accessible');
  const since = span === null ? -Infinity : s.now - span;
  const limit = num(p.limit) ?? 10;
  const calls = asDicts(s.data.call_history)
    .filter((c) => c.user_id === s.user && Date.parse(String(c.timestamp)) >= since)
    .sort(byText('timestamp', true))
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
