import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createUser, issueTokens, registerConfiguredClient } from './accounts/service';
import { createMusicApp, type MusicApp } from './app';
import { OPEN_TIMEOUT_MS } from './db/__fixtures__/engines';
import { loadMusicConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/types';

describe('the music service app', () => {
  let server: RunningServer;
  let db: Database;
  let music: MusicApp;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db);
    music = createMusicApp(loadMusicConfig({ NODE_ENV: 'test' }), { db });
    server = await listen(music.app);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers its health check', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it(
    'is ready while its database answers, and says so when it does not',
    async () => {
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
      const closed = await openDatabase({});
      const lonely = await listen(createMusicApp(loadMusicConfig({ NODE_ENV: 'test' }), { db: closed }).app);
      await closed.close();
      try {
        const response = await fetch(`${lonely.url}/readyz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: 'unavailable', reason: 'The database does not answer.' });
      } finally {
        await lonely.close();
      }
      // It opens a second embedded database, which takes seconds on a busy machine.
    },
    OPEN_TIMEOUT_MS,
  );

  it('answers unknown endpoints with the music v1 error body', async () => {
    const response = await fetch(`${server.url}/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { status: 404, message: 'Service not found' } });
  });

  it('asks for a token on the music v1 API, as Spotify does', async () => {
    const response = await fetch(`${server.url}/v1/tracks/4iV5W9uYEdYUVa79Axb7Rh`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
  });

  it('serves the generated images that objects link to', async () => {
    const response = await fetch(`${server.url}/images/album/4aawyAB9vmqN3uQ7FjRGTy?size=300`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await response.text()).toMatch(/^<svg[^>]+width="300"/);
  });

  it('does not reveal its framework', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  // Last: the app opens no stream after this.
  it('ends the open player event streams when it stops, and opens no more', async () => {
    const config = loadMusicConfig({ NODE_ENV: 'test' });
    await registerConfiguredClient(db, config.client);
    await createUser(db, { id: 'streamer', displayName: 'Streamer' });
    const { access_token: token } = await issueTokens(db, {
      userId: 'streamer',
      clientId: config.client.id,
      scopes: ['user-read-playback-state'],
      withRefreshToken: false,
    });
    const open = () => fetch(`${server.url}/v1/me/player/events`, { headers: { authorization: `Bearer ${token}` } });
    const response = await open();
    expect(response.status).toBe(200);
    await expect.poll(() => music.playerEvents.openStreams).toBe(1);
    music.endStreams();
    // The stream ends: its body completes instead of waiting for the next event.
    expect(await response.text()).toMatch(/^event: player\nid: \d+\ndata: \{"player":null,"devices":\[\]\}\n\n/);
    expect(music.playerEvents.openStreams).toBe(0);
    expect((await open()).status).toBe(503);
  });
});
