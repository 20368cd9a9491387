import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { signIn, visit } from '../../../test-support/sign-in';
import { createApp, type App } from '../app';
import { requestedScopes } from '../auth/scopes';
import { loadConfig } from '../config';
import { codesOf, eventually, liveClient, Watch } from './__fixtures__/live-client';

/**
 * The player subscription over the api's WebSocket, against the real local music service: who may subscribe (a
 * session from the app's own origin, a bearer token), the operation limits and the caps on subscription
 * documents, a command through HTTP reaching a subscriber, the device kept while a subscription lasts, and a
 * socket that closes or stops answering ending its subscription. The feed's timed reads are a minute apart
 * here, so that whatever arrives sooner came from a push or a command's poke.
 */

const scratch = mkdtempSync(join(tmpdir(), 'graphonic-live-'));
let music: LocalMusic;
let api: RunningServer;
let built: App;
const upstream: string[] = [];
/** When each upstream call was sent (its event comes when it ends), by call. */
const sent: { call: string; at: number }[] = [];
let albumUri = '';
let listeners = 0;

interface PlayerData {
  player: {
    state: { isPlaying: boolean } | null;
    devices: { id: string; name: string; registeredByClient: boolean }[];
  };
}

beforeAll(async () => {
  const holder: { app?: App['app'] } = {};
  api = await listen((req, res) => {
    holder.app?.(req, res);
  });
  music = await startLocalMusic({
    demoUser: true,
    env: { MUSIC_CLIENT_REDIRECT_URIS: `${api.url}/auth/callback` },
  });
  const { rows } = await music.db.query<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1');
  albumUri = `spotify:album:${rows[0]?.id ?? ''}`;
  built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: api.url,
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: join(scratch, 'sessions'),
      WEB_DIST: join(scratch, 'no-web'),
      GRAPHQL_MAX_ALIASES: '2',
      GRAPHQL_MAX_TOKENS: '100',
    }),
    {
      onUpstreamRequest: (event) => {
        const call = `${event.method} ${event.path}`;
        upstream.push(call);
        sent.push({ call, at: Date.now() - Math.ceil(event.ms) });
      },
      live: {
        poller: { playingIntervalMs: 60_000, pausedIntervalMs: 60_000, devicesMaxAgeMs: 60_000 },
        caps: { perConnection: 3, perListener: 4 },
        keepAliveMs: 400,
        keepDeviceMs: 200,
        sessionCheckMs: 200,
      },
    },
  );
  holder.app = built.app;
  built.attach(api.server);
}, 60_000);

afterAll(async () => {
  await built.closeSockets();
  await api.close();
  await built.stop();
  await music.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function newListener(): Promise<string> {
  listeners += 1;
  return music.listenerToken(`live${listeners}`, requestedScopes);
}

async function http(
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data ?? {};
}

async function register(token: string, name: string): Promise<string> {
  const data = await http(
    token,
    'mutation($input: RegisterPlaybackDeviceInput!) { registerPlaybackDevice(input: $input) { device { id } } }',
    { input: { name, type: 'Computer' } },
  );
  return (data.registerPlaybackDevice as { device: { id: string } }).device.id;
}

const bearerClient = (token: string) => liveClient(api.url, { connectionParams: { authorization: `Bearer ${token}` } });
const playerQuery = 'subscription { player { state { isPlaying } devices { id name registeredByClient } } }';

describe('who may subscribe', () => {
  it('a bearer token: the player comes at once, with the devices', async () => {
    const token = await newListener();
    const deviceId = await register(token, 'Kitchen');
    const client = bearerClient(token);
    const watch = new Watch<PlayerData>(client, playerQuery);
    try {
      const first = await watch.until(() => true);
      expect(first.errors).toBeUndefined();
      expect(first.data?.player.state).toBeNull();
      expect(first.data?.player.devices.map((device) => device.id)).toContain(deviceId);
      expect(first.data?.player.devices.find((device) => device.id === deviceId)?.registeredByClient).toBe(true);
    } finally {
      watch.dispose();
      await client.dispose();
    }
  });

  it("a session cookie from the app's own origin, and never from another origin or without one", async () => {
    const { jar } = await signIn(api.url);
    const own = liveClient(api.url, { headers: { cookie: jar.header(), origin: api.url } });
    const foreign = liveClient(api.url, { headers: { cookie: jar.header(), origin: 'https://elsewhere.example' } });
    const anonymous = liveClient(api.url);
    const watches = [own, foreign, anonymous].map((client) => new Watch<PlayerData>(client, playerQuery));
    try {
      const [mine, theirs, nobody] = watches as [Watch<PlayerData>, Watch<PlayerData>, Watch<PlayerData>];
      const first = await mine.until(() => true);
      expect(first.errors).toBeUndefined();
      expect(Array.isArray(first.data?.player.devices)).toBe(true);
      expect(codesOf(await theirs.failure())).toEqual(['UNAUTHENTICATED']);
      expect(codesOf(await nobody.failure())).toEqual(['UNAUTHENTICATED']);
      expect(theirs.results).toEqual([]);
    } finally {
      for (const watch of watches) watch.dispose();
      for (const client of [own, foreign, anonymous]) await client.dispose();
    }
  });

  it('ends the subscriptions of a session once it signs out', async () => {
    const { jar } = await signIn(api.url);
    const client = liveClient(api.url, { headers: { cookie: jar.header(), origin: api.url } });
    const watch = new Watch<PlayerData>(client, playerQuery);
    try {
      expect((await watch.until(() => true)).errors).toBeUndefined();
      const signedOut = await visit(jar, `${api.url}/auth/logout`, {
        method: 'POST',
        headers: { origin: api.url },
      });
      expect(signedOut.status).toBeLessThan(400);
      expect(codesOf(await watch.failure(3000))).toEqual(['UNAUTHENTICATED']);
    } finally {
      watch.dispose();
      await client.dispose();
    }
  });

  it('a bearer token the music service refuses is UNAUTHENTICATED', async () => {
    const client = bearerClient('not-a-token');
    const watch = new Watch(client, playerQuery);
    try {
      expect(codesOf(await watch.failure())).toEqual(['UNAUTHENTICATED']);
    } finally {
      await client.dispose();
    }
  });
});

describe('subscription documents', () => {
  it('are held to the operation limits, and queries and mutations go over HTTP', async () => {
    const token = await newListener();
    const client = bearerClient(token);
    const aliases = new Watch(
      client,
      'subscription { player { a: devices { id } b: devices { id } c: devices { id } } }',
    );
    const tokens = new Watch(client, `subscription { player { devices { ${'id '.repeat(120)}} } }`);
    const query = new Watch(client, '{ player { devices { id } } }');
    try {
      const [aliasError] = await aliases.failure();
      expect(aliasError).toMatchObject({
        message: 'Alias limit exceeded: the operation uses 3 aliases and the limit is 2.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', value: 3, maximum: 2 },
      });
      expect(aliasError?.extensions).not.toHaveProperty('http');
      expect((await tokens.failure())[0]?.extensions).toMatchObject({
        code: 'GRAPHQL_VALIDATION_FAILED',
        limit: 'tokens',
        maximum: 100,
      });
      expect(await query.failure()).toMatchObject([
        {
          message:
            'The WebSocket at /graphql serves subscriptions only: send query operations over HTTP (POST /graphql).',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ]);
      // Refused before anything ran: no feed was opened for them.
      expect(built.live.hub.stats().feeds).toBe(0);
    } finally {
      await client.dispose();
    }
  });

  it('are capped per connection and per listener on the instance', async () => {
    const token = await newListener();
    const [one, two] = [bearerClient(token), bearerClient(token)];
    const query = 'subscription { player { devices { id } } }';
    const held = [new Watch(one, query), new Watch(one, query), new Watch(one, query)];
    try {
      for (const watch of held) await watch.until(() => true);
      const fourthOnOne = new Watch(one, query);
      expect(await fourthOnOne.failure()).toMatchObject([
        {
          message: 'Subscription limit exceeded: this connection holds 3 subscriptions and the limit is 3.',
          extensions: { code: 'RATE_LIMITED', limit: 'subscriptionsPerConnection', maximum: 3 },
        },
      ]);
      held.push(new Watch(two, query));
      await held[3]?.until(() => true);
      const fifth = new Watch(two, query);
      expect((await fifth.failure())[0]?.extensions).toMatchObject({
        code: 'RATE_LIMITED',
        limit: 'subscriptionsPerListener',
        maximum: 4,
      });
      // One subscription ends: its place is free again.
      held.shift()?.dispose();
      await eventually(() => built.live.server.stats().subscriptions === 3, 2000, 'the place to be freed');
      const again = new Watch(two, query);
      held.push(again);
      expect((await again.until(() => true)).errors).toBeUndefined();
    } finally {
      for (const watch of held) watch.dispose();
      await one.dispose();
      await two.dispose();
    }
  });
});

describe('the live player', () => {
  it('shows a pause sent through HTTP to a subscriber at once', async () => {
    const token = await newListener();
    const deviceId = await register(token, 'Living room');
    await http(token, 'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { __typename } }', {
      input: { contextUri: albumUri, deviceId },
    });
    const client = bearerClient(token);
    const watch = new Watch<PlayerData>(client, 'subscription { player { state { isPlaying } } }');
    try {
      await watch.until((result) => result.data?.player.state?.isPlaying === true);
      const sent = Date.now();
      await http(token, 'mutation { pausePlayback(input: {}) { __typename } }');
      // The timed reads are a minute apart: only the command's poke (or the service's push) brings it this soon.
      await watch.until((result) => result.data?.player.state?.isPlaying === false, 3000);
      expect(Date.now() - sent).toBeLessThan(3000);
    } finally {
      watch.dispose();
      await client.dispose();
    }
  });

  it('says a device is still there while its subscription lasts, and no more once it ends', async () => {
    const token = await newListener();
    const deviceId = await register(token, 'Desk');
    const client = bearerClient(token);
    const keep = `PUT /v1/me/player/devices/${deviceId}`;
    const watch = new Watch(client, 'subscription($id: ID) { player(deviceId: $id) { devices { id } } }', {
      id: deviceId,
    });
    try {
      await watch.until(() => true);
      await eventually(() => upstream.filter((call) => call === keep).length >= 3, 3000, 'three "still here" calls');
    } finally {
      watch.dispose();
      await client.dispose();
    }
    await eventually(() => built.live.hub.stats().subscribers === 0, 2000, 'the subscription to end');
    const ended = Date.now();
    // Over two and a half keep intervals, none is sent. One sent before the end may still be on its way and
    // count as it lands: what counts is when each was sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent.filter(({ call, at }) => call === keep && at >= ended)).toEqual([]);
  });

  it("shows a change made at the music service itself, through the service's event stream", async () => {
    const token = await newListener();
    const deviceId = await register(token, 'Phone');
    const client = bearerClient(token);
    const watch = new Watch<PlayerData>(client, 'subscription { player { state { isPlaying } } }');
    try {
      await watch.until(() => true);
      expect(upstream).toContain('GET /v1/me/player/events');
      // Another app of the listener starts playback: no command of this api, no poke, and no timed read for a minute.
      const response = await fetch(`${music.url}/v1/me/player/play?device_id=${deviceId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ context_uri: albumUri }),
      });
      expect(response.status).toBeLessThan(300);
      await watch.until((result) => result.data?.player.state?.isPlaying === true, 3000);
    } finally {
      watch.dispose();
      await client.dispose();
    }
  });

  it('answers keepPlaybackDevice with the device, and null for a device the service does not know', async () => {
    const token = await newListener();
    const deviceId = await register(token, 'Tablet');
    const kept = await http(
      token,
      'mutation($input: KeepPlaybackDeviceInput!) { keepPlaybackDevice(input: $input) { device { id registeredByClient } } }',
      { input: { deviceId } },
    );
    expect(kept).toEqual({ keepPlaybackDevice: { device: { id: deviceId, registeredByClient: true } } });
    const data = await http(
      token,
      'mutation($input: KeepPlaybackDeviceInput!) { keepPlaybackDevice(input: $input) { device { id } } }',
      { input: { deviceId: 'gone-device' } },
    );
    expect(data).toEqual({ keepPlaybackDevice: { device: null } });
  });

  it('ends the subscription of a socket that closes, or that stops answering pings', async () => {
    const token = await newListener();
    for (const silent of [false, true]) {
      // A raw client: it can leave its pings unanswered, as a dead peer does.
      const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        autoPong: !silent,
      });
      const messages: { type: string }[] = [];
      socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as { type: string }));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
      await eventually(() => messages.some((message) => message.type === 'connection_ack'), 3000, 'the ack');
      socket.send(
        JSON.stringify({
          id: '1',
          type: 'subscribe',
          payload: { query: 'subscription { player { devices { id } } }' },
        }),
      );
      await eventually(() => messages.some((message) => message.type === 'next'), 3000, 'the first player');
      expect(built.live.hub.stats().subscribers).toBe(1);
      const cut = Date.now();
      if (!silent) socket.close();
      // Pings every 400 ms here (5 s by default): a peer that misses one is cut at the next.
      await eventually(() => built.live.hub.stats().subscribers === 0, 3000, 'the subscription to end');
      expect(Date.now() - cut).toBeLessThan(silent ? 3000 : 500);
      socket.terminate();
    }
  });

  it('closes a connection that never says connection_init', async () => {
    const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
    expect(await closed).toBe(4408);
  }, 10_000);
});

describe('with an upstream without push (MUSIC_PROVIDER=spotify)', () => {
  let spotifyApi: RunningServer;
  let spotify: App;
  const spotifyCalls: string[] = [];

  beforeAll(async () => {
    // The local music service stands in for Spotify: the api treats it as Spotify (no push, no client devices).
    spotify = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        MUSIC_PROVIDER: 'spotify',
        SPOTIFY_CLIENT_ID: 'spotify-client',
        SPOTIFY_CLIENT_SECRET: 'spotify-secret',
        MUSIC_API_URL: `${music.url}/v1`,
        MUSIC_ACCOUNTS_URL: music.url,
        SESSION_DIR: join(scratch, 'spotify-sessions'),
        WEB_DIST: join(scratch, 'no-web'),
      }),
      { onUpstreamRequest: (event) => spotifyCalls.push(`${event.method} ${event.path}`) },
    );
    spotifyApi = await listen(spotify.app);
    spotify.attach(spotifyApi.server);
  });

  afterAll(async () => {
    await spotify.closeSockets();
    await spotifyApi.close();
    await spotify.stop();
  });

  it('polls the player for its subscribers, and answers keepPlaybackDevice with FEATURE_UNAVAILABLE', async () => {
    const token = await newListener();
    const client = liveClient(spotifyApi.url, { connectionParams: { authorization: `Bearer ${token}` } });
    const watch = new Watch<PlayerData>(client, 'subscription { player { state { isPlaying } devices { id } } }');
    try {
      expect((await watch.until(() => true)).errors).toBeUndefined();
      expect(spotifyCalls).toContain('GET /v1/me/player');
      expect(spotifyCalls).toContain('GET /v1/me/player/devices');
      expect(spotifyCalls).not.toContain('GET /v1/me/player/events');
    } finally {
      watch.dispose();
      await client.dispose();
    }
    const response = await fetch(`${spotifyApi.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation { keepPlaybackDevice(input: { deviceId: "tab" }) { device { id } } }',
      }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual(['FEATURE_UNAVAILABLE']);
  });
});
