import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createApp } from './app';
import { loadConfig } from './config';

const shell = '<!doctype html><title>Graphonic</title><div id="root"></div>';

async function startApi(env: NodeJS.ProcessEnv): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const { app, stop } = await createApp(loadConfig(env));
  const server = await listen(app);
  return {
    server,
    stop: async () => {
      await server.close();
      await stop();
    },
  };
}

function postGraphql(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the api', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'graphonic-web-'));
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), shell);
    writeFileSync(join(webDist, 'app.js'), 'console.log("graphonic")');
    api = await startApi({ NODE_ENV: 'test', WEB_DIST: webDist });
  });

  afterAll(async () => {
    await api.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers GraphQL queries at /graphql', async () => {
    const response = await postGraphql(api.server.url, { query: '{ upstream { provider name } }' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { upstream: { provider: 'LOCAL', name: 'Graphonic Music' } } });
  });

  it('serves the web client and its assets, with the app shell for client-side routes', async () => {
    const home = await fetch(`${api.server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(shell);
    const asset = await fetch(`${api.server.url}/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const deepLink = await fetch(`${api.server.url}/album/4aawyAB9vmqN3uQ7FjRGTy`);
    expect(await deepLink.text()).toBe(shell);
  });

  it('refuses a simple cross-site POST that a hostile page could send with the cookie', async () => {
    const response = await fetch(`${api.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ upstream { name } }' }),
    });
    expect(response.status).toBe(400);
  });

  it('answers a body over the limit with 413 before GraphQL parses it', async () => {
    const query = `{ upstream { name } } # ${'x'.repeat(1024 * 1024)}`;
    const response = await postGraphql(api.server.url, { query });
    expect(response.status).toBe(413);
  });

  it('sends security headers and hides the framework', async () => {
    const response = await fetch(`${api.server.url}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });
});

describe('the api without a built web client', () => {
  it('says how to build it instead of failing silently', async () => {
    const api = await startApi({ NODE_ENV: 'test', WEB_DIST: join(tmpdir(), 'graphonic-missing-dist') });
    try {
      const response = await fetch(`${api.server.url}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
    } finally {
      await api.stop();
    }
  });
});
