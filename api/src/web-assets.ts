import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { entityTagMatches } from '@graphonic/ops';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Content-hashed names never change content: a year, and no revalidation while fresh. */
const cacheControl = 'public, max-age=31536000, immutable';

/** The names the client's build gives its files (`index-Slz6OFlZ.js`, `index-DLKDhiTr.css.map`). */
const assetName = /^[\w.-]+$/;

/** The types of the files the build writes; anything else is sent as bytes. */
const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The types worth compressing, and the least size that is: below it, the encoding's headers outweigh its saving. */
const textual = /^(?:text\/|application\/json|image\/svg\+xml)/;
const minimumCompressedBytes = 1024;

/** The encodings sent, in the order preferred when the browser accepts several alike. */
const encodings = ['br', 'gzip', 'identity'] as const;
export type Encoding = (typeof encodings)[number];

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
}

function variant(body: Buffer, hash: string, encoding: Encoding): Variant {
  return { body, etag: `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"` };
}

async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * One asset and its encodings: the copies the build wrote beside it (`.br`, `.gz`, see web/build/precompress.ts),
 * or, where it wrote none (a build without them, a file it does not compress), made here once. Undefined when there
 * is no such file.
 */
async function loadAsset(dir: string, name: string): Promise<Asset | undefined> {
  const path = join(dir, name);
  const body = await readIfThere(path);
  if (!body) return undefined;
  const type = types[extname(name)] ?? 'application/octet-stream';
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const asset: Asset = { type, variants: { identity: variant(body, hash, 'identity') } };
  if (!textual.test(type) || body.length < minimumCompressedBytes) return asset;
  const [builtBrotli, builtGzip] = await Promise.all([readIfThere(`${path}.br`), readIfThere(`${path}.gz`)]);
  // Made here only for a build without the copies: quick settings, since a visitor waits for the first one.
  const br =
    builtBrotli ??
    (await brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }));
  const gz = builtGzip ?? (await gzipped(body));
  if (br.length < body.length) asset.variants.br = variant(br, hash, 'br');
  if (gz.length < body.length) asset.variants.gzip = variant(gz, hash, 'gzip');
  return asset;
}

/**
 * The encoding of `offered` (in the order preferred) that `Accept-Encoding` rates highest, the first of those rated
 * alike: browsers list gzip before Brotli (`gzip, deflate, br, zstd`) without preferring it. Identity only where
 * the header names none of the others, or has none; false when it refuses every one.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[]): Encoding | false {
  if (acceptEncoding === undefined) return offered.includes('identity') ? 'identity' : false;
  const rated = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    rated.set(name.toLowerCase(), Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0);
  }
  let best: Encoding | false = false;
  let bestQuality = 0;
  for (const encoding of offered) {
    // Identity, when the header does not name it, is acceptable (RFC 9110) but the last choice.
    const quality = rated.get(encoding) ?? rated.get('*') ?? (encoding === 'identity' ? Number.MIN_VALUE : 0);
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

function notFound(next: NextFunction): void {
  next(Object.assign(new Error('No such asset.'), { name: 'NotFoundError', status: 404 }));
}

/**
 * Serves the client's content-hashed files from `dir` out of memory: each read from disk once, on its first request,
 * and sent in the best encoding the browser accepts (Brotli, gzip or none), compressed ahead of time rather than for
 * every request. Cached for good by browsers, with an entity tag per encoding; a name that is not a file of `dir`
 * gets a 404, never the app shell.
 */
export function webAssets(dir: string): RequestHandler {
  const assets = new Map<string, Promise<Asset | undefined>>();

  const lookUp = (name: string): Promise<Asset | undefined> => {
    let found = assets.get(name);
    if (!found) {
      found = loadAsset(dir, name);
      assets.set(name, found);
      // A file that is not there may be written by the next build: asked again, it is looked for again.
      void found.then(
        (asset) => {
          if (!asset) assets.delete(name);
        },
        () => assets.delete(name),
      );
    }
    return found;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      res.status(405).type('text/plain').send('Method Not Allowed.');
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      notFound(next);
      return;
    }
    if (!assetName.test(name) || name.startsWith('.') || /\.(?:br|gz)$/.test(name)) {
      notFound(next);
      return;
    }
    lookUp(name).then((asset) => {
      if (!asset) {
        notFound(next);
        return;
      }
      const offered = encodings.filter((encoding) => asset.variants[encoding]);
      const encoding = offered.length > 1 ? chooseEncoding(req.headers['accept-encoding'], offered) : 'identity';
      const chosen = encoding ? asset.variants[encoding] : undefined;
      if (offered.length > 1) res.setHeader('vary', 'Accept-Encoding');
      if (!encoding || !chosen) {
        res.status(406).type('text/plain').send('Not Acceptable: no encoding of this file is accepted.');
        return;
      }
      res.setHeader('cache-control', cacheControl);
      res.setHeader('etag', chosen.etag);
      if (entityTagMatches(req.headers['if-none-match'], chosen.etag)) {
        res.status(304).end();
        return;
      }
      res.setHeader('content-type', asset.type);
      if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', chosen.body.length);
      if (req.method === 'HEAD') res.end();
      else res.end(chosen.body);
    }, next);
  };
}
