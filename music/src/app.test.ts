import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createMusicApp } from './app';
import { OPEN_TIMEOUT_MS } from './db/__fixtures__/engines';
import { loadMusicConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/types';

describe('the music service app', () => {
  let server: RunningServer;
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db);
    server = await listen(createMusicApp(loadMusicConfig({ NODE_ENV: 'test' }), { db }).app);
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
});
