import { createContext, use } from 'react';
import type { PlaybackState_StateFragment, RepeatMode } from '../__generated__/graphql';

export type PlaybackState = PlaybackState_StateFragment;
export type PlayingItem = NonNullable<PlaybackState['item']>;

/** What to play: a context (album, playlist, artist, show) or a list of tracks and episodes, from an item. */
export interface PlayTarget {
  contextUri?: string;
  uris?: string[];
  offsetUri?: string;
  offsetPosition?: number;
  positionMs?: number;
}

export interface Player {
  state: PlaybackState | null;
  /** True until the first state arrives. */
  loading: boolean;
  /** Changes are pushed over the live connection as they happen (otherwise the player polls). */
  live: boolean;
  /** The live connection cannot be made or broke: changes show late until it is back. */
  livePaused: boolean;
  /** Whether the account may control playback (a free account may not). */
  canControl: boolean;
  /** This browser, as a device that plays the audio itself (local music service only). */
  browserDeviceId: string | null;
  /**
   * This tab is still registering itself as a device, or confirming the one it registered before a reload:
   * until it knows its id, it cannot tell whether playback on a device elsewhere is in fact here.
   */
  browserDeviceRegistering: boolean;
  /** Playback's position now, in milliseconds, moved on by the clock between server updates. */
  positionMs: () => number;
  /** The browser refused to start audio without a click: the next play click starts it. */
  audioBlocked: boolean;
  play: (target?: PlayTarget) => Promise<void>;
  pause: () => Promise<void>;
  togglePlay: () => Promise<void>;
  next: () => Promise<void>;
  previous: () => Promise<void>;
  seek: (positionMs: number) => Promise<void>;
  setShuffle: (shuffle: boolean) => Promise<void>;
  setRepeat: (mode: RepeatMode) => Promise<void>;
  /** Sets the listener's playback speed for episodes (one of `playbackSpeeds`). */
  setPlaybackSpeed: (speed: number) => Promise<void>;
  /** Sets the volume of the active device, or of the device named. */
  setVolume: (volumePercent: number, deviceId?: string) => Promise<void>;
  transfer: (deviceId: string, play?: boolean) => Promise<void>;
  addToQueue: (uri: string) => Promise<void>;
  /** Whether a uri is what plays now (or the context it plays through). */
  isCurrent: (uri: string) => boolean;
  refresh: () => void;
}

/** The player of the signed-in app; tests provide one of their own. */
export const PlayerContext = createContext<Player | null>(null);

/** The playback speeds an episode can play at, as Spotify's players offer them (the music service's own list). */
export const playbackSpeeds = [0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5] as const;

/** A speed as players write it: "1×", "1.5×", "0.8×". */
export function speedLabel(speed: number): string {
  return `${String(speed)}×`;
}

const repeatCycle: Record<RepeatMode, RepeatMode> = { OFF: 'CONTEXT', CONTEXT: 'TRACK', TRACK: 'OFF' };
export const nextRepeatMode = (mode: RepeatMode): RepeatMode => repeatCycle[mode];

/** The listener's player: state and commands. */
export function usePlayer(): Player {
  const player = use(PlayerContext);
  if (!player) throw new Error('usePlayer is used outside the PlayerProvider.');
  return player;
}
