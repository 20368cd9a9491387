import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createMusicApp } from './app';
import { loadMusicConfig } from './config';
import { openDatabase } from './db/open';
import type { Database } from './db/types';

describe('the music service app', () => {
  let server: RunningServer;
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase({});
    server = await listen(createMusicApp(loadMusicConfig({ NODE_ENV: 'test' }), { db }));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers its health check', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is ready while its database answers, and says so when it does not', async () => {
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
    const closed = await openDatabase({});
    const lonely = await listen(createMusicApp(loadMusicConfig({ NODE_ENV: 'test' }), { db: closed }));
    await closed.close();
    try {
      const response = await fetch(`${lonely.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'The database does not answer.' });
    } finally {
      await lonely.close();
    }
  });

  it('answers unknown endpoints with the music v1 error body', async () => {
    const response = await fetch(`${server.url}/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { status: 404, message: 'Service not found' } });
  });

  it('does not reveal its framework', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
