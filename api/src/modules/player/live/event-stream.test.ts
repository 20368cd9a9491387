import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../../../test-support/http';
import { eventually } from '../../../subscriptions/__fixtures__/live-client';
import { EventStreamParser, EventStreamSource } from './event-stream';
import type { PlayerSnapshot } from './snapshot';

/**
 * The local music service's event stream as the api reads it: the format (any line ending, comments, events
 * split across chunks), and a fake service that sends, ends, refuses a token or has no such route.
 */

describe('the event stream parser', () => {
  it('reads events split across chunks with any line ending, and skips comments', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': keep-alive\n\nevent: player\nid: 1\nda')).toEqual([]);
    expect(parser.push('ta: {"a":1}\r\n\r')).toEqual([]);
    // A \r at the end of a chunk may be the start of \r\n: the event it ends waits for the next chunk.
    expect(parser.push('\nevent: player\rid: 2\rdata: one\rdata: two\r\r')).toEqual([
      { event: 'player', id: '1', data: '{"a":1}' },
    ]);
    expect(parser.push('data: plain\n\n')).toEqual([
      { event: 'player', id: '2', data: 'one\ntwo' },
      { event: 'message', id: '2', data: 'plain' },
    ]);
  });
});

const event = (sequence: number, isPlaying: boolean) =>
  `event: player\nid: ${sequence}\ndata: ${JSON.stringify({
    player: { is_playing: isPlaying, progress_ms: 0, item: { id: 't' } },
    devices: [{ id: 'tab', name: 'Firefox on Linux', registered_by_client: true }],
  })}\n\n`;

interface Fake {
  server: RunningServer;
  streams: ServerResponse[];
  tokens: string[];
  status: number;
}

let fake: Fake | undefined;
let source: EventStreamSource | undefined;

afterEach(async () => {
  source?.stop();
  await fake?.server.close();
  fake = undefined;
});

async function fakeService(status = 200): Promise<Fake> {
  const state: Omit<Fake, 'server'> = { streams: [], tokens: [], status };
  const server = await listen((req, res) => {
    state.tokens.push(req.headers.authorization ?? '');
    if (req.url !== '/v1/me/player/events' || state.status !== 200) {
      res.writeHead(req.url === '/v1/me/player/events' ? state.status : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': keep-alive\n\n');
    state.streams.push(res);
  });
  fake = Object.assign(state, { server });
  return fake;
}

function start(service: Fake, tokens = ['first', 'second']) {
  const seen: PlayerSnapshot[] = [];
  const outcome = { unsupported: false, failed: [] as string[], refreshed: 0 };
  let current = 0;
  source = new EventStreamSource({
    url: new URL(`${service.server.url}/v1/me/player/events`),
    tokens: {
      accessToken: () => Promise.resolve(tokens[current] ?? 'last'),
      refresh: () => {
        outcome.refreshed += 1;
        current += 1;
        return Promise.resolve(tokens[current] ?? 'last');
      },
    },
    onSnapshot: (snapshot) => seen.push(snapshot),
    onFailure: (error) => outcome.failed.push(String(error.extensions.code)),
    onUnsupported: () => (outcome.unsupported = true),
    backoffMs: 20,
    maxBackoffMs: 100,
  });
  return { seen, outcome };
}

describe('the event stream source', () => {
  it('hands over each player event, and connects again when the stream ends', async () => {
    const service = await fakeService();
    const { seen } = start(service);
    await eventually(() => service.streams.length === 1, 2000, 'the stream');
    service.streams[0]?.write(event(1, true));
    await eventually(() => seen.length === 1, 2000, 'the first event');
    expect(seen[0]?.player?.is_playing).toBe(true);
    expect(seen[0]?.devices[0]?.registered_by_client).toBe(true);
    service.streams[0]?.end();
    await eventually(() => service.streams.length === 2, 2000, 'a new stream');
    service.streams[1]?.write(event(2, false));
    await eventually(() => seen.length === 2, 2000, 'the next event');
    expect(seen[1]?.player?.is_playing).toBe(false);
    expect(service.tokens).toEqual(['Bearer first', 'Bearer first']);
  });

  it('refreshes the token once after a 401, and fails the feed when the new one is refused too', async () => {
    const service = await fakeService(401);
    const { outcome } = start(service);
    await eventually(() => outcome.failed.length === 1, 2000, 'the failure');
    expect(outcome.refreshed).toBe(1);
    expect(service.tokens).toEqual(['Bearer first', 'Bearer second']);
    expect(outcome.failed).toEqual(['UNAUTHENTICATED']);
  });

  it('says so when the service has no event stream, and never asks again', async () => {
    const service = await fakeService(404);
    const { outcome } = start(service);
    await eventually(() => outcome.unsupported, 2000, 'the fallback');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.tokens).toHaveLength(1);
  });

  it('stops reading when stopped', async () => {
    const service = await fakeService();
    const { seen } = start(service);
    await eventually(() => service.streams.length === 1, 2000, 'the stream');
    source?.stop();
    service.streams[0]?.write(event(1, true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    expect(service.streams).toHaveLength(1);
  });
});
