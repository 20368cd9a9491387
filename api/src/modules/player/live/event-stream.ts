import { Agent, fetch, type Dispatcher } from 'undici';
import type { TokenSource, UpstreamRequestEvent } from '../../../music/client';
import { MusicApiError } from '../../../music/errors';
import type { V1Device, V1PlaybackState } from '../../../music/v1';
import { snapshotOf, type PlayerSnapshot } from './snapshot';
import { backoffDelay, isCredentialError, type PlayerSource, type SourceEvents } from './source';

/**
 * The local music service's player events (`GET /v1/me/player/events`, docs/music-service.md): one
 * `text/event-stream` per listener that sends the player and the devices on connect and on every change. The
 * stream reconnects with backoff when it ends or fails, refreshes the token once on a 401, and gives up for good
 * only when the credentials are refused or the service has no such route (then the feed polls instead).
 */

/** One event of a `text/event-stream`. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** Reads a `text/event-stream` chunk by chunk (any line ending) into its events; comment lines are skipped. */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (this.data.length > 0)
          events.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
      else if (field === 'id') this.id = value;
    }
    return events;
  }
}

/** The event streams' own connections: each stays open as long as its feed, so they never take the pool's places. */
const streamDispatcher: Dispatcher = new Agent({ keepAliveTimeout: 1000, bodyTimeout: 0, headersTimeout: 10_000 });

export interface EventStreamOptions extends SourceEvents {
  /** `<music v1 base>/me/player/events`. */
  url: URL;
  tokens: TokenSource;
  /** The event stream is missing (404, 405): the service predates it; the feed polls instead. */
  onUnsupported(): void;
  onRequest?: (event: UpstreamRequestEvent) => void;
  dispatcher?: Dispatcher;
  /** The first wait before reconnecting; it doubles up to `maxBackoffMs`. Default 500 ms and 30 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A stream that sends nothing (not even its 15 s keep-alive) for this long is dead: reconnect. Default 45 s. */
  idleTimeoutMs?: number;
  now?: () => number;
}

interface PlayerEventData {
  player?: V1PlaybackState | null;
  devices?: V1Device[];
}

/** A feed's reading from the music service's event stream, reconnecting until stopped. */
export class EventStreamSource implements PlayerSource {
  private stopped = false;
  private controller: AbortController | undefined;
  private last: PlayerSnapshot | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: EventStreamOptions) {
    void this.run();
  }

  poke(): void {
    // The stream pushes every change by itself: a poke only asks for the last reading again (a client joined).
    if (this.last) this.options.onSnapshot(this.last);
  }

  stop(): void {
    this.stopped = true;
    this.controller?.abort();
    this.wake?.();
  }

  /** Read afresh after each wait: `stop` may have run meanwhile. */
  private ended(): boolean {
    return this.stopped;
  }

  private async run(): Promise<void> {
    const { backoffMs = 500, maxBackoffMs = 30_000 } = this.options;
    let failures = 0;
    let refreshed = false;
    while (!this.stopped) {
      const outcome = await this.connect(refreshed).catch((error: unknown) => {
        if (isCredentialError(error)) {
          this.options.onFailure(error);
          return 'end' as const;
        }
        return 'retry' as const;
      });
      if (outcome === 'end') return;
      if (outcome === 'refreshed') {
        refreshed = true;
        continue;
      }
      if (outcome === 'streamed') {
        failures = 0;
        refreshed = false;
      } else {
        failures += 1;
      }
      await this.pause(backoffDelay(Math.max(1, failures), backoffMs, maxBackoffMs));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** One connection: `streamed` once it delivered, `refreshed` after a 401, `end` when it may not go on. */
  private async connect(refreshed: boolean): Promise<'streamed' | 'retry' | 'refreshed' | 'end'> {
    const { tokens, url } = this.options;
    const token = await tokens.accessToken();
    if (this.stopped) return 'end';
    const controller = new AbortController();
    this.controller = controller;
    const started = performance.now();
    const report = (status: number | 'error') =>
      this.options.onRequest?.({ method: 'GET', path: url.pathname, status, ms: performance.now() - started });
    let response;
    try {
      response = await fetch(url, {
        dispatcher: this.options.dispatcher ?? streamDispatcher,
        signal: controller.signal,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
    } catch {
      report('error');
      return this.ended() ? 'end' : 'retry';
    }
    report(response.status);
    if (response.status === 401) {
      await response.body?.cancel();
      // The token lapsed: one refresh (which rejects when the session cannot go on), then connect again.
      if (refreshed) throw unauthenticated();
      await tokens.refresh();
      return 'refreshed';
    }
    if (response.status === 403) {
      await response.body?.cancel();
      throw new MusicApiError('The music service refused to show this player.', {
        code: 'FORBIDDEN',
        status: 403,
        operation: `GET ${url.pathname}`,
      });
    }
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      this.options.onUnsupported();
      return 'end';
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return 'retry';
    }
    await this.read(response.body, controller);
    return this.ended() ? 'end' : 'streamed';
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const { idleTimeoutMs = 45_000, now = Date.now } = this.options;
    const parser = new EventStreamParser();
    const decoder = new TextDecoder();
    let idle = setTimeout(() => controller.abort(), idleTimeoutMs);
    try {
      for await (const chunk of body) {
        clearTimeout(idle);
        idle = setTimeout(() => controller.abort(), idleTimeoutMs);
        for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
          if (event.event !== 'player') continue;
          let data: PlayerEventData;
          try {
            data = JSON.parse(event.data) as PlayerEventData;
          } catch {
            continue;
          }
          const snapshot = snapshotOf(data.player, Array.isArray(data.devices) ? data.devices : [], now());
          this.last = snapshot;
          if (!this.stopped) this.options.onSnapshot(snapshot);
        }
      }
    } catch {
      // Aborted (stopped, or idle too long) or cut: the caller reconnects unless stopped.
    } finally {
      clearTimeout(idle);
    }
  }
}

function unauthenticated(): MusicApiError {
  return new MusicApiError('Your session has ended. Please sign in again.', {
    code: 'UNAUTHENTICATED',
    status: 401,
    operation: 'GET /me/player/events',
  });
}
