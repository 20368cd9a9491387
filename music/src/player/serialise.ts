import * as objects from '../http/objects';
import { parseUri } from '../http/params';
import * as engine from './engine';
import type { PlayerDevice, RecentPlay } from './store';

/** The player's answers in Spotify's shapes. */

/** Spotify's context object for a context URI, or null for a plain list of tracks. */
export function contextObject(urls: objects.Urls, uri: string | null) {
  if (!uri) return null;
  const parsed = parseUri(uri);
  const { href, external_urls } = objects.identity(urls, parsed.type as objects.ObjectType, parsed.id);
  return { type: parsed.type, href, external_urls, uri: parsed.uri };
}

/**
 * A device as the player lists it; the active one at the player's volume. `registered_by_client`
 * extends Spotify's device object: whether a client registered it (and keeps it alive).
 */
export function deviceJson(row: PlayerDevice, state: Pick<engine.PlayerState, 'deviceId' | 'volumePercent'>) {
  return {
    id: row.id,
    is_active: row.id === state.deviceId,
    is_private_session: row.is_private_session,
    is_restricted: row.is_restricted,
    name: row.name,
    type: row.type,
    volume_percent: row.id === state.deviceId ? state.volumePercent : row.volume_percent,
    supports_volume: row.supports_volume,
    registered_by_client: row.registered_by_client,
  };
}

export type DeviceJson = ReturnType<typeof deviceJson>;

/** What is playing now: Spotify's currently-playing object. */
export function playingJson(
  urls: objects.Urls,
  playing: { state: engine.PlayerState; at: number; progressMs: number; item: unknown; isEpisode: boolean },
) {
  const { state } = playing;
  return {
    context: contextObject(urls, state.context?.uri ?? null),
    timestamp: playing.at,
    progress_ms: playing.progressMs,
    is_playing: state.isPlaying,
    item: playing.item,
    currently_playing_type: playing.isEpisode ? 'episode' : 'track',
    // An extension: how fast `progress_ms` moves against the clock (the listener's speed for an episode, 1 for a track).
    playback_rate: engine.effectiveRate(state),
    actions: {
      interrupting_playback: false,
      pausing: !state.isPlaying,
      resuming: state.isPlaying,
      seeking: false,
      skipping_next: false,
      skipping_prev: false,
      toggling_repeat_context: false,
      toggling_shuffle: false,
      toggling_repeat_track: false,
      transferring_playback: false,
    },
  };
}

/** One entry of the recently played list, with the track as prepared JSON. */
export function recentPlayJson<T>(urls: objects.Urls, row: RecentPlay, track: T) {
  return {
    track,
    played_at: row.played_at.toISOString(),
    context: contextObject(urls, row.context_uri),
  };
}
