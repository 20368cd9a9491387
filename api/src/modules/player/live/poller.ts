import { GraphQLError } from 'graphql';
import type { V1Device, V1PlaybackState } from '../../../music/v1';
import { snapshotOf, type PlayerSnapshot } from './snapshot';
import { backoffDelay, isCredentialError, type PlayerSource, type SourceEvents } from './source';

/**
 * A feed's reading of an upstream that pushes nothing (Spotify): one poller per listener, however many clients
 * watch, through the request's music client (so the shared rate gate, the listener's share and 429 pauses apply).
 * It reads `GET /me/player` about every second while something plays and every 5 s otherwise, and the devices
 * every 5 s, or at once after a poke (a command ran) or when the playback moved to another device.
 */

/** The two reads a poller makes. */
export interface PlayerReads {
  player(): Promise<V1PlaybackState | null | undefined>;
  devices(): Promise<V1Device[]>;
}

export interface PollerOptions extends SourceEvents {
  read: PlayerReads;
  /** Between reads while something plays. Default 1 s. */
  playingIntervalMs?: number;
  /** Between reads while paused or stopped. Default 5 s. */
  pausedIntervalMs?: number;
  /** How old the devices may get before they are read again. Default 5 s. */
  devicesMaxAgeMs?: number;
  /** The first wait after a failed read; it doubles up to 30 s. Default 2 s. */
  backoffMs?: number;
  now?: () => number;
}

export class PollingSource implements PlayerSource {
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading = false;
  private pokedWhileReading = false;
  private devicesNeeded = true;
  private last: PlayerSnapshot | undefined;
  private devicesReadAt = Number.NEGATIVE_INFINITY;
  private failures = 0;

  constructor(private readonly options: PollerOptions) {
    this.schedule(0);
  }

  poke(): void {
    if (this.stopped) return;
    // A command may have changed the devices too (a transfer, a registration).
    this.devicesNeeded = true;
    if (this.reading) {
      this.pokedWhileReading = true;
      return;
    }
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, ms);
  }

  private async tick(): Promise<void> {
    const { read, now = Date.now, devicesMaxAgeMs = 5000 } = this.options;
    this.reading = true;
    let next: number;
    try {
      const player = await read.player();
      const activeDevice = player?.device?.id ?? null;
      const lastActive = this.last?.player?.device?.id ?? null;
      const devicesDue =
        this.devicesNeeded ||
        !this.last ||
        activeDevice !== lastActive ||
        now() - this.devicesReadAt >= devicesMaxAgeMs;
      let devices = this.last?.devices ?? [];
      if (devicesDue) {
        this.devicesNeeded = false;
        devices = await read.devices();
        this.devicesReadAt = now();
      }
      if (this.stopped) return;
      const snapshot = snapshotOf(player, devices, now());
      this.last = snapshot;
      this.failures = 0;
      this.options.onSnapshot(snapshot);
      next = snapshot.player?.is_playing
        ? (this.options.playingIntervalMs ?? 1000)
        : (this.options.pausedIntervalMs ?? 5000);
    } catch (error) {
      if (this.stopped) return;
      if (isCredentialError(error)) {
        this.stop();
        this.options.onFailure(error);
        return;
      }
      this.failures += 1;
      const retryAfter = error instanceof GraphQLError ? error.extensions.retryAfterSeconds : undefined;
      next =
        typeof retryAfter === 'number'
          ? retryAfter * 1000
          : backoffDelay(this.failures, this.options.backoffMs ?? 2000, 30_000);
    } finally {
      this.reading = false;
    }
    if (this.pokedWhileReading) {
      this.pokedWhileReading = false;
      next = 0;
    }
    this.schedule(next);
  }
}
