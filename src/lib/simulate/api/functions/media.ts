/** Media playback on speakers and TVs, and playlists. */
import type { JsonObject } from '../../../core/types';
import { type Args, fail } from '../../define';
import { apiFunction, type ApiFunction, found, num, str, strs } from '../define';
import { nextId, type World } from '../world';
import { deviceAt } from './home';

const mediaOf = (world: World, id: string) =>
  found(
    world.media.find((x) => x.media_id === id),
    `media item ${id}`,
  );

function players(world: World, a: Args) {
  const eps = a.strings('endpoints');
  if (eps.length === 0) fail('invalid_arguments', 'endpoints must name at least one speaker or TV');
  return eps.map((ep) => {
    const d = deviceAt(world, ep);
    if (d.type !== 'speaker' && d.type !== 'tv') fail('invalid_arguments', `${d.name} cannot play media`);
    return d;
  });
}

/** A playback control on devices that are playing something (a functional dependency on `play`). */
function control(
  name: string,
  description: string,
  apply: (p: NonNullable<World['playback'][string]>, a: Args) => string,
  extra: Record<string, ReturnType<typeof num>> = {},
  ambiguous?: Record<string, string>,
): ApiFunction {
  return apiFunction({
    name,
    domain: 'media',
    cls: 'side_effect',
    key: ['endpoints'],
    description,
    params: { endpoints: strs('speaker or TV endpoints'), ...extra },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = players(world, a);
      const out = ds.map((d) => {
        const p = world.playback[d.endpoint];
        if (!p) fail('execution_error', `No active playback on ${d.name}`);
        return { endpoint: d.endpoint, success: true, message: apply(p, a) };
      });
      return { results: out };
    },
    complexity: { dependency: 'Something must be playing on the device (play).', ...(ambiguous ? { ambiguous } : {}) },
  });
}

export const MEDIA_FUNCTIONS: ApiFunction[] = [
  apiFunction({
    name: 'search_media',
    domain: 'media',
    cls: 'support',
    key: ['query'],
    description: 'Search songs, podcasts and films by title, artist or genre.',
    params: { query: str('words to look for') },
    returns: 'items with media_id',
    impl: (a, { world }) => {
      const q = a.str('query').trim().toLowerCase();
      if (!q) fail('invalid_arguments', 'query must not be empty');
      return { items: world.media.filter((m) => `${m.title} ${m.artist} ${m.genre}`.toLowerCase().includes(q)) as unknown as JsonObject[] };
    },
    complexity: {
      notice: 'Some titles may be unavailable in your region due to licensing.',
      irrelevant: { field: 'items', entries: () => [{ media_id: 'ad1', title: 'Sponsored: StreamPlus free trial', artist: 'StreamPlus', type: 'ad', genre: 'ad', duration_s: 30 }] },
    },
  }),
  apiFunction({
    name: 'get_media_details',
    domain: 'media',
    cls: 'support',
    key: ['media_id'],
    description: 'Details of one media item.',
    params: { media_id: str('media id') },
    returns: 'item',
    impl: (a, { world }) => ({ item: { ...mediaOf(world, a.str('media_id')) } as unknown as JsonObject }),
    complexity: {
      notice: 'Duration shown excludes ads inserted by the streaming service.',
      unclear: {
        name: 'get_content_details',
        description: 'Get detailed information about a content item including publication status and metrics.',
        params: { content_id: { type: 'string', description: 'content id' } },
      },
    },
  }),
  apiFunction({
    name: 'play',
    domain: 'media',
    cls: 'side_effect',
    key: ['endpoints', 'media_id'],
    description: 'Play a media item on speakers or TVs.',
    params: { endpoints: strs('speaker or TV endpoints'), media_id: str('what to play') },
    returns: 'results per device',
    impl: (a, { world }) => {
      const ds = players(world, a);
      const m = mediaOf(world, a.str('media_id'));
      for (const d of ds) if (d.power !== 'on') fail('execution_error', `Device ${d.name} is not powered on`);
      for (const d of ds) world.playback[d.endpoint] = { media_id: m.media_id, state: 'playing', position_s: 0 };
      return { results: ds.map((d) => ({ endpoint: d.endpoint, success: true, message: `Playing ${m.title} on ${d.name}` })) };
    },
    complexity: {
      ad_hoc: {
        param: 'media_id',
        rule: "media_id must be prefixed with the media type: 'song:media1', 'podcast:media4', 'movie:media8'",
        format: (v, world) => {
          const m = typeof v === 'string' ? world.media.find((x) => x.media_id === v) : undefined;
          return m ? `${m.type}:${m.media_id}` : v;
        },
        parse: (v, world) => {
          if (typeof v !== 'string') return null;
          const [type, id] = v.split(':');
          return world.media.some((m) => m.type === type && m.media_id === id) ? (id as string) : null;
        },
        message: 'Invalid media ID format.',
      },
      dependency: 'The speaker or TV must be powered on first (power_on).',
      system_failure: { code: 'DRM_LICENSE_SERVER_UNREACHABLE', message: 'Widevine license request failed: lic-proxy-7 returned 0xC00D36B2 (session key expired), playback pipeline torn down' },
    },
  }),
  control('pause', 'Pause playback.', (p) => ((p.state = 'paused'), 'Paused')),
  control('resume', 'Resume paused playback.', (p) => ((p.state = 'playing'), 'Resumed')),
  control('next', 'Skip to the next item.', (p) => ((p.position_s = 0), 'Skipped to the next item')),
  control(
    'rewind',
    'Rewind playback.',
    (p, a) => ((p.position_s = Math.max(0, p.position_s - a.num('seconds'))), `Rewound ${a.num('seconds')} s`),
    { seconds: num('how far back') },
    { seconds: 'in seconds' },
  ),
  control('set_playback_speed', 'Change the playback speed.', (p, a) => `Speed set to ${a.num('speed')}x`, { speed: num('playback speed') }, { speed: 'a multiple of normal speed, 0.5 to 2.0' }),
  apiFunction({
    name: 'get_playback_status',
    domain: 'media',
    cls: 'support',
    description: 'What is playing on each device.',
    returns: 'playback per device',
    impl: (_a, { world }) => ({ playback: Object.entries(world.playback).map(([endpoint, p]) => ({ endpoint, ...(p as object) })) as unknown as JsonObject[] }),
  }),
  apiFunction({
    name: 'get_playlists',
    domain: 'media',
    cls: 'support',
    description: "The user's playlists.",
    returns: 'playlists',
    impl: (_a, { world }) => ({ playlists: world.playlists as unknown as JsonObject[] }),
  }),
  apiFunction({
    name: 'create_playlist',
    domain: 'media',
    cls: 'side_effect',
    key: ['title'],
    description: 'Create an empty playlist.',
    params: { title: str('playlist name') },
    returns: 'playlist_id',
    impl: (a, { world }) => {
      if (!a.str('title').trim()) fail('invalid_arguments', 'title must not be empty');
      const id = nextId(world, 'playlist', 'playlist', 1);
      world.playlists.push({ playlist_id: id, title: a.str('title'), media_ids: [] });
      return { playlist_id: id };
    },
  }),
  apiFunction({
    name: 'add_to_playlist',
    domain: 'media',
    cls: 'side_effect',
    key: ['playlist_id', 'media_ids'],
    description: 'Add media items to a playlist.',
    params: { playlist_id: str('playlist id'), media_ids: strs('media ids') },
    returns: 'the playlist',
    impl: (a, { world }) => {
      const pl = world.playlists.find((p) => p.playlist_id === a.str('playlist_id'));
      if (!pl) fail('not_found', `No playlist ${a.str('playlist_id')}`);
      for (const id of a.strings('media_ids')) mediaOf(world, id);
      pl.media_ids.push(...a.strings('media_ids'));
      return { playlist: { ...pl, media_ids: [...pl.media_ids] } };
    },
  }),
];
