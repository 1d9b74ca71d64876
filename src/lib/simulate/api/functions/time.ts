/** Alarms, reminders and notifications. */
import type { JsonObject } from '../../../core/types';
import { fail } from '../../define';
import { apiFunction, type ApiFunction, int, str, strs } from '../define';
import { nextId, SIM_NOW } from '../world';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** 24-hour "HH:MM", or "7:30 am" / "7 pm" */
function clockTime(v: string): string | null {
  const m24 = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(v.trim());
  if (m24) return `${(m24[1] as string).padStart(2, '0')}:${m24[2]}`;
  const m12 = /^(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*(am|pm)$/i.exec(v.trim());
  if (!m12) return null;
  const h = (Number(m12[1]) % 12) + ((m12[3] as string).toLowerCase() === 'pm' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m12[2] ?? '00'}`;
}

export const TIME_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'create_alarm',
    domain: 'time',
    cls: 'side_effect',
    key: ['time'],
    description: 'Create a recurring alarm.',
    params: { time: str('when it rings'), days: strs('weekdays', true), label: str('name', true) },
    returns: 'alarm_id',
    impl: (a, { world }) => {
      const t = clockTime(a.str('time'));
      if (!t) fail('invalid_arguments', `Cannot read time '${a.str('time')}'`);
      const days = a.has('days') ? a.strings('days').map((d) => d.slice(0, 3).toLowerCase()) : [...DAYS];
      if (days.some((d) => !DAYS.includes(d))) fail('invalid_arguments', `days must be among ${DAYS.join(', ')}`);
      const id = nextId(world, 'alarm', 'alarm', 1);
      world.alarms.push({ alarm_id: id, time: t, days, label: a.str('label', 'Alarm') });
      return { alarm_id: id, time: t, days };
    },
    complexity: {
      ambiguous: { time: '24-hour HH:MM or 12-hour like 7:30 am', days: 'default every day' },
      unclear: { name: 'create_timer', description: 'Create a countdown timer that rings after a duration.', params: { duration: { type: 'string', description: 'how long' } } },
    },
  }),
  apiFunction({
    name: 'delete_alarm',
    domain: 'time',
    cls: 'side_effect',
    key: ['alarm_id'],
    description: 'Delete an alarm.',
    params: { alarm_id: str('alarm id') },
    returns: 'alarm_id',
    impl: (a, { world }) => {
      const i = world.alarms.findIndex((x) => x.alarm_id === a.str('alarm_id'));
      if (i < 0) fail('not_found', `No alarm ${a.str('alarm_id')}`);
      world.alarms.splice(i, 1);
      return { alarm_id: a.str('alarm_id'), deleted: true };
    },
  }),
  apiFunction({
    name: 'get_alarms',
    domain: 'time',
    cls: 'core',
    description: "The user's alarms.",
    returns: 'alarms',
    impl: (_a, { world }) => ({ alarms: world.alarms as unknown as JsonObject[] }),
  }),
  apiFunction({
    name: 'create_reminder',
    domain: 'time',
    cls: 'side_effect',
    key: ['title', 'datetime'],
    description: 'Create a one-time reminder.',
    params: { title: str('what to remember'), datetime: str('when') },
    returns: 'reminder_id',
    impl: (a, { world }) => {
      const when = a.str('datetime').trim();
      const t = Date.parse(/Z$|[+-]\d\d:\d\d$/.test(when) ? when : `${when.replace(' ', 'T')}Z`);
      if (Number.isNaN(t)) fail('invalid_arguments', `Cannot read datetime '${when}'`);
      if (t <= Date.parse(SIM_NOW)) fail('invalid_arguments', 'datetime must be in the future');
      const id = nextId(world, 'reminder', 'reminder', 1);
      world.reminders.push({ reminder_id: id, title: a.str('title'), datetime: new Date(t).toISOString().replace('.000', '') });
      return { reminder_id: id };
    },
    complexity: {
      ambiguous: { datetime: 'ISO 8601, e.g. 2025-07-18T09:00:00Z (UTC)' },
      unclear: {
        name: 'create_calendar_event',
        description: 'Create a calendar event with a start and end time and attendees.',
        params: { title: { type: 'string', description: 'title' }, start: { type: 'string', description: 'start' }, end: { type: 'string', description: 'end' } },
      },
    },
  }),
  apiFunction({
    name: 'get_reminders',
    domain: 'time',
    cls: 'core',
    description: "The user's reminders.",
    returns: 'reminders',
    impl: (_a, { world }) => ({ reminders: world.reminders as unknown as JsonObject[] }),
  }),
  apiFunction({
    name: 'create_notification',
    domain: 'time',
    cls: 'side_effect',
    key: ['title'],
    description: 'Send the user a notification.',
    params: { title: str('title'), message: str('body') },
    returns: 'notification_id',
    impl: (a, { world }) => {
      const id = nextId(world, 'notification', 'notif', 2);
      world.notifications.push({ notification_id: id, title: a.str('title'), message: a.str('message'), created: SIM_NOW, read: false });
      return { notification_id: id };
    },
    complexity: {
      unclear: { name: 'broadcast_alert', description: 'Broadcast an urgent alert to several users over several channels.', params: { message: { type: 'string', description: 'alert text' } } },
    },
  }),
  apiFunction({
    name: 'get_notifications',
    domain: 'time',
    cls: 'core',
    description: 'Notifications, newest first.',
    params: { unread_only: { type: 'boolean', description: 'only unread ones', optional: true }, limit: int('how many', true) },
    returns: 'notifications',
    impl: (a, { world }) => ({
      notifications: world.notifications
        .filter((n) => !a.bool('unread_only') || !n.read)
        .sort((x, y) => y.created.localeCompare(x.created))
        .slice(0, a.num('limit', 10)) as unknown as JsonObject[],
    }),
    complexity: {
      notice: 'Notifications older than 30 days are archived automatically.',
      feature_limit: {
        when: (a) => a.unread_only !== true,
        message: 'Full notification history is temporarily unavailable; unread notifications can still be listed.',
        workaround: () => ({ api: 'get_notifications', params: { unread_only: true } }),
      },
      unclear: { name: 'fetch_notification_status', description: 'Fetch delivery status and interaction metrics for notifications sent to users.', params: {} },
    },
  }),
  apiFunction({
    name: 'set_notification_preferences',
    domain: 'time',
    cls: 'side_effect',
    key: ['quiet_hours'],
    description: 'Set quiet hours and channels for notifications.',
    params: { quiet_hours: str('quiet period, e.g. 22:00-07:00'), channels: strs('push, email or sms', true) },
    returns: 'preferences',
    impl: (a, { world }) => {
      const [from, to] = a.str('quiet_hours').split('-');
      if (!from || !to || !clockTime(from) || !clockTime(to)) fail('invalid_arguments', 'quiet_hours must be HH:MM-HH:MM');
      world.notificationPrefs = { quiet_hours: `${clockTime(from)}-${clockTime(to)}`, channels: a.has('channels') ? a.strings('channels') : world.notificationPrefs.channels };
      return { ...world.notificationPrefs };
    },
  }),
];
