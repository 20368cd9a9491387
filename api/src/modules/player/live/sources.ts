import type { MusicClient, TokenSource, UpstreamRequestEvent } from '../../../music/client';
import { playerEventsUrl, upstreamOf } from '../../../music/upstream';
import { EventStreamSource } from './event-stream';
import type { FeedSpec, SourceFactory } from './hub';
import { PollingSource, type PollerOptions } from './poller';
import type { PlayerSource, SourceEvents } from './source';

/**
 * Which source a feed reads from: the local music service pushes its changes (its event stream); an upstream
 * without push (Spotify) is polled. A local service without the event stream (an older one answers 404) is
 * polled too, and asked again for its stream after a while.
 */

export interface SourceFactoryOptions {
  provider: 'local' | 'spotify';
  /** `poll` polls whatever the upstream (the polled development profile, tests). Default `auto`. */
  mode?: 'auto' | 'poll';
  /** The music v1 base URL, ending in /v1. */
  musicApiUrl: string;
  /** A music client over `tokens` for the feed's listener (the shared rate gate, the listener's share, 429s). */
  clientFor(feed: FeedSpec): MusicClient;
  onRequest?: (event: UpstreamRequestEvent) => void;
  poller?: Pick<PollerOptions, 'playingIntervalMs' | 'pausedIntervalMs' | 'devicesMaxAgeMs' | 'backoffMs'>;
  /** How long to poll before asking a local service without the event stream again. Default 5 minutes. */
  retryEventsAfterMs?: number;
  now?: () => number;
}

/** The reads of a poller, through the feed's music client. */
function pollerReads(client: MusicClient): PollerOptions['read'] {
  const music = upstreamOf(client);
  return {
    player: () => music.get('/me/player', { query: { additional_types: 'track,episode' } }),
    devices: async () => (await music.get('/me/player/devices')).devices ?? [],
  };
}

export function createSourceFactory(options: SourceFactoryOptions): SourceFactory {
  const now = options.now ?? Date.now;
  let eventsMissingUntil = Number.NEGATIVE_INFINITY;
  const poll = (feed: FeedSpec, events: SourceEvents): PlayerSource =>
    new PollingSource({ ...options.poller, ...events, read: pollerReads(options.clientFor(feed)) });
  return (feed, events) => {
    if (options.provider !== 'local' || options.mode === 'poll' || now() < eventsMissingUntil)
      return poll(feed, events);
    return new SwitchingSource(feed, events, {
      stream: (tokens: TokenSource, onUnsupported: () => void) =>
        new EventStreamSource({
          ...events,
          url: playerEventsUrl(options.musicApiUrl),
          tokens,
          onRequest: options.onRequest,
          onUnsupported,
        }),
      poll,
      unsupported: () => {
        eventsMissingUntil = now() + (options.retryEventsAfterMs ?? 300_000);
      },
    });
  };
}

/** The event stream, until the service says it has none; the poller from then on. */
class SwitchingSource implements PlayerSource {
  private current: PlayerSource;
  private stopped = false;

  constructor(
    feed: FeedSpec,
    events: SourceEvents,
    make: {
      stream: (tokens: TokenSource, onUnsupported: () => void) => PlayerSource;
      poll: (feed: FeedSpec, events: SourceEvents) => PlayerSource;
      unsupported: () => void;
    },
  ) {
    this.current = make.stream(feed.tokens, () => {
      make.unsupported();
      if (!this.stopped) this.current = make.poll(feed, events);
    });
  }

  poke(): void {
    this.current.poke();
  }

  stop(): void {
    this.stopped = true;
    this.current.stop();
  }
}
