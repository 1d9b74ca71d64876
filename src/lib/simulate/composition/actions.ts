/**
 * Tools that act on the world (send, create, write, store): simulated as
 * receipts whose ids come from a hash of the arguments, so the same request
 * always gets the same receipt and nothing outside changes.
 */
import type { Rng } from '../../core/random';
import { defineTool, fail, type ParamDef, round } from '../define';
import { isoDate, isoDateTime, parseIso } from './dates';
import { FILES, MEMORIES, SESSION } from './world';
import type { CompositionTool } from './categories';

const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
const id = (prefix: string, seed: Rng) =>
  `${prefix}_${seed
    .int(36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;
function email(v: string, param: string): string {
  if (!EMAIL.test(v.trim())) fail('invalid_arguments', `'${param}' is not an email address: '${v}'`);
  return v.trim();
}
const str = (description: string, optional = false): ParamDef => ({ type: 'string', description, optional });
const isoParam = (description: string): ParamDef => ({ type: 'string', description });

export const COMMUNICATION_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'send_email',
    category: 'communication',
    description: 'Send an email.',
    params: { to: str('Recipient address.'), subject: str('Subject line.'), body: str('Message text.') },
    returns: '{message_id, status, to}',
    impl: (a, seed) => ({ message_id: id('msg', seed), status: 'sent', to: email(a.str('to'), 'to') }),
  }),
  defineTool({
    name: 'send_message',
    category: 'communication',
    description: 'Post a chat message to a channel or a person (e.g. "#sales" or "@maria").',
    params: { recipient: str('Channel (#name) or person (@name).'), text: str('Message text.') },
    returns: '{message_id, status}',
    impl: (a, seed) => {
      if (!/^[#@][\w.-]+$/.test(a.str('recipient').trim())) fail('invalid_arguments', "'recipient' must look like #channel or @person");
      return { message_id: id('chat', seed), status: 'delivered' };
    },
  }),
  defineTool({
    name: 'create_notification',
    category: 'communication',
    description: 'Show a push notification to the user.',
    params: { title: str('Title.'), message: str('Body.'), priority: { type: 'string', description: 'Priority.', enum: ['low', 'normal', 'high'], optional: true } },
    returns: '{notification_id, priority}',
    impl: (a, seed) => ({ notification_id: id('ntf', seed), priority: a.str('priority', 'normal') }),
  }),
  defineTool({
    name: 'create_task',
    category: 'communication',
    description: 'Create a task in the team’s to-do list.',
    params: { title: str('What to do.'), assignee: str('Person responsible.', true), due_date: str('ISO due date.', true) },
    returns: '{task_id, status}',
    impl: (a, seed) => {
      if (a.has('due_date')) parseIso(a.str('due_date'), 'due_date');
      return { task_id: id('task', seed), status: 'open' };
    },
  }),
  defineTool({
    name: 'schedule_meeting',
    category: 'communication',
    description: 'Schedule a meeting with attendees.',
    params: {
      title: str('Meeting title.'),
      attendees: { type: 'array', items: 'string', description: 'Attendee email addresses.' },
      start_time: isoParam('ISO start date-time, e.g. 2026-03-04T10:00.'),
      duration_minutes: { type: 'integer', description: 'Length in minutes (default 30).', optional: true },
    },
    returns: '{meeting_id, start_time, end_time}',
    impl: (a, seed) => {
      a.strings('attendees').forEach((e) => email(e, 'attendees'));
      const start = parseIso(a.str('start_time'), 'start_time');
      return { meeting_id: id('mtg', seed), start_time: isoDateTime(start), end_time: isoDateTime(start + a.num('duration_minutes', 30) * 60_000) };
    },
  }),
  defineTool({
    name: 'send_webhook',
    category: 'communication',
    description: 'POST a JSON payload to a webhook URL.',
    params: { url: str('Webhook URL.'), payload: { type: 'dict', description: 'The JSON payload.' } },
    returns: '{delivery_id, status_code}',
    impl: (a, seed) => {
      if (!/^https:\/\/\S+$/.test(a.str('url'))) fail('invalid_arguments', "'url' must be an https URL");
      return { delivery_id: id('whk', seed), status_code: 200 };
    },
  }),
  defineTool({
    name: 'set_reminder',
    category: 'communication',
    description: 'Remind the user of something at a given time.',
    params: { text: str('What to remember.'), remind_at: isoParam('ISO date-time.') },
    returns: '{reminder_id, remind_at}',
    impl: (a, seed) => ({ reminder_id: id('rem', seed), remind_at: isoDateTime(parseIso(a.str('remind_at'), 'remind_at')) }),
  }),
];

export const PRODUCTIVITY_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'create_calendar_event',
    category: 'productivity',
    description: 'Add an event to the user’s calendar.',
    params: { title: str('Event title.'), date: isoParam('ISO date.'), location: str('Where.', true) },
    returns: '{event_id, date}',
    impl: (a, seed) => ({ event_id: id('evt', seed), date: isoDate(parseIso(a.str('date'), 'date')) }),
  }),
  defineTool({
    name: 'create_contact',
    category: 'productivity',
    description: 'Save a person to the address book.',
    params: { name: str('Full name.'), email: str('Email address.'), phone: str('Phone number.', true), company: str('Company.', true) },
    returns: '{contact_id}',
    impl: (a, seed) => {
      email(a.str('email'), 'email');
      return { contact_id: id('ct', seed) };
    },
  }),
  defineTool({
    name: 'create_invoice',
    category: 'productivity',
    description: 'Issue an invoice to a customer for line items.',
    params: {
      customer: str('Customer name.'),
      items: { type: 'array', items: 'dict', description: 'Line items: [{"description": "...", "quantity": 2, "unit_price": 10.5}].' },
      currency: str('ISO currency code (default USD).', true),
    },
    returns: '{invoice_id, total, currency}',
    impl: (a, seed) => {
      const items = a.records('items');
      if (items.length === 0) fail('invalid_arguments', "'items' must not be empty");
      const total = items.reduce((s, it, i) => {
        if (typeof it.quantity !== 'number' || typeof it.unit_price !== 'number') fail('invalid_arguments', `item ${i} needs numeric 'quantity' and 'unit_price'`);
        return s + it.quantity * it.unit_price;
      }, 0);
      return { invoice_id: id('inv', seed), total: round(total, 2), currency: a.str('currency', 'USD').toUpperCase() };
    },
  }),
  defineTool({
    name: 'shorten_url',
    category: 'productivity',
    description: 'A short link that redirects to a long URL.',
    params: { url: str('The long URL.') },
    returns: '{short_url}',
    impl: (a, seed) => {
      if (!/^https?:\/\/\S+$/.test(a.str('url'))) fail('invalid_arguments', "'url' must be an http(s) URL");
      return { short_url: `https://sho.rt/${seed.int(36 ** 7).toString(36)}` };
    },
  }),
  defineTool({
    name: 'create_document',
    category: 'productivity',
    description: 'Create a shared document with a title and content.',
    params: { title: str('Document title.'), content: str('Document text.') },
    returns: '{document_id, url}',
    impl: (a, seed) => {
      const doc = id('doc', seed);
      return { document_id: doc, url: `https://docs.example.com/d/${doc}` };
    },
  }),
];

export const FILE_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'read_file',
    category: 'files',
    description: 'Read a text file.',
    params: { path: str('Absolute path, e.g. /reports/q3_summary.txt.') },
    returns: '{path, content}',
    impl: (a) => {
      const content = FILES[a.str('path').trim()];
      if (content === undefined) fail('not_found', `no file at '${a.str('path')}'`);
      return { path: a.str('path').trim(), content };
    },
  }),
  defineTool({
    name: 'write_file',
    category: 'files',
    description: 'Write text to a file (creating or replacing it).',
    params: { path: str('Absolute path.'), content: str('Text to write.') },
    returns: '{path, bytes_written}',
    impl: (a) => {
      if (!a.str('path').startsWith('/')) fail('invalid_arguments', "'path' must be absolute");
      return { path: a.str('path'), bytes_written: new TextEncoder().encode(a.str('content')).length };
    },
  }),
  defineTool({
    name: 'list_files',
    category: 'files',
    description: 'The files in a directory.',
    params: { directory: str('Absolute directory path, e.g. /reports.') },
    returns: '{files}',
    impl: (a) => {
      const dir = `${a.str('directory').replace(/\/+$/, '')}/`;
      return {
        files: Object.keys(FILES)
          .filter((p) => p.startsWith(dir))
          .sort(),
      };
    },
  }),
  defineTool({
    name: 'generate_report',
    category: 'files',
    description: 'Assemble a titled report from named sections.',
    params: { title: str('Report title.'), sections: { type: 'dict', description: 'Section heading → content (text, number or list).' } },
    returns: '{report, section_count}',
    impl: (a) => {
      const sections = Object.entries(a.obj('sections'));
      if (sections.length === 0) fail('invalid_arguments', "'sections' must not be empty");
      const body = sections.map(([h, v]) => `## ${h}\n${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n\n');
      return { report: `# ${a.str('title')}\n\n${body}`, section_count: sections.length };
    },
  }),
  defineTool({
    name: 'create_spreadsheet',
    category: 'files',
    description: 'Create a spreadsheet from column names and rows.',
    params: { name: str('File name.'), columns: { type: 'array', items: 'string', description: 'Column names.' }, rows: { type: 'array', description: 'Rows, each a list of cell values.' } },
    returns: '{spreadsheet_id, row_count}',
    impl: (a, seed) => {
      const bad = a.list('rows').findIndex((r) => !Array.isArray(r) || r.length !== a.strings('columns').length);
      if (bad >= 0) fail('invalid_arguments', `row ${bad} does not have one value per column`);
      return { spreadsheet_id: id('sheet', seed), row_count: a.list('rows').length };
    },
  }),
  defineTool({
    name: 'log_event',
    category: 'files',
    description: 'Append an event to the application log.',
    params: { level: { type: 'string', description: 'Severity.', enum: ['debug', 'info', 'warning', 'error'] }, message: str('Log message.') },
    returns: '{logged, entry_id}',
    impl: (_a, seed) => ({ logged: true, entry_id: id('log', seed) }),
  }),
];

export const STATE_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'store_memory',
    category: 'state',
    description: 'Remember a value under a key for later in the session.',
    params: { key: str('Key, e.g. "favorite_city".'), value: str('Value to remember.') },
    returns: '{stored, key, memory_id}',
    impl: (a, seed) => ({ stored: true, key: a.str('key'), memory_id: id('mem', seed) }),
  }),
  defineTool({
    name: 'retrieve_memory',
    category: 'state',
    description: 'A value remembered earlier, by key.',
    params: { key: str('The key.') },
    returns: '{key, value}',
    impl: (a) => {
      const value = MEMORIES[a.str('key').trim()];
      if (value === undefined) fail('not_found', `nothing remembered under '${a.str('key')}'`);
      return { key: a.str('key').trim(), value };
    },
  }),
  defineTool({
    name: 'list_memories',
    category: 'state',
    description: 'The keys of everything remembered.',
    params: {},
    returns: '{keys}',
    impl: () => ({ keys: Object.keys(MEMORIES).sort() }),
  }),
  defineTool({
    name: 'get_session_context',
    category: 'state',
    description: 'Who the user is: id, name, locale, time zone and email.',
    params: {},
    returns: '{user_id, user_name, locale, timezone, email}',
    impl: () => ({ ...SESSION }),
  }),
  defineTool({
    name: 'validate_email',
    category: 'state',
    description: 'Whether a text is a well-formed email address, and its domain.',
    params: { email: str('The address.') },
    returns: '{valid, domain}',
    impl: (a) => {
      const valid = EMAIL.test(a.str('email').trim());
      return { valid, domain: valid ? (a.str('email').trim().split('@')[1] as string) : null };
    },
  }),
];
