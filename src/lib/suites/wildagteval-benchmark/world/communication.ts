/**
 * WildAgtEval's CommunicationController: contacts, calls and messages of the current user
 * (`contacts.json`, `call_history.json`, `message_history.json`), calls placed on the home's phone.
 */
import { PyFloat, pyEquals, pyRepr, pyStr, pyType, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import { Rng } from '../../../core/random';
import { pausePlaybackOn } from './media';
import { currentUser, findDeviceByEndpoint } from './smarthome';
import { dataList, isoNaive, PyCallError, type WildFunction, type WildState } from './state';
import { COMPANION_FUNCTIONS, switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, byText, dict, fail, float, copyDict, idNumber, nextNumberedId, num, pyIntOf, pyRound, str } from './values';

const contacts = (s: WildState): PyDict[] => asDicts(s.data.contacts).filter((c) => c.user_id === s.user);

const findContact: WildFunction = (s, p) => {
  const query = (str(p.query) ?? '').toLowerCase();
  if (!query) return fail('Search query is required');
  const type = str(p.search_type) ?? 'name';
  const limit = num(p.limit) ?? 5;
  const found = contacts(s).filter((c) => {
    if (type === 'phone')
      return asDicts(c.phone_numbers).some((n) =>
        String(n.number ?? '')
          .replace(/\D/g, '')
          .includes(query.replace(/\D/g, '')),
      );
    if (type === 'email')
      return String(c.email ?? '')
        .toLowerCase()
        .includes(query);
    return String(c.name ?? '')
      .toLowerCase()
      .includes(query);
  });
  const shown = found.slice(0, Math.max(0, limit));
  if (shown.length === 0) return fail(`No contacts found matching '${str(p.query) ?? ''}'`);
  return dict({ success: true, message: `Found ${shown.length} contact(s)`, contacts: shown });
};

const findCallDevice: WildFunction = (s, p) => {
  if (!s.user) return fail('No user is currently logged in');
  const user = currentUser(s);
  const home = user?.home_id ?? null;
  const irrelevant = switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'find_call_device');
  const devicesOfHome = () => asDicts(s.data.devices).filter((d) => pyEquals(d.home_id ?? null, home));
  const endpoint = p.endpoint ?? null;
  if (truthy(endpoint)) {
    if (!user) return fail('User information not found');
    const device = findDeviceByEndpoint(s, endpoint);
    if (!device) return fail(`Device with endpoint ${pyStr(endpoint)} not found or not accessible`);
    if (!asList(device.supported_apis ?? []).includes('make_call')) return fail(`Device ${pyStr(device.name ?? null)} does not support call features`);
    const response = dict({ success: true, message: `Found call device: ${pyStr(device.name ?? null)}` });
    if (irrelevant) response.devices = mixedDevices(s.user, [device, ...devicesOfHome()]);
    else response.device = device;
    return response;
  }
  let devices = user ? devicesOfHome().filter((d) => asList(d.supported_apis ?? []).includes('make_call')) : [];
  const name = p.device_name ?? null;
  if (truthy(name))
    devices = devices.filter((d) =>
      pyStr(d.name ?? '')
        .toLowerCase()
        .includes(pyStr(name).toLowerCase()),
    );
  if (devices.length === 0) return dict({ success: true, message: `No call devices found${truthy(name) ? ` matching '${pyStr(name)}'` : ''}`, devices: [] });
  const response = dict({ success: true, message: `Found ${devices.length} call device(s)` });
  response.devices = irrelevant && user ? mixedDevices(s.user, [...devices, ...devicesOfHome()]) : devices;
  return response;
};

/**
 * Under its irrelevant-information switch find_call_device lists the call devices and every device of
 * the home (call devices twice), a few fields each, shuffled. The repository shuffles with
 * `random.seed(hash(user_id))`, which Python's per-process string hash decides: here the order is
 * our seeded shuffle of the same multiset, the same for a user every time.
 */
function mixedDevices(user: string, devices: readonly PyDict[]): PyDict[] {
  const fields = devices.map((d) =>
    dict({
      endpoint: d.endpoint ?? null,
      name: d.name ?? null,
      alternate_names: d.alternate_names ?? [],
      endpoint_categories: d.endpoint_categories ?? [],
      supported_apis: d.supported_apis ?? [],
      groups: d.groups ?? [],
      home_id: d.home_id ?? null,
    }),
  );
  return new Rng(`find_call_device:${user}`).shuffle(fields);
}

const makeCall: WildFunction = (s, p) => {
  if (!s.user) return fail('No user is currently logged in');
  const phone = p.phone_number ?? null;
  const phoneText = pyStr(phone);
  if (switchOn(s, 'ADHOC', 'make_call') && !validPhoneNumber(phoneText)) return fail('Invalid phone number format.');
  const failure = systemFailure(s, 'make_call');
  if (failure) return failure;
  const home = str(currentUser(s)?.home_id);
  let endpoint: PyValue = p.device_endpoint ?? null;
  if (!truthy(endpoint)) {
    const preferred = asDict(currentUser(s)?.communication_info)?.preferred_device ?? null;
    endpoint = truthy(preferred) ? preferred : (asDicts(s.data.devices).find((d) => d.home_id === home && asList(d.supported_apis).includes('make_call'))?.endpoint ?? null);
  }
  if (!truthy(endpoint)) return fail('No suitable device found for making calls');
  const device = findDeviceByEndpoint(s, endpoint);
  if (!device) return fail(`Device with endpoint ${pyStr(endpoint)} not found or not accessible`);
  const name = (fallback: string) => pyStr(device.name ?? fallback);
  if (asDict(device.state)?.power !== 'on') return fail(`Device ${name('Unknown')} is not powered on`);
  const callType = p.call_type ?? 'audio';
  if (callType === 'video' && !asList(device.capabilities).includes('video')) return fail(`Device ${name('Unknown')} does not support video calls`);
  pausePlaybackOn(s, endpoint);
  // a number written as a contact stores it (dashed) names the contact: never the ad-hoc `+…`/`D:` forms
  const contactName = contacts(s).find((c) => truthy(c.phone_numbers ?? null) && asDicts(c.phone_numbers).some((n) => pyEquals(n.number ?? null, phone)))?.name ?? null;
  const callId = nextNumberedId(dataList(s, 'call_history'), 'call_id', 'call');
  dataList(s, 'call_history').push(
    dict({
      call_id: callId,
      user_id: s.user,
      contact_id: null,
      phone_number: phone,
      direction: 'outgoing',
      timestamp: `${isoNaive(s.now)}Z`,
      duration: 0,
      status: 'connecting',
      call_type: callType,
      device_endpoint: endpoint,
    }),
  );
  const message = `Call initiated to ${truthy(contactName) ? pyStr(contactName) : phoneText} using ${name('Unknown device')}`;
  if (!switchOn(s, 'INFORMATIONAL_NOTICE', 'make_call')) return dict({ success: true, message, call_id: callId, call_type: callType, status: 'connecting' });
  const international = phoneText.startsWith('+') && !phoneText.startsWith('+1');
  const warning = [
    'send_message() is available for asynchronous communication and works across all time zones without disturbing recipients. ',
    international
      ? `International calls to ${phoneText.slice(0, 3)} typically route through multiple carriers. VoIP alternatives like initiate_voip_call() often provide better quality and lower latency for cross-border communication. Traditional international calling rates apply. Many users find messaging or VoIP more cost-effective for international communication. `
      : '',
    `The ${name('device')} supports standard telephony. Devices with enhanced audio processing like smart speakers often provide clearer call quality. `,
    callType === 'audio' ? 'Audio-only call initiated. Video calls are also supported if visual communication would be beneficial. ' : '',
    'Based on typical usage patterns, 73% of brief communications are now handled via messaging rather than voice calls. ',
    truthy(contactName) ? `Contact history shows ${pyStr(contactName)} is reachable via multiple methods. Their communication preferences may vary by time of day. ` : '',
    'Modern communication systems support various protocols including traditional PSTN, VoIP, and unified communications. Each has different quality characteristics and network requirements. ',
    COMPANION_FUNCTIONS,
  ].join('');
  return dict({ warning, message, call_id: callId, call_type: callType });
};

/** The ad-hoc format: `+` and no dash or space, or `D:` and none after it. */
function validPhoneNumber(phone: string): boolean {
  if (phone.startsWith('+')) return !phone.includes('-') && !phone.includes(' ');
  if (phone.startsWith('D:')) return !phone.slice(2).includes('-') && !phone.slice(2).includes(' ');
  return false;
}

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
  if (!s.user) return fail('No user is currently logged in');
  const contactId = p.contact_id ?? null;
  const contact = truthy(contactId) ? contacts(s).find((c) => pyEquals(c.contact_id ?? null, contactId)) : undefined;
  if (truthy(contactId) && !contact) return fail(`Contact with ID ${pyStr(contactId)} not found`);
  const limit = p.limit === undefined ? 10 : num(p.limit);
  let messages = asDicts(s.data.message_history)
    .filter((m) => m.user_id === s.user && (!truthy(contactId) || pyEquals(m.contact_id ?? null, contactId)))
    .sort(byText('timestamp', true));
  if (limit !== null && limit > 0) messages = messages.slice(0, limit);
  // reading them marks the incoming ones read, in the stored history
  for (const m of messages) if (m.direction === 'incoming' && pyEquals(m.read ?? null, false)) m.read = true;
  const irrelevant = switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'get_messages');
  const shown = messages.map((m) => {
    const copy = copyDict(m);
    const withContact = truthy(copy.contact_id ?? null) ? contacts(s).find((c) => pyEquals(c.contact_id ?? null, copy.contact_id ?? null)) : undefined;
    if (withContact) copy.contact_name = withContact.name ?? null;
    return irrelevant ? Object.assign(copy, messageAnalytics(copy)) : copy;
  });
  if (contact)
    return dict({ success: true, message: `Retrieved ${messages.length} messages with ${pyStr(contact.name ?? null)}`, contact_name: contact.name ?? null, contact_id: contactId, messages: shown });
  return dict({ success: true, message: `Retrieved ${messages.length} messages across all contacts`, messages: shown });
};

/** Python's `options[n % len(options)]` */
const nth = <T>(options: readonly T[], n: number): T => options[n % options.length] as T;

const r3 = (x: number) => float(pyRound(x, 3));

/** The analytics get_messages adds to each message under its irrelevant-information switch, from the message's number. */
function messageAnalytics(m: PyDict): PyDict {
  const n = idNumber(m.message_id, 'msg');
  return dict({
    engagement_score: 40 + ((n * 7) % 41),
    response_time_percentile: 60 + ((n * 11) % 40),
    conversation_health_index: r3(0.5 + ((n * 13) % 50) / 100),
    upsell_opportunity_score: 30 + ((n * 17) % 71),
    retention_risk_indicator: nth(['low', 'medium', 'high'], n * 19),
    cross_sell_product_suggestions: nth(
      [
        ['premium_messaging', 'video_calls'],
        ['file_sharing', 'group_chat'],
        ['voice_notes', 'read_receipts'],
        ['message_encryption', 'backup_service'],
      ],
      n * 23,
    ),
    delivery_latency_ms: 50 + ((n * 29) % 201),
    encryption_overhead_factor: r3(1.0 + ((n * 31) % 15) / 100),
    storage_optimization_tier: nth(['standard', 'compressed', 'archived', 'priority'], n * 37),
    predicted_next_contact_hours: 1 + ((n * 41) % 168),
    sentiment_trend_vector: [r3(0.3 + ((n * 43) % 70) / 100), r3(0.4 + ((n * 47) % 60) / 100), r3(0.2 + ((n * 53) % 80) / 100)],
    communication_pattern_cluster: nth(['frequent_short', 'sporadic_long', 'burst_messaging', 'scheduled_regular'], n * 59),
    rendering_priority_score: 60 + ((n * 61) % 41),
    cache_efficiency_rating: r3(0.7 + ((n * 67) % 30) / 100),
    network_path_optimization: nth(['direct', 'edge_cached', 'cdn_routed', 'peer_relay'], n * 71),
    data_retention_policy_days: nth([30, 90, 180, 365, 730], n * 73),
    gdpr_classification: nth(['personal_communication', 'business_correspondence', 'promotional_content', 'system_notification'], n * 79),
    audit_trail_reference: `msg_audit_2024_${String(1000 + ((n * 83) % 9000)).padStart(4, '0')}`,
  });
}

const DAY_S = 86_400;

/** The ad-hoc rule's format: `P…` with at least one non-zero number. */
function isIsoDuration(range: string): boolean {
  if (!range.startsWith('P')) return false;
  if (!/^P((\d+Y)?(\d+M)?(\d+W)?(\d+D)?)?(T(\d+H)?(\d+M)?(\d+S)?)?\n?$/.test(range)) return false;
  return [...range.matchAll(/(\d+)[YMWDHMS]/g)].some((m) => Number(m[1]) > 0);
}

/** parse_iso8601_duration, in seconds: Y = 365 days, M = 30 days, W = 7 days. */
function isoDurationSeconds(range: string): number {
  const [datePart = '', timePart = ''] = range.split('T');
  const read = (part: string, units: Record<string, number>): number => {
    let total = 0;
    let digits = '';
    for (const ch of part) {
      if (/\d/.test(ch)) digits += ch;
      else {
        if (digits && ch in units) total += Number(digits) * (units[ch] as number);
        digits = '';
      }
    }
    return total;
  };
  return read(datePart.slice(1), { Y: 365 * DAY_S, M: 30 * DAY_S, W: 7 * DAY_S, D: DAY_S }) + read(timePart, { H: 3600, M: 60, S: 1 });
}

/** safe_parse_duration, in seconds: an ISO duration, else `7d`, `2w`, `3m` (90 days), `1y`, `24h`, `60min`, `7`; a ValueError's message otherwise. */
function rangeSeconds(range: string): number | { error: string } {
  if (isIsoDuration(range)) return isoDurationSeconds(range);
  const text = range.trim().toLowerCase();
  const count = (digits: string, per: number): number | { error: string } => {
    const n = pyInt(digits);
    return typeof n === 'number' ? n * per : n;
  };
  if (text.endsWith('d')) return count(text.slice(0, -1), DAY_S);
  if (text.endsWith('w')) return count(text.slice(0, -1), 7 * DAY_S);
  if (text.endsWith('m')) return count(text.slice(0, -1), 30 * DAY_S);
  if (text.endsWith('y')) return count(text.slice(0, -1), 365 * DAY_S);
  if (text.endsWith('h')) return count(text.slice(0, -1), 3600);
  if (text.endsWith('min')) return count(text.slice(0, -3), 60);
  if (/^\d+$/.test(text)) return Number(text) * DAY_S;
  return { error: `Unsupported duration format: ${text}` };
}

/** Python's int(text), or its ValueError's message. */
function pyInt(text: string): number | { error: string } {
  return pyIntOf(text) ?? { error: `invalid literal for int() with base 10: ${pyRepr(text)}` };
}

/** A call's timestamp read as get_user_call_history reads it (naive, zone dropped, seconds truncated), in seconds; null where it skips the call. */
function callTimeSeconds(stamp: string): number | null {
  let text = stamp;
  let date: string;
  let clock: string[] = ['0'];
  if (text.includes('T')) {
    if (text.endsWith('Z')) text = text.slice(0, -1);
    const halves = text.split('T');
    if (halves.length !== 2) return null;
    date = halves[0] as string;
    let time = halves[1] as string;
    if (time.includes('+')) {
      const parts = time.split('+');
      if (parts.length !== 2) return null;
      time = parts[0] as string;
    } else if ((time.match(/-/g) ?? []).length === 1) time = time.split('-')[0] as string;
    clock = time.split(':');
  } else date = text;
  const ymd = date.split('-').map(pyInt);
  if (ymd.length !== 3) return null;
  const hms = [pyInt(clock[0] ?? ''), clock.length > 1 ? pyInt(clock[1] as string) : 0, clock.length > 2 ? Math.trunc(Number((clock[2] as string).trim())) : 0];
  const numbers = [...ymd, ...hms];
  if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return null;
  const [y, mo, d, h, mi, sec] = numbers as [number, number, number, number, number, number];
  if (y < 1 || y > 9999 || mo < 1 || mo > 12 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec);
  if (new Date(ms).getUTCDate() !== d) return null;
  return Math.floor(ms / 1000);
}

/** `m min s sec`, `s sec` or `0 sec`, with Python's // and % (floats stay floats). */
function durationText(duration: PyValue): string {
  const n = num(duration) ?? 0;
  if (!(n > 0)) return '0 sec';
  const isFloat = duration instanceof PyFloat;
  const minutes = Math.floor(n / 60);
  const seconds = n - minutes * 60;
  const show = (x: number) => (isFloat ? pyStr(float(x)) : String(x));
  return minutes > 0 ? `${show(minutes)} min ${show(seconds)} sec` : `${show(seconds)} sec`;
}

const getCallHistory: WildFunction = (s, p) => {
  if (!s.user) return fail('No user is currently logged in');
  const range = p.time_range;
  if (range === undefined) throw new PyCallError("GetCallHistory.invoke() missing 1 required positional argument: 'time_range'");
  const text = typeof range === 'string' ? range : null;
  if (switchOn(s, 'ADHOC', 'get_call_history') && !(text && isIsoDuration(text))) return fail('Invalid time range format.');
  if (s.code === 'no_complexity') return callHistory(s, p, text === null ? null : noComplexityStart(s, text), false);
  if (text === null) throw new PyCallError(`'${pyType(range)}' object has no attribute 'strip'`);
  const span = rangeSeconds(text);
  if (typeof span !== 'number') return fail(span.error);
  const start = Math.floor(s.now / 1000) - span;
  // datetime's range: year 1 to 9999
  if (start < -62135596800 || start > 253402300799) throw new PyCallError('date value out of range');
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'get_call_history')) return fail('Extended historical data temporarily unavailable; recent call records remain accessible');
  return callHistory(s, p, { seconds: start, read: callTimeSeconds }, switchOn(s, 'PARTIALLY_IRRELEVANT_INFORMATION', 'get_call_history'));
};

/**
 * The no-complexity copy reads the range with its legacy forms only (`7`, `7d`, `2w`, `3m`, `1y`, `24h`,
 * `60min`; an ISO duration or anything else means no bound) and the timestamps with fromisoformat.
 */
function noComplexityStart(s: WildState, range: string): { seconds: number; read: (stamp: string) => number | null } | null {
  if (!range) return null;
  const days = (digits: string, per: number): number | null => {
    const n = pyInt(digits);
    return typeof n === 'number' ? n * per : null;
  };
  const span = range.endsWith('d')
    ? days(range.slice(0, -1), DAY_S)
    : range.endsWith('w')
      ? days(range.slice(0, -1), 7 * DAY_S)
      : range.endsWith('m')
        ? days(range.slice(0, -1), 30 * DAY_S)
        : range.endsWith('y')
          ? days(range.slice(0, -1), 365 * DAY_S)
          : range.endsWith('h')
            ? days(range.slice(0, -1), 3600)
            : range.endsWith('min')
              ? days(range.slice(0, -3), 60)
              : days(range, DAY_S);
  return span === null ? null : { seconds: Math.floor(s.now / 1000) - span, read: isoFormatSeconds };
}

/** datetime.fromisoformat of a timestamp with its Z removed, naive only (an offset makes the comparison fail: the call is skipped), in seconds. */
function isoFormatSeconds(stamp: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?)?$/.exec(stamp.replaceAll('Z', ''));
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec);
  if (new Date(ms).getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) return null;
  return ms / 1000 + Number(m[7] ?? 0);
}

/** The calls from `start` on (all of them without one), newest first, limited, with contact names and durations. */
function callHistory(s: WildState, p: PyDict, start: { seconds: number; read: (stamp: string) => number | null } | null, irrelevant: boolean): PyDict {
  const limit = p.limit === undefined ? 10 : num(p.limit);
  let calls = asDicts(s.data.call_history)
    .filter((c) => c.user_id === s.user)
    .filter((c) => {
      if (!start) return true;
      const t = start.read(typeof c.timestamp === 'string' ? c.timestamp : '');
      return t !== null && t >= start.seconds;
    })
    .sort(byText('timestamp', true));
  if (limit !== null && limit > 0) calls = calls.slice(0, limit);
  const shown = calls.map((c) => {
    const copy = copyDict(c);
    const contact = truthy(copy.contact_id ?? null) ? contacts(s).find((x) => pyEquals(x.contact_id ?? null, copy.contact_id ?? null)) : undefined;
    if (contact) copy.contact_name = contact.name ?? null;
    copy.duration_formatted = durationText(copy.duration ?? 0);
    return irrelevant ? Object.assign(copy, callAnalytics(copy)) : copy;
  });
  return dict({ success: true, message: `Retrieved ${calls.length} call records`, calls: shown });
}

/** The telecom and marketing data get_call_history adds to each call under its irrelevant-information switch, from the call's number. */
function callAnalytics(c: PyDict): PyDict {
  const n = idNumber(c.call_id, 'call');
  return dict({
    network_quality_score: 70 + ((n * 7) % 31),
    signal_strength_avg: -80 + ((n * 11) % 30),
    packet_loss_rate: r3(((n * 13) % 50) / 1000),
    jitter_ms: r3(((n * 17) % 300) / 10),
    codec_efficiency_rating: r3(0.7 + ((n * 19) % 30) / 100),
    customer_satisfaction_prediction: 60 + ((n * 23) % 36),
    churn_risk_score: r3(0.1 + ((n * 29) % 70) / 100),
    lifetime_value_tier: nth(['bronze', 'silver', 'gold', 'platinum'], n * 31),
    engagement_frequency_percentile: 20 + ((n * 37) % 80),
    eligible_plan_upgrades: (n * 41) % 6,
    promotional_offer_match_score: 40 + ((n * 43) % 61),
    international_calling_upsell_potential: r3(0.2 + ((n * 47) % 70) / 100),
    data_plan_optimization_savings: r3(5.0 + ((n * 53) % 450) / 10),
    tower_id: `TWR-${1000 + ((n * 59) % 9000)}`,
    routing_efficiency_score: r3(0.6 + ((n * 61) % 40) / 100),
    billing_cycle_position: 1 + ((n * 67) % 30),
    usage_pattern_cluster: nth(['business', 'personal', 'mixed', 'international'], n * 71),
    next_call_probability_24h: r3(0.1 + ((n * 73) % 80) / 100),
    preferred_calling_time_window: nth(['morning', 'afternoon', 'evening', 'night'], n * 79),
    communication_preference_score: dict({ voice: r3(0.3 + ((n * 83) % 70) / 100), video: r3(0.1 + ((n * 89) % 70) / 100), messaging: r3(0.2 + ((n * 97) % 70) / 100) }),
    qos_metrics: dict({ mos_score: r3(3.5 + ((n * 101) % 100) / 100), r_factor: 70 + ((n * 103) % 24), connection_setup_time_ms: 500 + ((n * 107) % 2500), handover_count: (n * 109) % 6 }),
  });
}

export const COMMUNICATION_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  find_contact: findContact,
  make_call: makeCall,
  end_call: endCall,
  send_message: sendMessage,
  get_messages: getMessages,
  get_call_history: getCallHistory,
  find_call_device: findCallDevice,
};
