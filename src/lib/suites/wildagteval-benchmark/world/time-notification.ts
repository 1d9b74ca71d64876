/**
 * WildAgtEval's TimeNotificationEnv: alarms, reminders and notifications of the current user
 * (`alarms.json`, `reminders.json`, `notifications.json`) and their notification preferences.
 */
import { pyEquals, pyRepr, pyStr, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import { dataList, isoNaive, type WildFunction, type WildState } from './state';
import { COMPANION_FUNCTIONS, switchOn } from './switches';
import { asDicts, byText, dict, fail, num, pyIntOf, str } from './values';

const DEFAULT_PREFERENCES = { do_not_disturb: false, notification_sounds: true, preferred_device_endpoint: null };

/** Preferences live with the session (the databases hold none): the tools start from their defaults. */
function preferencesOf(s: WildState): PyDict {
  const key = `notification_preferences:${s.user}`;
  const stored = s.session[key];
  if (stored) return stored;
  const fresh = dict({ ...DEFAULT_PREFERENCES });
  s.session[key] = fresh;
  return fresh;
}

const createAlarm: WildFunction = (s, p) => {
  const title = str(p.title);
  const time = str(p.time);
  if (!title || !time) return fail('Title and time are required');
  if (!/^\d\d:\d\d(:\d\d)?$/.test(time)) return fail('Invalid time format. Use HH:MM:SS');
  const alarms = dataList(s, 'alarms');
  const alarmId = `alarm${alarms.length + 1}`;
  const alarm = dict({ alarm_id: alarmId, user_id: s.user, title, time, days: p.days ?? [], active: true, sound: str(p.sound) ?? 'default', device_endpoint: p.device_endpoint ?? null });
  alarms.push(alarm);
  return dict({ success: true, message: `Alarm '${title}' created successfully`, alarm_id: alarmId, alarm });
};

const getAlarms: WildFunction = (s, p) => {
  const activeOnly = truthy(p.active_only ?? null);
  const alarms = asDicts(s.data.alarms)
    .filter((a) => a.user_id === s.user && (!activeOnly || a.active === true))
    .sort(byText('time'));
  return dict({ success: true, message: `Found ${alarms.length} alarm(s)${activeOnly ? ' (active only)' : ''}`, alarms });
};

const deleteAlarm: WildFunction = (s, p) => {
  const id = str(p.alarm_id);
  const alarm = asDicts(s.data.alarms).find((a) => a.alarm_id === id && a.user_id === s.user);
  if (!id || !alarm) return fail(`Alarm ${id ?? ''} not found`);
  s.data.alarms = dataList(s, 'alarms').filter((a) => a !== alarm);
  return dict({ success: true, message: `Alarm '${String(alarm.title)}' deleted successfully`, alarm_id: id });
};

const createReminder: WildFunction = (s, p) => {
  if (!s.user) return fail('No user is currently logged in');
  const title = p.title ?? null;
  const date = p.date ?? null;
  const time = p.time ?? null;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}\n?$/.test(date)) return fail('Invalid date format. Please use YYYY-MM-DD format.');
  const hms = typeof time === 'string' ? time.split(':') : [];
  const [h, m, sec] = hms.map((x) => pyIntOf(x) ?? NaN);
  if (hms.length !== 3 || !(h! >= 0 && h! < 24 && m! >= 0 && m! < 60 && sec! >= 0 && sec! < 60)) return fail('Invalid time format. Please use HH:MM:SS format.');
  // datetime.strptime(f"{date} {time}", "%Y-%m-%d %H:%M:%S"), compared with the (frozen) naive now
  const clock = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(String(time));
  const [y, mo, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const at = clock ? Date.UTC(y, mo - 1, d, Number(clock[1]), Number(clock[2]), Number(clock[3])) : NaN;
  if (!clock || Number.isNaN(at) || new Date(at).getUTCDate() !== d || new Date(at).getUTCMonth() !== mo - 1) return fail('Invalid date or time values');
  if (at < s.now) return fail('Cannot set reminder in the past');
  const notify = p.notify_before_minutes === undefined ? 30 : p.notify_before_minutes;
  if (notify !== null && (num(notify) ?? 0) < 0) return fail('notify_before_minutes must be a non-negative number');
  const reminders = dataList(s, 'reminders');
  const numbers = asDicts(reminders).flatMap((r) => {
    const id = /^reminder(\d+)$/.exec(typeof r.reminder_id === 'string' ? r.reminder_id : '');
    return id ? [Number(id[1])] : [];
  });
  const reminderId = `reminder${numbers.length ? Math.max(...numbers) + 1 : 1}`;
  const reminder = dict({ reminder_id: reminderId, user_id: s.user, title, description: p.description ?? null, date, time, notify_before_minutes: notify, status: 'pending' });
  reminders.push(reminder);
  return dict({ success: true, message: `Reminder '${pyStr(title)}' created successfully for ${date} at ${pyStr(time)}`, reminder_id: reminderId, reminder });
};

const getReminders: WildFunction = (s, p) => {
  const status = str(p.status);
  const date = str(p.date);
  const reminders = asDicts(s.data.reminders)
    .filter((r) => r.user_id === s.user && (status === null || r.status === status) && (date === null || r.date === date))
    .sort((a, b) => byText('date')(a, b) || byText('time')(a, b));
  const message = reminders.length ? `Found ${reminders.length} reminder(s) matching the specified filters` : 'No reminders found matching the specified filters';
  return dict({ success: true, message, reminders });
};

const nextNotificationId = (s: WildState): string => {
  let max = 0;
  for (const n of asDicts(s.data.notifications)) max = Math.max(max, Number(/\d+$/.exec(String(n.notification_id))?.[0] ?? 0));
  return `notif${max + 1}`;
};

const createNotification: WildFunction = (s, p) => {
  const title = str(p.title);
  const message = str(p.message);
  if (!title || !message) return fail('Title and message are required');
  const id = nextNotificationId(s);
  const dnd = preferencesOf(s).do_not_disturb === true;
  const notification = dict({
    notification_id: id,
    user_id: s.user,
    title,
    message,
    timestamp: isoNaive(s.now),
    type: str(p.type) ?? 'info',
    source: str(p.source) ?? 'system',
    read: false,
    priority: str(p.priority) ?? 'normal',
  });
  dataList(s, 'notifications').push(notification);
  return dict({
    success: true,
    message: `Notification created for user ${s.user}${dnd ? ' (will be shown when do-not-disturb is disabled)' : ''}`,
    notification_id: id,
    notification,
    do_not_disturb: dnd,
  });
};

const getNotifications: WildFunction = (s, p) => {
  if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'get_notifications'))
    return dict({ success: false, message: 'Historical notification access temporarily restricted', info: 'Recent activity remains available' });
  const includeRead = p.include_read !== undefined && truthy(p.include_read);
  // a limit passed as None does not truncate; an absent one is the default 20
  const limit = p.limit === undefined ? 20 : num(p.limit);
  const source = p.source ?? null;
  const type = p.type ?? null;
  const priority = p.priority ?? null;
  let notifications = asDicts(s.data.notifications)
    .filter((n) => n.user_id === s.user && (includeRead || !truthy(n.read ?? false)))
    .sort(byText('timestamp', true));
  if (truthy(source)) notifications = notifications.filter((n) => pyEquals(n.source ?? null, source));
  if (truthy(type)) notifications = notifications.filter((n) => pyEquals(n.type ?? null, type));
  if (truthy(priority)) notifications = notifications.filter((n) => pyEquals(n.priority ?? null, priority));
  if (limit !== null && limit > 0 && notifications.length > limit) notifications = notifications.slice(0, limit);
  const filters = [
    ...(includeRead ? [] : ['unread only']),
    ...(truthy(source) ? [`source: ${pyStr(source)}`] : []),
    ...(truthy(type) ? [`type: ${pyStr(type)}`] : []),
    ...(truthy(priority) ? [`priority: ${pyStr(priority)}`] : []),
  ];
  const message = `${notifications.length ? `Found ${notifications.length} notification(s)` : 'No notifications found'}${filters.length ? ` (${filters.join(', ')})` : ''}`;
  if (!switchOn(s, 'INFORMATIONAL_NOTICE', 'get_notifications')) return dict({ success: true, message, notifications });
  let warning =
    'This endpoint retrieves notifications from the local cache which syncs every 30 seconds. For immediate notification updates, subscribe_to_notifications() provides WebSocket-based real-time delivery if your use case requires instant updates. ';
  if (notifications.length > 10)
    warning +=
      'For retrieving large notification sets, get_notification_stream() is available with real-time updates and automatic pagination. It also includes built-in caching for frequently accessed notifications. ';
  if (truthy(priority) || truthy(type))
    warning +=
      'get_notification_summary() provides filtered notification counts by category without retrieving full notification objects, which can be useful for dashboard displays or quick status checks. ';
  if (limit !== null && limit !== 0 && limit < 10)
    warning +=
      'Based on your limit parameter, you might be implementing manual pagination. get_paginated_notifications() is available with cursor-based pagination support and includes total count metadata. ';
  warning += COMPANION_FUNCTIONS;
  return dict({ warning, message, notifications });
};

const PREFERENCE_KEYS = ['do_not_disturb', 'notification_sounds', 'preferred_device_endpoint'] as const;

const setNotificationPreferences: WildFunction = (s, p) => {
  const given = PREFERENCE_KEYS.filter((k) => p[k] !== undefined);
  if (given.length === 0) return fail('No preferences specified');
  const prefs = preferencesOf(s);
  for (const k of given) prefs[k] = p[k] as PyValue;
  return dict({ success: true, message: `Notification preferences updated: ${given.map((k) => `${k}: ${pyRepr(p[k] as PyValue)}`).join(', ')}`, preferences: prefs });
};

export const TIME_NOTIFICATION_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  create_alarm: createAlarm,
  get_alarms: getAlarms,
  delete_alarm: deleteAlarm,
  create_reminder: createReminder,
  get_reminders: getReminders,
  create_notification: createNotification,
  get_notifications: getNotifications,
  set_notification_preferences: setNotificationPreferences,
};
