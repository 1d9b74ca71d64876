/**
 * WildAgtEval's SmartHomeEnv: the devices and groups of the current user's home (`devices.json`,
 * `groups.json`, `users.json`). Device commands answer per endpoint in `results`.
 */
import { isDict, pyEquals, pyStr, type PyDict, type PyValue, truthy } from '../../../core/pyvalue';
import type { WildFunction, WildState } from './state';
import { COMPANION_FUNCTIONS, switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, dict, fail, num, str } from './values';

export function currentUser(s: WildState): PyDict | undefined {
  return asDicts(s.data.users).find((u) => u.user_id === s.user);
}

const homeOf = (s: WildState): string | null => str(currentUser(s)?.home_id);

/** Devices of the user's home, in file order. */
const homeDevices = (s: WildState): PyDict[] => {
  const home = homeOf(s);
  return asDicts(s.data.devices).filter((d) => d.home_id === home);
};

/** An endpoint as given: its id, or `<Name>_<id>` as the ad-hoc lock format writes it. */
export function deviceByEndpoint(s: WildState, endpoint: string): PyDict | undefined {
  const devices = homeDevices(s);
  return devices.find((d) => d.endpoint === endpoint) ?? devices.find((d) => d.endpoint === endpoint.slice(endpoint.lastIndexOf('_') + 1));
}

const stateOf = (device: PyDict): PyDict => {
  const state = asDict(device.state) ?? dict({});
  device.state = state;
  return state;
};

const COLOR_NAMES: Readonly<Record<string, string>> = {
  red: '#FF0000',
  green: '#00FF00',
  blue: '#0000FF',
  yellow: '#FFFF00',
  orange: '#FFA500',
  purple: '#800080',
  pink: '#FFC0CB',
  white: '#FFFFFF',
  black: '#000000',
  gray: '#808080',
  brown: '#A52A2A',
  aqua: '#00FFFF',
  navy: '#000080',
  teal: '#008080',
  olive: '#808000',
  lime: '#00FF00',
  maroon: '#800000',
  silver: '#C0C0C0',
};

const supports = (device: PyDict, api: string): boolean => asList(device.supported_apis).includes(api);

/** What Python's `for x in value` walks: a list's items, a string's characters, a dict's keys. */
function pyIter(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return [...v];
  if (v !== null && typeof v === 'object' && isDict(v)) return Object.keys(v);
  return [];
}

const pyLen = (v: PyValue): number => pyIter(v).length;

/** helpers.find_device_by_endpoint: the endpoint in the user's home (any home when the user has none). */
export function findDeviceByEndpoint(s: WildState, endpoint: PyValue): PyDict | undefined {
  const home = homeOf(s);
  return asDicts(s.data.devices).find((d) => pyEquals(d.endpoint ?? null, endpoint) && (home === null || d.home_id === home));
}

/**
 * color_set and temperature_set: `field` written into every endpoint's state that supports `api`;
 * the call succeeds when one did. With the function's informational notice on and one success,
 * the answer is the notice's warning first and no success field.
 */
function settingOnEndpoints(s: WildState, p: PyDict, api: string, field: string, value: PyValue, what: string, message: (d: PyDict) => string, warning: () => string): PyDict {
  const results = pyIter(p.endpoints ?? null).map((endpoint) => {
    const device = findDeviceByEndpoint(s, endpoint);
    if (!device || !supports(device, api)) return dict({ endpoint, success: false, message: `Device with endpoint ${pyStr(endpoint)} not found or does not support ${what} setting` });
    stateOf(device)[field] = value;
    return dict({ endpoint, name: device.name ?? null, success: true, message: message(device), [field]: value });
  });
  const anySuccess = results.some((r) => r.success === true);
  if (anySuccess && switchOn(s, 'INFORMATIONAL_NOTICE', api)) return dict({ warning: warning(), results });
  return dict({ success: anySuccess, results });
}

/**
 * A command on every endpoint given: each answers for itself; the call succeeds when all did.
 * `act` changes the device and returns its message and extra fields, or a failure message.
 */
export function onEndpoints(api: string, act: (device: PyDict, deviceState: PyDict, s: WildState) => { message: string; extra?: Record<string, PyValue> } | string): WildFunction {
  return (s, p) => {
    const endpoints = asList(p.endpoints).filter((e): e is string => typeof e === 'string');
    if (endpoints.length === 0) return fail('No devices specified');
    const results = endpoints.map((endpoint) => {
      const device = deviceByEndpoint(s, endpoint);
      if (!device) return dict({ endpoint, success: false, message: `Device ${endpoint} not found` });
      if (!supports(device, api)) return dict({ endpoint, name: device.name ?? null, success: false, message: `Device ${String(device.name)} does not support ${api}` });
      const done = act(device, stateOf(device), s);
      if (typeof done === 'string') return dict({ endpoint, name: device.name ?? null, success: false, message: done });
      return dict({ endpoint, name: device.name ?? null, success: true, message: done.message, ...(done.extra ?? {}) });
    });
    return dict({ success: results.every((r) => r.success === true), results });
  };
}

const clamp = (x: number): number => Math.max(0, Math.min(100, x));

/** An absolute level, or a relative step of `step` points in `direction` (increase / decrease). */
function level(p: PyDict, key: string, step: number, current: number): { value: number; relative: 'increase' | 'decrease' | null } | string {
  const absolute = num(p[key]);
  if (absolute !== null) return absolute < 0 || absolute > 100 ? `Invalid ${key} value: must be between 0 and 100` : { value: absolute, relative: null };
  const direction = str(p.direction);
  if (direction === 'increase') return { value: clamp(current + step), relative: 'increase' };
  if (direction === 'decrease') return { value: clamp(current - step), relative: 'decrease' };
  return `No valid ${key} parameter provided`;
}

/** Brightness or volume: set to a level, or stepped up or down by `step` points. */
function levelAdjust(api: string, key: 'brightness' | 'volume', step: number): WildFunction {
  return (s, p) =>
    onEndpoints(api, (d, state) => {
      const l = level(p, key, step, num(state[key]) ?? 0);
      if (typeof l === 'string') return l;
      state[key] = l.value;
      const verb = l.relative === 'increase' ? 'Increased' : l.relative === 'decrease' ? 'Decreased' : 'Set';
      return { message: `${verb} ${String(d.name)} ${key} to ${l.value}%`, extra: { [key]: l.value } };
    })(s, p);
}

/** The ad-hoc lock rule: every endpoint written `<DeviceNameWithoutSpaces>_<id>` ('42' → 'FrontDoorLock_42'), else the whole call fails. */
function lockFormatChecked(api: string, run: WildFunction): WildFunction {
  return (s, p) => {
    if (switchOn(s, 'ADHOC', api)) {
      for (const e of asList(p.endpoints)) {
        const endpoint = typeof e === 'string' ? e : '';
        const device = endpoint.includes('_') ? homeDevices(s).find((d) => d.endpoint === endpoint.slice(endpoint.lastIndexOf('_') + 1)) : undefined;
        if (!device || endpoint !== `${String(device.name).replaceAll(' ', '')}_${String(device.endpoint)}`) return fail('Invalid format.');
      }
    }
    return run(s, p);
  };
}

export const SMARTHOME_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  power_on: onEndpoints('power_on', (d, state) => {
    state.power = 'on';
    return { message: `Turned on ${String(d.name)}` };
  }),
  power_off: onEndpoints('power_off', (d, state) => {
    state.power = 'off';
    return { message: `Turned off ${String(d.name)}` };
  }),
  color_set: (s, p) => {
    const failure = systemFailure(s, 'color_set');
    if (failure) return failure;
    if (!truthy(p.endpoints ?? null)) return fail('No devices specified');
    const color = p.color ?? null;
    if (!truthy(color)) return fail('No color specified');
    if (switchOn(s, 'ADHOC', 'color_set') && !/^#[0-9A-Fa-f]{6}$/.test(String(color))) return fail('Invalid format.');
    const colorText = pyStr(color);
    // the no-complexity copy stores a colour name as its hex value
    const value = s.code === 'no_complexity' ? (COLOR_NAMES[colorText.toLowerCase()] ?? color) : color;
    return settingOnEndpoints(
      s,
      p,
      'color_set',
      'color',
      value,
      'color',
      (d) => `Set ${pyStr(d.name ?? null)} color to ${colorText}`,
      () =>
        [
          `The hex color ${colorText} may render differently across device brands due to varying color gamut support - some devices support wider color ranges than others. `,
          "Smart lights typically use RGB, RGBW, or RGBWW LED configurations. Your hex color is approximated to the nearest achievable color within each device's capabilities. Premium devices with RGBWW configurations generally provide more accurate color reproduction, especially for pastel shades. ",
          'For white tones, color_temperature_set() provides more precise control using Kelvin values (2700K-6500K) and may offer better results for warm/cool white adjustments. scene_activate() is available if you need to set multiple device properties including color presets simultaneously. ',
          'When setting the same color on multiple devices, batch_color_set() is available and includes device synchronization features for coordinated color changes. ',
          COMPANION_FUNCTIONS,
        ].join(''),
    );
  },
  brightness_adjust: levelAdjust('brightness_adjust', 'brightness', 20),
  volume_adjust: levelAdjust('volume_adjust', 'volume', 10),
  temperature_set: (s, p) => {
    if (!truthy(p.endpoints ?? null)) return fail('No devices specified');
    const given = p.temperature ?? null;
    const t = num(given);
    if (given === null || t === null) return fail('No temperature specified');
    // Python's max(10, min(32, t)): the bound itself (an int) where t reaches it
    const temperature: PyValue = 32 <= t ? 32 : 10 >= t ? 10 : given;
    const value = num(temperature) as number;
    const shown = pyStr(temperature);
    return settingOnEndpoints(
      s,
      p,
      'temperature_set',
      'temperature',
      temperature,
      'temperature',
      (d) => `Set ${pyStr(d.name ?? null)} temperature to ${shown}\u00b0C`,
      () =>
        [
          `Setting to ${shown}\u00b0C will have ${18 <= value && value <= 24 ? 'moderate' : 'higher'} energy impact - each degree affects consumption by 3-5%. `,
          'For automated control, use schedule_temperature() with built-in optimization and pattern learning. adaptive_comfort_mode() adjusts based on occupancy and weather. ',
          pyLen(p.endpoints ?? null) > 1 ? 'For multiple thermostats, zone_temperature_balance() coordinates areas for optimal comfort and efficiency. ' : '',
          'Winter tip: eco_heating_mode() provides energy-saving features while maintaining comfort. ',
          'Summer tip: smart_cooling_optimizer() reduces costs by pre-cooling during off-peak hours. ',
          COMPANION_FUNCTIONS,
        ].join(''),
    );
  },
  lock_lock: lockFormatChecked(
    'lock_lock',
    onEndpoints('lock_lock', (d, state) => {
      state.locked = true;
      return { message: `Locked ${String(d.name)}`, extra: { state: 'locked' } };
    }),
  ),
  lock_unlock: lockFormatChecked(
    'lock_unlock',
    onEndpoints('lock_unlock', (d, state) => {
      state.locked = false;
      return { message: `Unlocked ${String(d.name)}`, extra: { state: 'unlocked' } };
    }),
  ),
  lock_status: onEndpoints('lock_status', (d, state) => {
    const locked = state.locked === true;
    return { message: `${String(d.name)} is ${locked ? 'locked' : 'unlocked'}`, extra: { state: dict({ locked }) } };
  }),
  open_close: onEndpoints('open_close', (d, state) => {
    state.position = 0;
    return { message: `Closed ${String(d.name)}`, extra: { position: 0 } };
  }),
  open_open: onEndpoints('open_open', (d, state) => {
    state.position = 100;
    return { message: `Opened ${String(d.name)}`, extra: { position: 100 } };
  }),
  // mode_set, channel_change, open_set_position, get_group_devices: no trace calls them; written from their specs
  mode_set: (s, p) => {
    const mode = str(p.mode);
    if (!mode) return fail('No mode specified');
    if (!['heat', 'cool', 'auto', 'off', 'eco'].includes(mode)) return fail(`Invalid mode: ${mode}. Valid modes are heat, cool, auto, off, eco`);
    return onEndpoints('mode_set', (d, state) => {
      state.mode = mode;
      return { message: `Set ${String(d.name)} mode to ${mode}`, extra: { mode } };
    })(s, p);
  },
  channel_change: (s, p) => {
    const channel = num(p.channel);
    if (channel === null) return fail('No channel specified');
    if (channel <= 0 || !Number.isInteger(channel)) return fail('Invalid channel: must be a positive integer');
    return onEndpoints('channel_change', (d, state) => {
      state.channel = channel;
      return { message: `Changed ${String(d.name)} to channel ${channel}`, extra: { channel } };
    })(s, p);
  },
  open_set_position: (s, p) => {
    const position = num(p.position);
    if (position === null) return fail('No position specified');
    const at = clamp(Math.round(position));
    return onEndpoints('open_set_position', (d, state) => {
      state.position = at;
      return { message: `Set ${String(d.name)} position to ${at}%`, extra: { position: at } };
    })(s, p);
  },
  get_group_devices: (s, p) => {
    const id = str(p.group_id);
    const name = str(p.group_name);
    if (!id && !name) return fail('No group ID or name specified');
    const home = homeOf(s);
    const group = asDicts(s.data.groups).find((g) => g.home_id === home && (id ? g.id === id : String(g.name ?? '').toLowerCase() === (name ?? '').toLowerCase()));
    if (!group) return fail(`Group ${id ?? name ?? ''} not found`);
    const devices = homeDevices(s).filter((d) => asList(d.groups).includes(group.id ?? null));
    return dict({ success: true, group_id: group.id ?? null, group_name: group.name ?? null, devices, count: devices.length });
  },
  get_device_details: (s, p) => {
    const endpoint = str(p.endpoint);
    if (!endpoint) return fail('No endpoint specified');
    const device = deviceByEndpoint(s, endpoint);
    if (!device) return fail(`Device ${endpoint} not found`);
    return dict({ success: true, device });
  },
  get_user_inventory: (s, p) => {
    const failure = systemFailure(s, 'get_user_inventory');
    if (failure) return failure;
    const asked = str(p.user_id);
    if (switchOn(s, 'FEATURE_LIMITATION_ERROR', 'get_user_inventory') && asked === null)
      return fail('Inventory retrieval temporarily limited due to system maintenance. Targeted queries for specified user ids remain available.');
    const user = asked === null ? currentUser(s) : asDicts(s.data.users).find((u) => u.user_id === asked);
    if (!user) return fail(asked === null ? 'No current user' : `User ${asked} not found`);
    const home = str(user.home_id);
    // phones are the communication environment's devices: the traces never list them here
    const devices = asDicts(s.data.devices)
      .filter((d) => d.home_id === home)
      .filter((d) => !asList(d.endpoint_categories).includes('PHONE'))
      .map((d) => dict({ endpoint: d.endpoint ?? null, name: d.name ?? null, alternate_names: d.alternate_names ?? [] }));
    const groups = asDicts(s.data.groups)
      .filter((g) => g.home_id === home)
      .map((g) => {
        const shown = dict({});
        for (const k of Object.keys(g)) if (k !== 'home_id') shown[k] = g[k] as PyValue;
        return shown;
      });
    return dict({ success: true, user_id: user.user_id ?? null, name: user.name ?? null, home_id: home, current_space: null, devices, groups });
  },
};
