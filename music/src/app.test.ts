import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createMusicApp } from './app';
import { loadMusicConfig } from './config';

describe('the music service app', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await listen(createMusicApp(loadMusicConfig({ NODE_ENV: 'test' })));
  });
  afterAll(() => server.close());

  it('answers its health check', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
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
