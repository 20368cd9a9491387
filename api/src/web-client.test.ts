import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { webClientRouter } from './web-client';

describe('the web client', () => {
  const dist = mkdtempSync(join(tmpdir(), 'graphonic-web-'));
  let server: RunningServer;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-abc123.js'), script);
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    server = await listen(express().use(webClientRouter(dist)));
  });

  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets compressed and cached for good', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(script);
  });

  it('answers 404 for an asset that is not there, instead of the app shell', async () => {
    expect((await fetch(`${server.url}/assets/index-old.js`)).status).toBe(404);
  });

  it('serves the app shell for client-side routes, revalidated on every load', async () => {
    const response = await fetch(`${server.url}/album/123`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('says how to build the client when it is not built', async () => {
    const empty = await listen(express().use(webClientRouter(join(dist, 'missing'))));
    const response = await fetch(`${empty.url}/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/npm run build/);
    await empty.close();
  });
});
