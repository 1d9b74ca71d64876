/** Smart-home devices: discovery, power, lights, climate, locks, blinds, TV. */
import type { JsonObject } from '../../../core/types';
import { type Args, fail } from '../../define';
import { apiFunction, type ApiFunction, found, int, oneOf, str, strs } from '../define';
import type { Device, World } from '../world';

export const deviceAt = (world: World, endpoint: string): Device =>
  found(
    world.devices.find((x) => x.endpoint === endpoint),
    `device with endpoint ${endpoint}`,
  );

function devicesOf(world: World, a: Args, types?: Device['type'][]): Device[] {
  const eps = a.strings('endpoints');
  if (eps.length === 0) fail('invalid_arguments', 'endpoints must name at least one device');
  return eps.map((ep) => {
    const d = deviceAt(world, ep);
    if (types && !types.includes(d.type)) fail('invalid_arguments', `${d.name} (${ep}) is a ${d.type}, which does not support this`);
    return d;
  });
}

function requireOn(d: Device): void {
  if (d.power !== 'on') fail('execution_error', `Device ${d.name} is not powered on`);
}

const summary = (d: Device): JsonObject => ({ endpoint: d.endpoint, name: d.name, room: d.room, type: d.type, power: d.power });
const results = (ds: Device[], message: (d: Device) => string): JsonObject => ({ results: ds.map((d) => ({ endpoint: d.endpoint, name: d.name, success: true, message: message(d) })) });

const COLOR_NAMES: Record<string, string> = {
  red: '#FF0000',
  green: '#00FF00',
  blue: '#0000FF',
  orange: '#FFA500',
  purple: '#800080',
  yellow: '#FFFF00',
  pink: '#FFC0CB',
  white: '#FFFFFF',
};
const HEX = /^#[0-9A-F]{6}$/;
function colorHex(v: string): string | null {
  const named = COLOR_NAMES[v.trim().toLowerCase()];
  if (named) return named;
  const hex = v.trim().toUpperCase();
  return HEX.test(hex) ? hex : /^[0-9A-F]{6}$/.test(hex) ? `#${hex}` : null;
}

const endpoints = strs('endpoints of the devices (from get_user_inventory)');

export const HOME_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'get_user_inventory',
    domain: 'smart_home',
    cls: 'support',
    description: "List every device in the user's home with its endpoint, room, type and power state.",
    params: { room: str('only devices in this room', true) },
    returns: 'devices',
    impl: (a, { world }) => {
      const room = a.str('room').toLowerCase();
      return { devices: world.devices.filter((d) => !room || d.room.toLowerCase() === room).map(summary) };
    },
    complexity: {
      feature_limit: {
        when: (a) => !a.room,
        message: 'Whole-home inventory listing is temporarily limited; listing the devices of one room still works.',
        workaround: () => ({ api: 'get_user_inventory', params: { room: 'Living Room' } }),
      },
      system_failure: { code: 'HUB_SYNC_DESYNC', message: 'Hub registry sync failed: shard 3 checksum mismatch (0x7FA2) during inventory reconciliation; retry budget exhausted' },
      unclear: { name: 'list_connected_hubs', description: 'List the smart hubs and bridges connected to the home network, with firmware versions.', params: {} },
    },
  }),
  apiFunction({
    name: 'get_device_details',
    domain: 'smart_home',
    cls: 'support',
    key: ['endpoint'],
    description: 'Full state of one device (power, colour, brightness, temperature, lock state…).',
    params: { endpoint: str('the device endpoint') },
    returns: 'device',
    impl: (a, { world }) => ({ device: { ...deviceAt(world, a.str('endpoint')) } as unknown as JsonObject }),
  }),
  apiFunction({
    name: 'get_group_devices',
    domain: 'smart_home',
    cls: 'support',
    description: 'Devices of one type (all lights, all locks, all speakers…).',
    params: { type: oneOf(['light', 'thermostat', 'lock', 'tv', 'speaker', 'phone', 'blinds'], 'device type') },
    returns: 'devices',
    impl: (a, { world }) => ({ devices: world.devices.filter((d) => d.type === a.str('type')).map(summary) }),
  }),
  apiFunction({
    name: 'power_on',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints'],
    description: 'Turn on one or more devices.',
    params: { endpoints },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a);
      for (const d of ds) d.power = 'on';
      return results(ds, (d) => `Turned on ${d.name}`);
    },
  }),
  apiFunction({
    name: 'power_off',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints'],
    description: 'Turn off one or more devices.',
    params: { endpoints },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a);
      for (const d of ds) d.power = 'off';
      return results(ds, (d) => `Turned off ${d.name}`);
    },
    complexity: {
      unclear: {
        name: 'device_deactivate',
        description: 'Deactivate one or more devices, putting them in a low-power standby state.',
        params: { endpoints: { type: 'array', description: 'device endpoints' } },
      },
    },
  }),
  apiFunction({
    name: 'color_set',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'color'],
    description: 'Set the colour of one or more lights.',
    params: { endpoints, color: str('the colour') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['light']);
      const hex = colorHex(a.str('color'));
      if (!hex) fail('invalid_arguments', `Unknown colour '${a.str('color')}'`);
      for (const d of ds) requireOn(d);
      for (const d of ds) d.color = hex;
      return results(ds, (d) => `Set ${d.name} to ${hex}`);
    },
    complexity: {
      ad_hoc: {
        param: 'color',
        rule: 'color must be an upper-case hex code #RRGGBB (e.g. #FFA500); colour names are rejected',
        format: (v) => (typeof v === 'string' ? (colorHex(v) ?? v) : v),
        parse: (v) => (typeof v === 'string' && HEX.test(v) ? v : null),
        message: 'Invalid color format.',
      },
      dependency: 'The lights must be powered on first (power_on).',
      notice: 'Colour accuracy varies by bulb model; for white tones color_temperature_set is recommended by the manufacturer.',
      system_failure: { code: 'ZIGBEE_MESH_COORDINATOR_PANIC', message: 'ZigBee coordinator firmware v3.1.2 kernel panic at 0x8004A2F0: mesh routing table overflow, max_nodes=64 exceeded' },
      unclear: {
        name: 'color_scene_set',
        description: 'Apply a predefined colour scene to every compatible light in a room.',
        params: { room: { type: 'string', description: 'room' }, scene: { type: 'string', description: 'scene name' } },
      },
    },
  }),
  apiFunction({
    name: 'brightness_adjust',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'level'],
    description: 'Set the brightness of one or more lights.',
    params: { endpoints, level: int('brightness') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['light']);
      const level = a.num('level');
      if (level < 0 || level > 100) fail('invalid_arguments', 'level must be between 0 and 100');
      for (const d of ds) requireOn(d);
      for (const d of ds) d.brightness = level;
      return results(ds, (d) => `Set ${d.name} brightness to ${level}%`);
    },
    complexity: { ambiguous: { level: 'a percentage from 0 to 100' }, dependency: 'The lights must be powered on first (power_on).' },
  }),
  apiFunction({
    name: 'temperature_set',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'temperature'],
    description: 'Set the target temperature of a thermostat.',
    params: { endpoints, temperature: int('target temperature') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['thermostat']);
      const t = a.num('temperature');
      if (t < 10 || t > 32) fail('invalid_arguments', `temperature ${t} is out of range (10–32 °C)`);
      for (const d of ds) d.temperature = t;
      return results(ds, (d) => `Set ${d.name} to ${t} °C`);
    },
    complexity: { ambiguous: { temperature: 'in degrees Celsius, 10 to 32' }, notice: 'Energy tip: each degree lower in summer raises cooling costs by about 3%.' },
  }),
  apiFunction({
    name: 'mode_set',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'mode'],
    description: 'Set the mode of a thermostat.',
    params: { endpoints, mode: oneOf(['heat', 'cool', 'auto', 'eco', 'off'], 'mode') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['thermostat']);
      for (const d of ds) d.mode = a.str('mode');
      return results(ds, (d) => `Set ${d.name} to ${a.str('mode')} mode`);
    },
  }),
  apiFunction({
    name: 'lock_lock',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints'],
    description: 'Lock one or more smart locks.',
    params: { endpoints },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['lock']);
      for (const d of ds) d.locked = true;
      return results(ds, (d) => `Locked ${d.name}`);
    },
  }),
  apiFunction({
    name: 'lock_unlock',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints'],
    description: 'Unlock one or more smart locks.',
    params: { endpoints },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['lock']);
      for (const d of ds) d.locked = false;
      return results(ds, (d) => `Unlocked ${d.name}`);
    },
  }),
  apiFunction({
    name: 'lock_status',
    domain: 'smart_home',
    cls: 'core',
    key: ['endpoint'],
    description: 'Whether a lock is locked.',
    params: { endpoint: str('the lock endpoint') },
    returns: 'locked',
    impl: (a, { world }) => {
      const d = deviceAt(world, a.str('endpoint'));
      if (d.type !== 'lock') fail('invalid_arguments', `${d.name} is not a lock`);
      return { endpoint: d.endpoint, name: d.name, locked: d.locked ?? false };
    },
  }),
  apiFunction({
    name: 'open_set_position',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'position'],
    description: 'Open blinds to a position.',
    params: { endpoints, position: int('how far open') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['blinds']);
      const p = a.num('position');
      if (p < 0 || p > 100) fail('invalid_arguments', 'position must be between 0 and 100');
      for (const d of ds) d.position = p;
      return results(ds, (d) => `Opened ${d.name} to ${p}%`);
    },
    complexity: { ambiguous: { position: 'a percentage: 0 closed, 100 fully open' } },
  }),
  apiFunction({
    name: 'channel_change',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'channel'],
    description: 'Change the channel of a TV.',
    params: { endpoints, channel: int('channel number') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['tv']);
      for (const d of ds) requireOn(d);
      for (const d of ds) d.channel = a.num('channel');
      return results(ds, (d) => `${d.name} on channel ${a.num('channel')}`);
    },
    complexity: { dependency: 'The TV must be powered on first (power_on).' },
  }),
  apiFunction({
    name: 'volume_adjust',
    domain: 'smart_home',
    cls: 'side_effect',
    key: ['endpoints', 'volume'],
    description: 'Set the volume of a TV or speaker.',
    params: { endpoints, volume: int('volume') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = devicesOf(world, a, ['tv', 'speaker']);
      const v = a.num('volume');
      if (v < 0 || v > 100) fail('invalid_arguments', 'volume must be between 0 and 100');
      for (const d of ds) requireOn(d);
      for (const d of ds) d.volume = v;
      return results(ds, (d) => `Set ${d.name} volume to ${v}`);
    },
    complexity: { ambiguous: { volume: 'from 0 (mute) to 100' }, dependency: 'The device must be powered on first (power_on).' },
  }),
];
