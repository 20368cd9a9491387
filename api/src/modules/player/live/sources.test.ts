import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../../../test-support/http';
import { MusicClient } from '../../../music/client';
import { eventually } from '../../../subscriptions/__fixtures__/live-client';
import type { FeedSpec } from './hub';
import type { PlayerSnapshot } from './snapshot';
import { backoffDelay } from './source';
import { createSourceFactory } from './sources';

/**
 * Which source a feed gets: the event stream of the local music service, the poller of Spotify (or of a
 * service asked to be polled), and the poller too when the service has no event stream, for a while.
 */

let upstream: RunningServer | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

/** A music v1 upstream without the event stream, recording the paths asked for. */
async function withoutEvents(): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  upstream = await listen((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.startsWith('/v1/me/player/devices')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ devices: [{ id: 'tab' }] }));
    } else if (req.url?.startsWith('/v1/me/player?')) {
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
  return { url: `${upstream.url}/v1`, asked };
}

const tokens = { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') };
const feed: FeedSpec = { key: 'user:a', listener: 'user:a', kind: 'session', tokens };

function factory(url: string, provider: 'local' | 'spotify', mode?: 'poll') {
  return createSourceFactory({
    provider,
    mode,
    musicApiUrl: url,
    clientFor: (spec) => new MusicClient({ baseUrl: url, tokens: spec.tokens, maxRetries: 0 }),
  });
}

describe('the sources', () => {
  it('polls a local service without the event stream, and goes straight to polling for the next feed', async () => {
    const service = await withoutEvents();
    const create = factory(service.url, 'local');
    const seen: PlayerSnapshot[] = [];
    const first = create(feed, { onSnapshot: (snapshot) => seen.push(snapshot), onFailure: () => undefined });
    await eventually(() => seen.length > 0, 3000, 'a polled reading');
    expect(seen[0]).toMatchObject({ player: null, devices: [{ id: 'tab' }] });
    expect(service.asked.slice(0, 2)).toEqual([
      '/v1/me/player/events',
      '/v1/me/player?additional_types=track%2Cepisode',
    ]);
    first.stop();
    service.asked.length = 0;
    const second = create(feed, { onSnapshot: () => undefined, onFailure: () => undefined });
    await eventually(() => service.asked.length > 0, 3000, 'a read');
    second.stop();
    expect(service.asked).not.toContain('/v1/me/player/events');
  });

  it('polls Spotify, and any upstream asked to be polled, without asking for an event stream', async () => {
    for (const [provider, mode] of [
      ['spotify', undefined],
      ['local', 'poll'],
    ] as const) {
      const service = await withoutEvents();
      const source = factory(
        service.url,
        provider,
        mode,
      )(feed, { onSnapshot: () => undefined, onFailure: () => undefined });
      await eventually(() => service.asked.length >= 2, 3000, 'the reads');
      source.stop();
      expect(service.asked[0]).toBe('/v1/me/player?additional_types=track%2Cepisode');
      expect(service.asked).not.toContain('/v1/me/player/events');
      await upstream?.close();
      upstream = undefined;
    }
  });

  it('backs off by doubling, with jitter, up to a bound', () => {
    expect(backoffDelay(1, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
  });
});
