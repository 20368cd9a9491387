import type { V1Device } from '../../music/v1';
import type { PlayerSnapshot } from './live/snapshot';

/**
 * The player belongs to the signed-in listener and has no state of its own in the api: each of its
 * fields asks the music service when selected. Mutation payloads hold the same marker. A subscription's
 * player carries the reading it was sent for (`live`): its state and devices come from there.
 */
export interface PlayerParent {
  live?: PlayerSnapshot;
}

/** A playback context: its URI and kind; the linked album, artist, playlist or show is loaded when asked. */
export interface PlaybackContextParent {
  uri: string;
  type: 'album' | 'artist' | 'playlist' | 'show';
  id: string;
}

/** The device a client registered, and the player. */
export interface RegisteredDeviceParent {
  device: V1Device;
}
