import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { finalErrorHandler } from './ops/unavailable';
import { createLogger } from '@graphonic/ops';
import { chooseEncoding, webAssets } from './web-assets';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose answer is read as sent: fetch would decode it, and always asks for gzip and Brotli. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('chooseEncoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;

  it('prefers Brotli among encodings rated alike, as browsers list them', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br');
    expect(chooseEncoding('gzip, deflate, br, zstd', ['gzip', 'identity'])).toBe('gzip');
    expect(chooseEncoding('*', all)).toBe('br');
  });

  it('follows the ratings, and identity unless it is refused', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', all)).toBe('gzip');
    expect(chooseEncoding('BR; Q=1, gzip;q=0.2', all)).toBe('br');
    expect(chooseEncoding('deflate', all)).toBe('identity');
    expect(chooseEncoding('', all)).toBe('identity');
    expect(chooseEncoding(undefined, all)).toBe('identity');
    expect(chooseEncoding('identity;q=0, *;q=0', all)).toBe(false);
    expect(chooseEncoding('gzip;q=0, identity;q=0', ['gzip', 'identity'])).toBe(false);
    expect(chooseEncoding('gzip;q=nonsense', ['gzip', 'identity'])).toBe('identity');
  });
});

describe('the web client’s assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'graphonic-assets-'));
  const script = `console.log(${JSON.stringify('a tune '.repeat(600))});`;
  const style = `body{color:red}${'.x{margin:0}'.repeat(200)}`;
  // Copies as the build writes them, told apart from what the server would make by their content.
  const builtBrotli = brotliCompressSync(Buffer.from(script));
  const builtGzip = gzipSync(Buffer.from(script), { level: 9 });
  let server: RunningServer;

  beforeAll(async () => {
    writeFileSync(join(dir, 'index-abc123.js'), script);
    writeFileSync(join(dir, 'index-abc123.js.br'), builtBrotli);
    writeFileSync(join(dir, 'index-abc123.js.gz'), builtGzip);
    writeFileSync(join(dir, 'index-def456.css'), style);
    writeFileSync(join(dir, 'tiny-1.js'), 'export {};');
    writeFileSync(join(dir, 'cover-1.png'), Buffer.alloc(4096, 7));
    server = await listen(
      express()
        .use('/assets', webAssets(dir))
        .use(finalErrorHandler(createLogger({ level: 'silent', service: 'test' }))),
    );
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the copy the build compressed with Brotli when the browser accepts it, as sent', async () => {
    const answer = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(builtBrotli.length);
    expect(answer.body.equals(builtBrotli)).toBe(true);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one that asks for no encoding', async () => {
    const gzipped = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.equals(builtGzip)).toBe(true);

    const plain = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const none = await get(`${server.url}/assets/index-abc123.js`);
    expect(none.body.toString()).toBe(script);
  });

  it('follows the browser’s preferences, and refuses when it accepts none of the encodings', async () => {
    const preferred = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const refused = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'identity;q=0, *;q=0' });
    expect(refused.status).toBe(406);
  });

  it('compresses a file the build left without copies, once', async () => {
    const br = await get(`${server.url}/assets/index-def456.css`, { 'accept-encoding': 'br' });
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(style);
    const gz = await get(`${server.url}/assets/index-def456.css`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(style);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
  });

  it('sends small files and images as they are, whatever the browser accepts', async () => {
    const tiny = await get(`${server.url}/assets/tiny-1.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};');
    const image = await get(`${server.url}/assets/cover-1.png`, { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('answers 304 to a cached copy of the same encoding, and sends again for another', async () => {
    const first = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get(`${server.url}/assets/index-abc123.js`, {
      'accept-encoding': 'br',
      'if-none-match': `W/${etag}`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await get(`${server.url}/assets/index-abc123.js`, {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(other.status).toBe(200);
    expect(other.body.equals(builtGzip)).toBe(true);
  });

  it('answers HEAD with the headers alone, and other methods with 405', async () => {
    const head = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(builtBrotli.length);
    expect(head.body.length).toBe(0);
    const post = await get(`${server.url}/assets/index-abc123.js`, {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answers 404 for a file that is not there, a copy asked for by name, and a path out of the folder', async () => {
    for (const path of [
      '/assets/index-old.js',
      '/assets/index-abc123.js.br',
      '/assets/%2e%2e%2fweb-assets.ts',
      '/assets/..%2f..%2fpackage.json',
      '/assets/sub/index-abc123.js',
      '/assets/%E0%A4%A',
    ]) {
      const answer = await get(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toBe('Not Found.');
    }
  });

  it('finds a file the next build writes after a request for it found nothing', async () => {
    expect((await get(`${server.url}/assets/later-1.js`)).status).toBe(404);
    writeFileSync(join(dir, 'later-1.js'), 'export const later = 1;');
    const answer = await get(`${server.url}/assets/later-1.js`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('export const later = 1;');
  });
});
