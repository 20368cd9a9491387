import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { images } from '../http/objects';
import { renderImage } from './render';
import { imageRoutes, imageSet } from './routes';

let server: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use(imageRoutes());
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
});

describe('GET /images/:kind/:id', () => {
  it('serves the generated SVG with a strong ETag and a long immutable cache', async () => {
    const response = await fetch(`${server.url}/images/album/4iV5W9uYEdYUVa79Axb7Rh?size=300`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(await response.text()).toBe(renderImage('album', '4iV5W9uYEdYUVa79Axb7Rh', 300));
  });

  it('answers 304 without a body when the client has the same image', async () => {
    const url = `${server.url}/images/artist/0OdUWJ0sBjDrqHygGUXeCF?size=64`;
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    await first.text();

    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toContain('immutable');
    expect(await again.text()).toBe('');

    // Weak comparison and lists, as caches send them.
    const listed = await fetch(url, { headers: { 'If-None-Match': `"other", W/${etag}` } });
    expect(listed.status).toBe(304);
    await listed.text();

    const stale = await fetch(url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.text();
  });

  it('defaults to 640 pixels and gives each size its own ETag', async () => {
    const byDefault = await fetch(`${server.url}/images/playlist/37i9dQZF1DXcBWIGoYBM5M`);
    expect(await byDefault.text()).toContain('width="640" height="640"');
    const small = await fetch(`${server.url}/images/playlist/37i9dQZF1DXcBWIGoYBM5M?size=64`);
    expect(await small.text()).toContain('width="64" height="64"');
    expect(small.headers.get('etag')).not.toBe(byDefault.headers.get('etag'));
  });

  it('serves category ids and usernames, and HEAD without a body', async () => {
    const category = await fetch(`${server.url}/images/category/edm_dance?size=300`);
    expect(category.status).toBe(200);
    await category.text();
    const head = await fetch(`${server.url}/images/user/ada.lovelace-1?size=64`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^"/);
    expect(await head.text()).toBe('');
  });

  it('answers 400 with a JSON error for a bad kind, id or size', async () => {
    const cases: [string, RegExp][] = [
      ['/images/track/4iV5W9uYEdYUVa79Axb7Rh', /kind/],
      ['/images/album/4iV5W9uYEdYUVa79Axb7Rh?size=128', /size: expected one of 640, 300, 64/],
      ['/images/album/4iV5W9uYEdYUVa79Axb7Rh?size=64px', /size/],
      ['/images/album/4iV5W9uYEdYUVa79Axb7Rh?size=064', /size/],
      ['/images/album/4iV5W9uYEdYUVa79Axb7Rh?size=64&size=300', /size/],
      ['/images/album/has%20space', /id/],
      [`/images/album/${'a'.repeat(65)}`, /id/],
    ];
    for (const [path, message] of cases) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { status: number; message: string } };
      expect(body.error.status).toBe(400);
      expect(body.error.message).toMatch(message);
    }
  });
});

describe('imageSet', () => {
  it("lists Spotify's three sizes, largest first, as URLs this route serves", async () => {
    const set = imageSet('http://127.0.0.1:4100/', 'show', '5CfCWKI5pZ28U0uOzXkDHe');
    expect(set).toEqual([
      { url: 'http://127.0.0.1:4100/images/show/5CfCWKI5pZ28U0uOzXkDHe?size=640', height: 640, width: 640 },
      { url: 'http://127.0.0.1:4100/images/show/5CfCWKI5pZ28U0uOzXkDHe?size=300', height: 300, width: 300 },
      { url: 'http://127.0.0.1:4100/images/show/5CfCWKI5pZ28U0uOzXkDHe?size=64', height: 64, width: 64 },
    ]);
    for (const image of imageSet(server.url, 'episode', 'e1')) {
      const response = await fetch(image.url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`width="${image.width}"`);
    }
  });

  it('builds the same URLs as the music v1 objects do', () => {
    const site = 'http://127.0.0.1:4100';
    for (const kind of ['album', 'artist', 'playlist', 'show', 'episode', 'user', 'category'] as const) {
      expect(images({ api: `${site}/v1`, site }, kind, 'x.y_z')).toEqual(imageSet(site, kind, 'x.y_z'));
    }
  });
});
