import { request } from 'node:http';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { PreparedJson, rewriteJson, sendJson, serialize } from './prepared-json';

const track = {
  name: 'Café Rêve — “live” 🎧',
  artists: [{ id: 'a1', name: 'Zoë' }],
  explicit: false,
  popularity: 41,
  preview_url: null,
};
const album = { id: 'al1', name: 'Night\nSongs \\ "quoted"', images: [] };

describe('serialize', () => {
  it('gives exactly the bytes JSON.stringify gives, parts copied in at any depth and repeated', () => {
    const part = new PreparedJson(track);
    const other = new PreparedJson(album);
    const values: unknown[] = [
      { tracks: [part, null, part, other] },
      { href: 'https://x/items?offset=0', items: [{ added_at: '2026-01-01T00:00:00.000Z', item: part, track: part }] },
      [part],
      { a: { b: { c: [other, 'text', 3, true] } }, z: 'Ünïcödé' },
      { nothing: [] },
    ];
    for (const value of values) {
      expect(serialize(value).body.toString()).toBe(JSON.stringify(value));
    }
  });

  it('is not confused by strings of the answer that look like its markers', () => {
    const part = new PreparedJson(track);
    // A name starting with NUL and digits reads, once serialised, like a marker.
    for (const name of ['\u00000', '\u00001', '\u00009', '\u0000', 'x\u00000']) {
      const value = { name, items: [part, part], owner: { display_name: name } };
      expect(serialize(value).body.toString()).toBe(JSON.stringify(value));
      const before = { items: [{ name }, part] };
      expect(serialize(before).body.toString()).toBe(JSON.stringify(before));
    }
  });

  it('stands for its value outside serialize', () => {
    const part = new PreparedJson(track);
    expect(JSON.parse(JSON.stringify({ t: part }))).toEqual({ t: track });
    expect(() => new PreparedJson(undefined)).toThrow(TypeError);
  });

  it('gives a weak entity tag that changes with any part and stays with the same content', () => {
    const first = serialize({ tracks: [new PreparedJson(track), null] });
    const again = serialize({ tracks: [new PreparedJson({ ...track }), null] });
    const changed = serialize({ tracks: [new PreparedJson({ ...track, popularity: 42 }), null] });
    const moved = serialize({ tracks: [null, new PreparedJson(track)] });
    expect(first.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(again.etag).toBe(first.etag);
    expect(changed.etag).not.toBe(first.etag);
    expect(moved.etag).not.toBe(first.etag);
  });
});

/** A GET with only the given headers (fetch adds `Cache-Control: no-cache` to conditional requests). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('sendJson over HTTP', () => {
  let server: RunningServer;
  const value = { tracks: [new PreparedJson(track), null] };
  /** Stands for a middleware that rewrites JSON answers, as the development profile does. */
  const rewriting: RequestHandler = (_req, res, next) => {
    rewriteJson(res, (body: unknown) => ({ rewritten: body }));
    next();
  };

  beforeAll(async () => {
    const app = express();
    app.get('/prepared', (req, res) => {
      sendJson(req, res, value);
    });
    app.get('/plain', (_req, res) => {
      res.json(JSON.parse(JSON.stringify(value)));
    });
    app.get('/prepared-plain', (req, res) => {
      sendJson(req, res, { status: 'ok', list: [1, 2] });
    });
    app.get('/express-plain', (_req, res) => {
      res.json({ status: 'ok', list: [1, 2] });
    });
    app.get('/rewritten', rewriting, (req, res) => {
      sendJson(req, res, value);
    });
    const untagged = express();
    untagged.set('etag', false);
    untagged.get('/prepared', (req, res) => {
      sendJson(req, res, value);
    });
    app.use('/untagged', untagged);
    server = await listen(app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers what res.json answers, with the same headers', async () => {
    const prepared = await fetch(`${server.url}/prepared`);
    const plain = await fetch(`${server.url}/plain`);
    expect(prepared.status).toBe(200);
    expect(await prepared.text()).toBe(await plain.text());
    expect(prepared.headers.get('content-type')).toBe(plain.headers.get('content-type'));
    expect(prepared.headers.get('content-length')).toBe(plain.headers.get('content-length'));
    expect(prepared.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('gives a value without parts the very entity tag Express gives', async () => {
    const ours = await fetch(`${server.url}/prepared-plain`);
    const express = await fetch(`${server.url}/express-plain`);
    expect(ours.headers.get('etag')).toBe(express.headers.get('etag'));
    expect(await ours.text()).toBe(await express.text());
  });

  it('answers 304 to a matching If-None-Match, and no body to HEAD', async () => {
    const first = await fetch(`${server.url}/prepared`);
    const etag = first.headers.get('etag') ?? '';
    const again = await get(`${server.url}/prepared`, { 'if-none-match': etag });
    expect(again).toEqual({ status: 304, body: '' });
    const other = await get(`${server.url}/prepared`, { 'if-none-match': 'W/"other"' });
    expect(other.status).toBe(200);
    const head = await fetch(`${server.url}/prepared`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('leaves entity tags out where the app turned them off', async () => {
    const response = await fetch(`${server.url}/untagged/prepared`);
    expect(response.headers.get('etag')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('applies the rewrite a middleware registered, to the value with its parts still prepared', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const response = await fetch(`${server.url}/rewritten`);
    const text = await response.text();
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(JSON.parse(text)).toEqual({ rewritten: { tracks: [track, null] } });
  });
});
