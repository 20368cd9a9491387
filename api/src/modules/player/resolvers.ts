import { GraphQLError } from 'graphql';
import type { Resolvers } from '../../__generated__/resolvers-types';
import { musicOf, type Context } from '../../context';
import { answered, type Upstream } from '../../music/upstream';
import type { EpisodeParent, TrackParent } from '../../music/v1';
import { idOf } from '../catalog/parents';
import { featureUnavailable } from '../common/features';
import { parseUris } from '../me/uris';
import { playlistLoader } from '../playlists/playlist-loader';
import { MusicApiError } from '../../music/errors';
import { playbackRateOf } from './live/snapshot';
import { playerEvents } from './live/subscription';
import type { PlaybackContextParent, PlayerParent } from './parents';

/**
 * The player: playback state, devices and queue, read when selected, and the commands of Spotify
 * Connect. Commands answer a payload whose `player` reads the fresh state only when selected, and tell
 * the listener's live players that something changed. The `player` subscription's players carry their
 * state and devices (./live).
 */

const player: PlayerParent = {};
const contextTypes = new Set(['album', 'artist', 'playlist', 'show']);
const itemTypes = new Set(['track', 'episode']);

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A device id argument: the music service's own id, checked before it goes into a URL. */
function deviceIdOf(deviceId: string, field: string): string;
function deviceIdOf(deviceId: string | null | undefined, field: string): string | undefined;
function deviceIdOf(deviceId: string | null | undefined, field: string): string | undefined {
  if (deviceId === null || deviceId === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(deviceId))
    throw badInput(`${field}: "${deviceId.slice(0, 40)}" is not a device id.`);
  return deviceId;
}

/** One URI argument of one of `types`, checked. */
function oneUri(uri: string, types: ReadonlySet<string>, field: string): string {
  parseUris([uri], types, { min: 1, max: 1 }, field);
  return uri;
}

/** The playback speeds the local music service offers for episodes (music/src/player/engine.ts, `playbackRates`). */
export const playbackSpeeds: readonly number[] = [0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5];

function speedOf(value: number, field: string): number {
  if (!playbackSpeeds.includes(value)) {
    throw badInput(`${field}: must be one of ${playbackSpeeds.join(', ')}, got ${String(value)}.`);
  }
  return value;
}

function integerIn(value: number, min: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badInput(`${field}: must be a whole number from ${String(min)} to ${String(max)}, got ${String(value)}.`);
  }
  return value;
}

/**
 * Runs one player command (`send`, over the request's typed calls) and answers the payload. The
 * player's PUTs set a state (play this, pause, seek to a position, this volume …): sent twice, they
 * leave the same state, so they may be sent again after a failure (`idempotent: true`). Its POSTs are
 * actions (skip, add to the queue) that would happen twice: never resent.
 */
async function command(context: Context, send: (music: Upstream) => Promise<unknown>): Promise<PlayerParent> {
  await send(musicOf(context).music);
  changedPlayer(context);
  return player;
}

/** A command succeeded: the listener's live players read at once (a polled upstream would wait a while). */
function changedPlayer(context: Context): void {
  context.onCommand?.();
}

/** Whether the playback's item is an episode: music v1 marks it in `currently_playing_type` and the item's `type`. */
function isEpisode(item: TrackParent | EpisodeParent): boolean {
  return (item as { type?: string }).type === 'episode';
}

/** Lets the loaders serve the full objects the player just described, so that nothing asks for them again. */
function prime(context: Context, items: readonly (TrackParent | EpisodeParent | null | undefined)[]): void {
  const { loaders } = musicOf(context);
  for (const item of items) {
    if (!item || typeof item.id !== 'string') continue;
    if (isEpisode(item)) loaders.episode.prime(item.id, item as Parameters<typeof loaders.episode.prime>[1]);
    else if ('album' in item) loaders.track.prime(item.id, item);
  }
}

/** The full audio of a track or an episode, where the local music service serves it (a browser reaches it at its accounts URL). */
function streamUrl(context: Context, type: 'track' | 'episode', id: string): string | null {
  if (context.config.provider !== 'local') return null;
  const path = type === 'track' ? `/audio/${id}/full.mp3` : `/audio/episode/${id}/full.mp3`;
  return `${context.config.musicAccountsUrl}${path}`;
}

export const playerResolvers: Resolvers = {
  Query: {
    player: (_parent, _args, context) => {
      musicOf(context);
      return player;
    },
  },

  Subscription: {
    player: {
      subscribe: (_parent, { deviceId }, context) => playerEvents(context, deviceIdOf(deviceId, 'player.deviceId')),
    },
  },

  Player: {
    state: async (parent, _args, context) => {
      if (parent.live) {
        // The subscription's reading: no upstream call.
        prime(context, [parent.live.player?.item]);
        return parent.live.player;
      }
      const state = await musicOf(context).music.get('/me/player', {
        query: { additional_types: 'track,episode' },
      });
      // 204 (nothing plays) comes back empty.
      if (!state || typeof state.is_playing !== 'boolean') return null;
      prime(context, [state.item]);
      return state;
    },
    devices: async (parent, _args, context) => {
      if (parent.live) return parent.live.devices;
      const answer = await musicOf(context).music.get('/me/player/devices');
      return (answer.devices ?? []).filter((device) => typeof device.id === 'string' && device.id !== '');
    },
    queue: async (_parent, _args, context) => {
      const queue = await musicOf(context).music.get('/me/player/queue');
      prime(context, [queue.currently_playing, ...(queue.queue ?? [])]);
      return queue;
    },
  },

  RepeatMode: { OFF: 'off', TRACK: 'track', CONTEXT: 'context' },
  PlaybackContextType: { ALBUM: 'album', ARTIST: 'artist', PLAYLIST: 'playlist', SHOW: 'show' },

  PlaybackState: {
    isPlaying: (state) => state.is_playing === true,
    progressMs: (state) => (typeof state.progress_ms === 'number' ? Math.floor(state.progress_ms) : null),
    timestamp: (state) => state.timestamp ?? Date.now(),
    shuffle: (state) => state.shuffle_state === true,
    repeat: (state) =>
      state.repeat_state === 'track' || state.repeat_state === 'context' ? state.repeat_state : 'off',
    device: (state) => (state.device && typeof state.device.id === 'string' ? state.device : null),
    context: (state) => {
      const uri = state.context?.uri;
      const [, type, id] = typeof uri === 'string' ? uri.split(':') : [];
      if (typeof uri !== 'string' || type === undefined || id === undefined || !contextTypes.has(type)) return null;
      return { uri, type: type as PlaybackContextParent['type'], id };
    },
    item: (state) => state.item ?? null,
    // The local music service's extension; Spotify has no playback speed, so its playback moves at 1.
    playbackSpeed: (state) => playbackRateOf(state),
  },

  PlaybackContext: {
    uri: (context) => context.uri,
    type: (context) => context.type,
    album: (parent, _args, context) =>
      parent.type === 'album' ? musicOf(context).loaders.album.load(parent.id) : null,
    artist: (parent, _args, context) =>
      parent.type === 'artist' ? musicOf(context).loaders.artist.load(parent.id) : null,
    playlist: (parent, _args, context) => (parent.type === 'playlist' ? playlistLoader(context).load(parent.id) : null),
    show: (parent, _args, context) => (parent.type === 'show' ? musicOf(context).loaders.show.load(parent.id) : null),
  },

  Device: {
    id: (device) => idOf({ id: device.id ?? undefined }, 'device'),
    name: (device) => device.name ?? '',
    type: (device) => device.type ?? 'Unknown',
    isActive: (device) => device.is_active === true,
    isPrivateSession: (device) => device.is_private_session === true,
    isRestricted: (device) => device.is_restricted === true,
    // The local music service's extension; Spotify never sends it.
    registeredByClient: (device) => device.registered_by_client === true,
    volumePercent: (device) => device.volume_percent ?? null,
    supportsVolume: (device) => device.supports_volume === true,
  },

  Queue: {
    currentlyPlaying: (queue) => queue.currently_playing ?? null,
    items: (queue) => (queue.queue ?? []).filter((item) => typeof item.id === 'string'),
    // The local music service's extension; Spotify does not tell what the listener queued.
    addedByListener: (queue) => {
      const queued = (queue as { queued_by_listener?: unknown }).queued_by_listener;
      return typeof queued === 'number' ? queued : null;
    },
  },

  Track: {
    streamUrl: (track, _args, context) => streamUrl(context, 'track', idOf(track, 'track')),
  },

  Episode: {
    streamUrl: (episode, _args, context) => streamUrl(context, 'episode', idOf(episode, 'episode')),
  },

  StartPlaybackPayload: { player: () => player },
  PausePlaybackPayload: { player: () => player },
  SkipToNextPayload: { player: () => player },
  SkipToPreviousPayload: { player: () => player },
  SeekPlaybackPayload: { player: () => player },
  SetShufflePayload: { player: () => player },
  SetRepeatModePayload: { player: () => player },
  SetVolumePayload: { player: () => player },
  SetPlaybackSpeedPayload: { player: () => player },
  TransferPlaybackPayload: { player: () => player },
  AddToQueuePayload: { player: () => player },
  RemoveFromQueuePayload: { player: () => player },
  ClearQueuePayload: { player: () => player },
  UnregisterPlaybackDevicePayload: { player: () => player },
  RegisterPlaybackDevicePayload: {
    device: (parent) => parent.device,
    player: () => player,
  },

  Mutation: {
    startPlayback: (_parent, { input }, context) => {
      const device_id = deviceIdOf(input.deviceId, 'startPlayback.deviceId');
      if (input.contextUri && input.uris) throw badInput('startPlayback: give contextUri or uris, not both.');
      const body: Record<string, unknown> = {};
      if (input.contextUri) {
        body.context_uri = parseUris(
          [input.contextUri],
          contextTypes,
          { min: 1, max: 1 },
          'startPlayback.contextUri',
        )[0]?.uri;
      }
      if (input.uris) {
        body.uris = parseUris(input.uris, itemTypes, { min: 1, max: 100 }, 'startPlayback.uris').map((uri) => uri.uri);
      }
      const offsets = [input.offsetPosition, input.offsetUri].filter((value) => value !== null && value !== undefined);
      if (offsets.length > 0 && !input.contextUri && !input.uris) {
        throw badInput('startPlayback: an offset needs a contextUri or uris.');
      }
      if (offsets.length > 1) throw badInput('startPlayback: give offsetPosition or offsetUri, not both.');
      if (input.offsetPosition !== null && input.offsetPosition !== undefined) {
        body.offset = { position: integerIn(input.offsetPosition, 0, 10_000, 'startPlayback.offsetPosition') };
      }
      if (input.offsetUri) {
        body.offset = {
          uri: parseUris([input.offsetUri], itemTypes, { min: 1, max: 1 }, 'startPlayback.offsetUri')[0]?.uri,
        };
      }
      if (input.positionMs !== null && input.positionMs !== undefined) {
        body.position_ms = integerIn(input.positionMs, 0, 24 * 3_600_000, 'startPlayback.positionMs');
      }
      return command(context, (music) =>
        music.put('/me/player/play', { query: { device_id }, body, idempotent: true }),
      );
    },
    pausePlayback: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player/pause', {
          query: { device_id: deviceIdOf(input.deviceId, 'pausePlayback.deviceId') },
          idempotent: true,
        }),
      ),
    skipToNext: (_parent, { input }, context) =>
      command(context, (music) =>
        music.post('/me/player/next', {
          query: { device_id: deviceIdOf(input.deviceId, 'skipToNext.deviceId') },
          idempotent: false,
        }),
      ),
    skipToPrevious: (_parent, { input }, context) =>
      command(context, (music) =>
        music.post('/me/player/previous', {
          query: { device_id: deviceIdOf(input.deviceId, 'skipToPrevious.deviceId') },
          idempotent: false,
        }),
      ),
    seekPlayback: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player/seek', {
          query: {
            position_ms: integerIn(input.positionMs, 0, 24 * 3_600_000, 'seekPlayback.positionMs'),
            device_id: deviceIdOf(input.deviceId, 'seekPlayback.deviceId'),
          },
          idempotent: true,
        }),
      ),
    setShuffle: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player/shuffle', {
          query: { state: input.shuffle, device_id: deviceIdOf(input.deviceId, 'setShuffle.deviceId') },
          idempotent: true,
        }),
      ),
    setRepeatMode: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player/repeat', {
          query: { state: input.mode, device_id: deviceIdOf(input.deviceId, 'setRepeatMode.deviceId') },
          idempotent: true,
        }),
      ),
    setVolume: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player/volume', {
          query: {
            volume_percent: integerIn(input.volumePercent, 0, 100, 'setVolume.volumePercent'),
            device_id: deviceIdOf(input.deviceId, 'setVolume.deviceId'),
          },
          idempotent: true,
        }),
      ),
    setPlaybackSpeed: (_parent, { input }, context) => {
      if (context.config.provider !== 'local') throw featureUnavailable('a playback speed');
      const query = {
        rate: speedOf(input.speed, 'setPlaybackSpeed.speed'),
        device_id: deviceIdOf(input.deviceId, 'setPlaybackSpeed.deviceId'),
      };
      return command(context, (music) => music.put('/me/player/speed', { query, idempotent: true }));
    },
    transferPlayback: (_parent, { input }, context) =>
      command(context, (music) =>
        music.put('/me/player', {
          body: {
            device_ids: [deviceIdOf(input.deviceId, 'transferPlayback.deviceId')],
            ...(input.play === null || input.play === undefined ? {} : { play: input.play }),
          },
          idempotent: true,
        }),
      ),
    addToQueue: (_parent, { input }, context) =>
      command(context, (music) =>
        music.post('/me/player/queue', {
          query: {
            uri: oneUri(input.uri, itemTypes, 'addToQueue.uri'),
            device_id: deviceIdOf(input.deviceId, 'addToQueue.deviceId'),
          },
          idempotent: false,
        }),
      ),
    removeFromQueue: (_parent, { input }, context) => {
      if (context.config.provider !== 'local') throw featureUnavailable('taking items out of the queue');
      const query = {
        position: integerIn(input.position, 0, 10_000, 'removeFromQueue.position'),
        uri: oneUri(input.uri, itemTypes, 'removeFromQueue.uri'),
      };
      // An action on a place in a list that moves: never resent.
      return command(context, (music) => music.delete('/me/player/queue', { query, idempotent: false }));
    },
    clearQueue: (_parent, _args, context) => {
      if (context.config.provider !== 'local') throw featureUnavailable('emptying the queue');
      return command(context, (music) => music.delete('/me/player/queue', { idempotent: true }));
    },
    registerPlaybackDevice: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      if (context.config.provider !== 'local') throw featureUnavailable('devices that play the audio themselves');
      const name = input.name.trim();
      if (name === '' || name.length > 64) throw badInput('registerPlaybackDevice.name: 1 to 64 characters.');
      const created = await music.post('/me/player/devices', {
        body: { name, ...(input.type ? { type: input.type } : {}) },
      });
      changedPlayer(context);
      return { device: answered(created, 'POST /me/player/devices') };
    },
    keepPlaybackDevice: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      if (context.config.provider !== 'local') throw featureUnavailable('devices that play the audio themselves');
      const deviceId = deviceIdOf(input.deviceId, 'keepPlaybackDevice.deviceId');
      try {
        // "Still here" sets the same state however often it is said: safe to send again.
        const kept = await music.put('/me/player/devices/{device_id}', {
          path: { device_id: deviceId },
          idempotent: true,
        });
        return { device: answered(kept, 'PUT /me/player/devices/{device_id}') };
      } catch (error) {
        // The service no longer knows the device (lapsed or removed): the client registers again.
        if (error instanceof MusicApiError && error.status === 404) return { device: null };
        throw error;
      }
    },
    unregisterPlaybackDevice: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      if (context.config.provider !== 'local') throw featureUnavailable('devices that play the audio themselves');
      const deviceId = deviceIdOf(input.deviceId, 'unregisterPlaybackDevice.deviceId');
      // Removing a device that is already gone changes nothing: safe to send again.
      await music.delete('/me/player/devices/{device_id}', { path: { device_id: deviceId }, idempotent: true });
      changedPlayer(context);
      return player;
    },
  },
};
