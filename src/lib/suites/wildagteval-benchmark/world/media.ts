/**
 * WildAgtEval's MediaControlEnv over `media_database.json` (music, movies, TV shows, videos,
 * playlists): search, playlists, and playback on the home's media devices (kept per endpoint for
 * the session).
 */
import { pyStr, type PyDict, type PyValue } from '../../../core/pyvalue';
import { deviceByEndpoint, onEndpoints } from './smarthome';
import type { WildFunction, WildState } from './state';
import { switchOn, systemFailure } from './switches';
import { asDict, asDicts, asList, dict, fail, float, num, str } from './values';

const COLLECTIONS = ['movies', 'tv_shows', 'videos', 'music'] as const;
const media = (s: WildState): PyDict => asDict(s.data.media_database) ?? dict({});
const allMedia = (s: WildState): PyDict[] => COLLECTIONS.flatMap((c) => asDicts(media(s)[c]));

/** A media id as given: `song72`, or `song:song72` as the ad-hoc format writes it. */
const mediaById = (s: WildState, id: string): PyDict | undefined => {
  const plain = id.slice(id.indexOf(':') + 1);
  return allMedia(s).find((m) => m.id === plain);
};

/** `m:ss` */
const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** helpers.find_media_by_title: a title containing the query (any case), in movies, TV shows, music and the catalog's playlists, by type. */
function findMediaByTitle(s: WildState, query: string, type: string | null): PyDict[] {
  const categories =
    type === 'movie'
      ? ['movies']
      : type === 'tv_show'
        ? ['tv_shows']
        : type === 'song' || type === 'album'
          ? ['music']
          : type === 'playlist'
            ? ['playlists']
            : ['movies', 'tv_shows', 'music', 'playlists'];
  const q = query.toLowerCase();
  return categories
    .flatMap((c) => asDicts(media(s)[c]))
    .filter(
      (m) =>
        String(m.title ?? '')
          .toLowerCase()
          .includes(q) &&
        (!type || m.type === type),
    );
}

const searchMedia: WildFunction = (s, p) => {
  const query = str(p.query);
  if (!query) return fail('No search query provided');
  const limit = p.limit === undefined || p.limit === null ? 10 : (num(p.limit) ?? 10);
  if (limit < 1) return fail('Limit must be at least 1');
  const type = str(p.media_type);
  const results = findMediaByTitle(s, query, type).slice(0, limit).map(mediaFields);
  const notice = switchOn(s, 'INFORMATIONAL_NOTICE', 'search_media');
  if (results.length === 0) {
    const empty = dict({ success: true, count: 0, results: [], message: `No media found matching '${query}'` });
    if (notice) Object.assign(empty, SEARCH_MEDIA_EMPTY_NOTICE());
    return empty;
  }
  const response = dict({ success: true, count: results.length, results, message: `Found ${results.length} media items matching '${query}'` });
  if (notice) {
    Object.assign(response, SEARCH_MEDIA_NOTICE());
    if (query.length < 3)
      response.search_tip =
        'Short queries like this work fine, though longer search terms (4+ characters) typically yield more precise results. The fuzzy_search() function is particularly good with partial matches.';
    if (type) response.filter_info = `You're filtering by ${type}, which is great! Just so you know, browse_by_category() offers pre-filtered collections by media type with additional subcategories.`;
    if (results.length === limit)
      response.pagination_note = `Results were limited to ${limit} items as requested. The paginated_search() function is available for handling larger result sets with built-in pagination support, useful for comprehensive searches.`;
  }
  return response;
};

const SEARCH_MEDIA_NOTICE = (): PyDict =>
  dict({
    info: 'FYI: advanced_search() is available for more complex queries with filters like year ranges, ratings, and multiple genres. It also supports fuzzy matching for misspellings.',
    performance_note:
      'This search completed in standard time. For reference, browse_by_genre() provides pre-indexed results that load faster for genre-based discovery, especially useful when exploring content without specific titles in mind.',
    alternative_approaches: dict({
      trending: "get_trending() is available if you're interested in currently popular content across all services",
      recommendations: 'get_recommendations() can suggest similar content based on viewing history',
      voice_search: 'voice_search() also handles natural language queries if that fits your use case better',
    }),
  });

const SEARCH_MEDIA_EMPTY_NOTICE = (): PyDict =>
  dict({
    search_suggestions: dict({
      tip: 'No results found with exact/partial title match. Here are some alternatives:',
      fuzzy_search: 'fuzzy_search() handles misspellings and similar-sounding titles',
      browse: 'browse_all() lets you explore the full catalog with filters',
      discover: 'discover_content() uses AI to find content based on descriptions rather than titles',
    }),
    info: "This search uses partial title matching. For reference, semantic_search() understands context and plot descriptions if you're looking for content by theme rather than title.",
  });

/** The fields search_media lists for an item: the common ones with their defaults, then its type's. */
function mediaFields(m: PyDict): PyDict {
  const d = dict({ id: m.id ?? null, title: m.title ?? null, type: m.type ?? null, year: m.year ?? '', genre: m.genre ?? [], services: m.services ?? [] });
  if (m.type === 'song') Object.assign(d, dict({ artist: m.artist ?? '', album: m.album ?? '' }));
  else if (m.type === 'album') Object.assign(d, dict({ artist: m.artist ?? '', tracks: m.tracks ?? 0 }));
  else if (m.type === 'tv_show') Object.assign(d, dict({ seasons: m.seasons ?? 0, episodes: m.episodes ?? 0 }));
  return d;
}

const searchByArtist: WildFunction = (s, p) => {
  const artist = str(p.artist);
  if (!artist) return fail('Artist name is required');
  const type = str(p.media_type);
  const limit = num(p.limit) ?? 10;
  const found = asDicts(media(s).music)
    .filter((m) => String(m.artist ?? '').toLowerCase() === artist.toLowerCase() && (type === null || m.type === type))
    .slice(0, Math.max(0, limit));
  if (found.length === 0) return `No media items found for artist '${artist}'`;
  const lines = found.map(
    (m, i) =>
      `${i + 1}. [${String(m.type).toUpperCase()}] ${String(m.title)}\n   Artist: ${String(m.artist)}\n   Year: ${String(num(m.year))} | Duration: ${clock(num(m.duration) ?? 0)} | Genre: ${asList(m.genre).join(', ')}\n   ID: ${String(m.id)}\n`,
  );
  return `Found ${found.length} media items for artist '${artist}':\n${lines.join('')}`;
};

const playlists = (s: WildState): PyValue[] => {
  const db = media(s);
  const list = Array.isArray(db.playlists) ? db.playlists : [];
  db.playlists = list;
  return list;
};
const userPlaylists = (s: WildState): PyDict[] => asDicts(playlists(s)).filter((p) => p.user_id === s.user);

const createPlaylist: WildFunction = (s, p) => {
  const title = str(p.title);
  if (!title) return fail('Playlist title is required');
  const id = `playlist${playlists(s).length + 1}`;
  playlists(s).push(dict({ id, title, user_id: s.user, type: 'playlist', items: asList(p.media_ids) }));
  return dict({ success: true, playlist_id: id, title, message: `Created playlist '${title}' with ID '${id}'` });
};

const addToPlaylist: WildFunction = (s, p) => {
  const id = str(p.playlist_id);
  if (!id) return fail('Playlist ID is required');
  const playlist = userPlaylists(s).find((x) => x.id === id);
  if (!playlist) return fail(`Playlist ${id} not found`);
  const items = asList(playlist.items);
  let added = 0;
  for (const m of asList(p.media_ids)) {
    if (typeof m !== 'string' || items.includes(m)) continue;
    items.push(m);
    added++;
  }
  playlist.items = items;
  return dict({ success: true, added_count: added, playlist_id: id, message: `Added ${added} items to playlist '${String(playlist.title)}'` });
};

/** The traces list every playlist item as Unknown: the tool's lookup never resolves an id, and this keeps that. */
const getPlaylists: WildFunction = (s) => {
  const lists = userPlaylists(s).map((p) =>
    dict({
      id: p.id ?? null,
      title: p.title ?? null,
      user_id: p.user_id ?? null,
      item_count: asList(p.items).length,
      items: asList(p.items).map((id) => dict({ id, title: 'Unknown', type: 'Unknown' })),
    }),
  );
  return dict({ success: true, count: lists.length, playlists: lists, message: `Found ${lists.length} playlists for user ${s.user}` });
};

/** What a device is playing, kept in the session: status, media_id (as given), position, playback_speed, shuffle. */
type Playback = PyDict;

const playbackKey = (endpoint: PyValue | undefined): string => `playback:${String(endpoint)}`;

/** A playback command on every endpoint given, each answering for itself. */
function onMediaEndpoints(api: string, act: (s: WildState, device: PyDict) => string | { failure: string }): WildFunction {
  return onEndpoints(api, (device, _deviceState, s) => {
    const done = act(s, device);
    return typeof done === 'string' ? { message: done } : done.failure;
  });
}

const current = (s: WildState, device: PyDict): Playback | undefined => s.session[playbackKey(device.endpoint)];

/** A call placed on a device pauses what plays on it. */
export function pausePlaybackOn(s: WildState, endpoint: PyValue): void {
  const pb = s.session[playbackKey(endpoint)];
  if (pb?.status === 'playing') pb.status = 'paused';
}
const itemOf = (s: WildState, pb: Playback): PyDict => mediaById(s, String(pb.media_id)) ?? dict({});
const nothingPlaying = (device: PyDict) => ({ failure: `Nothing is playing on ${String(device.name)}` });

const play: WildFunction = (s, p) => {
  const failure = systemFailure(s, 'play');
  if (failure) return failure;
  const mediaId = str(p.media_id);
  if (!mediaId) return fail('Media ID is required');
  if (switchOn(s, 'ADHOC', 'play')) {
    const [type, id] = mediaId.split(':');
    if (!mediaId.includes(':') || allMedia(s).find((m) => m.id === id)?.type !== type) return fail('Invalid media ID format.');
  }
  const item = mediaById(s, mediaId);
  if (!item) return fail(`Media ${mediaId} not found`);
  return onMediaEndpoints('play', (state, device) => {
    state.session[playbackKey(device.endpoint)] = dict({ status: 'playing', media_id: mediaId, position: 0, playback_speed: float(1), shuffle: false });
    return `Now playing '${String(item.title)}' on ${String(device.name)}`;
  })(s, p);
};

const seek =
  (api: string, sign: 1 | -1, verb: string): WildFunction =>
  (s, p) => {
    const seconds = num(p.seconds) ?? 10;
    return onMediaEndpoints(api, (state, device) => {
      const pb = current(state, device);
      if (!pb) return nothingPlaying(device);
      const duration = num(itemOf(state, pb).duration) ?? 0;
      pb.position = Math.max(0, Math.min(duration, (num(pb.position) ?? 0) + sign * seconds));
      return `${verb} ${seconds} seconds on ${String(device.name)}`;
    })(s, p);
  };

const setStatus = (api: string, status: 'playing' | 'paused' | 'stopped', verb: string): WildFunction =>
  onMediaEndpoints(api, (s, device) => {
    const pb = current(s, device);
    if (!pb) return nothingPlaying(device);
    pb.status = status;
    if (status === 'stopped') pb.position = 0;
    return `${verb} on ${String(device.name)}`;
  });

const getPlaybackStatus: WildFunction = (s, p) => {
  const endpoints = asList(p.endpoints).filter((e): e is string => typeof e === 'string');
  if (endpoints.length === 0) return fail('No devices specified');
  const results = endpoints.map((endpoint) => {
    const device = deviceByEndpoint(s, endpoint);
    if (!device) return dict({ endpoint, success: false, message: `Device ${endpoint} not found` });
    const pb = current(s, device);
    if (!pb || pb.status === 'stopped') return dict({ endpoint, name: device.name ?? null, success: true, status: 'stopped', message: `Nothing is playing on ${String(device.name)}` });
    const item = itemOf(s, pb);
    const position = num(pb.position) ?? 0;
    const out = dict({
      endpoint,
      name: device.name ?? null,
      success: true,
      status: pb.status ?? null,
      media_id: pb.media_id ?? null,
      title: item.title ?? null,
      type: item.type ?? null,
      position,
      duration: item.duration ?? null,
      position_formatted: clock(position),
      duration_formatted: clock(num(item.duration) ?? 0),
      playback_speed: pb.playback_speed ?? float(1),
      shuffle: pb.shuffle ?? false,
      loop: 'off',
    });
    if (item.artist !== undefined) out.artist = item.artist;
    return out;
  });
  return dict({ success: results.every((r) => r.success === true), results });
};

// next, previous, set_playback_speed, shuffle: no trace calls them, written from their specs
/** helpers.find_media_by_id: movies, TV shows, music, then the users' playlists (playlists.json). */
const findMediaById = (s: WildState, id: string): PyDict | undefined =>
  [...['movies', 'tv_shows', 'music'].flatMap((c) => asDicts(media(s)[c])), ...asDicts(s.data.playlists)].find((m) => m.id === id);

/** helpers.format_duration: `h:mm:ss` from an hour, else `m:ss`. */
function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

const getMediaDetails: WildFunction = (s, p) => {
  const id = str(p.media_id);
  if (!id) return fail('No media ID provided');
  const item = findMediaById(s, id);
  if (!item) return fail(`Media with ID '${id}' not found`);
  const duration = num(item.duration) ?? 0;
  const details = dict({
    id: item.id ?? null,
    title: item.title ?? null,
    type: item.type ?? null,
    year: item.year ?? '',
    genre: item.genre ?? [],
    services: item.services ?? [],
    duration: item.duration ?? 0,
    duration_formatted: formatDuration(duration),
  });
  if (item.type === 'song') Object.assign(details, dict({ artist: item.artist ?? '', album: item.album ?? '' }));
  else if (item.type === 'album') Object.assign(details, dict({ artist: item.artist ?? '', tracks: item.tracks ?? 0 }));
  else if (item.type === 'tv_show') Object.assign(details, dict({ seasons: item.seasons ?? 0, episodes: item.episodes ?? 0, episode_duration: item.episode_duration ?? 0 }));
  else if (item.type === 'playlist') Object.assign(details, dict({ user_id: item.user_id ?? '', items: item.items ?? [], item_count: asList(item.items).length }));
  const response = dict({ success: true, details, message: `Found details for '${pyStr(item.title ?? null)}'` });
  if (switchOn(s, 'INFORMATIONAL_NOTICE', 'get_media_details')) {
    Object.assign(
      response,
      dict({
        performance_tip:
          'FYI: get_batch_media_details() is available if you need to retrieve multiple media items. It processes up to 50 items in a single request and includes automatic result caching for frequently accessed content.',
        metadata_notice:
          'Note: Media metadata is refreshed every 6 hours from streaming service APIs. get_real_time_media_details() is also available for time-sensitive operations where you need the absolute latest information, though it has higher latency due to live API calls.',
        optimization_info:
          'Background: This function uses our standard media database which balances performance and freshness. For reference, alternative approaches include get_cached_media_details() for faster repeated lookups (sub-10ms response times) or get_extended_media_details() which also includes user reviews, ratings history, and related content suggestions.',
      }),
    );
    if (item.type === 'tv_show')
      response.tv_tip =
        "TV Show Tip: get_episode_list() is available to retrieve detailed episode information including air dates and descriptions. get_season_details() also provides season-specific metadata if you're interested in particular seasons.";
  }
  return response;
};

const setPlaybackSpeed: WildFunction = (s, p) => {
  const speed = num(p.speed);
  if (speed === null || speed < 0.5 || speed > 2) return fail('Invalid speed: must be between 0.5 and 2.0');
  return onMediaEndpoints('set_playback_speed', (state, device) => {
    const pb = current(state, device);
    if (!pb || pb.status === 'stopped') return nothingPlaying(device);
    pb.playback_speed = float(speed);
    return `Set playback speed to ${String(speed)}x on ${String(device.name)}`;
  })(s, p);
};

const shuffle: WildFunction = (s, p) =>
  onMediaEndpoints('shuffle', (state, device) => {
    const pb = current(state, device);
    if (!pb || pb.status === 'stopped') return nothingPlaying(device);
    pb.shuffle = typeof p.enabled === 'boolean' ? p.enabled : pb.shuffle !== true;
    return `Shuffle ${pb.shuffle ? 'enabled' : 'disabled'} on ${String(device.name)}`;
  })(s, p);

/** Tracks have no queue in the data: next and previous restart the current item. */
const skip = (api: string, verb: string): WildFunction =>
  onMediaEndpoints(api, (s, device) => {
    const pb = current(s, device);
    if (!pb || pb.status === 'stopped') return nothingPlaying(device);
    pb.position = 0;
    return `${verb} on ${String(device.name)}`;
  });

export const MEDIA_FUNCTIONS: Readonly<Record<string, WildFunction>> = {
  play,
  pause: setStatus('pause', 'paused', 'Paused playback'),
  resume: setStatus('resume', 'playing', 'Resumed playback'),
  stop: setStatus('stop', 'stopped', 'Stopped playback'),
  fast_forward: seek('fast_forward', 1, 'Fast forwarded'),
  rewind: seek('rewind', -1, 'Rewound'),
  search_media: searchMedia,
  create_playlist: createPlaylist,
  add_to_playlist: addToPlaylist,
  get_playlists: getPlaylists,
  get_playback_status: getPlaybackStatus,
  search_by_artist: searchByArtist,
  next: skip('next', 'Skipped to the next item'),
  previous: skip('previous', 'Went back to the previous item'),
  set_playback_speed: setPlaybackSpeed,
  shuffle,
  get_media_details: getMediaDetails,
};
