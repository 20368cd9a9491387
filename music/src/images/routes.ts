import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { entityTagMatches } from '@graphonic/ops';
import { badRequest } from '../errors';
import { imageKinds, isImageKind, renderImage, type ImageKind } from './render';

/** The sizes Spotify serves, largest first, as in its `images` arrays. */
export const imageSizes = [640, 300, 64] as const;
export type ImageSize = (typeof imageSizes)[number];

export interface Image {
  url: string;
  height: number;
  width: number;
}

/**
 * An object's `images` array in Spotify's shape: 640, 300 and 64 pixels, all served by
 * `GET /images/:kind/:id?size=`. `baseUrl` is the service's public base, e.g.
 * `http://127.0.0.1:4100`.
 */
export function imageSet(baseUrl: string, kind: ImageKind, id: string): Image[] {
  const base = baseUrl.replace(/\/+$/, '');
  return imageSizes.map((size) => ({
    url: `${base}/images/${kind}/${encodeURIComponent(id)}?size=${size}`,
    height: size,
    width: size,
  }));
}

// Catalog ids are base62, category ids lowercase words, user ids usernames: all fit here.
const idPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Images never change for a given URL: a year, and no revalidation while fresh. */
const cacheControl = 'public, max-age=31536000, immutable';

/** The requested size: 640 when absent, null unless exactly one of the served sizes. */
function parseSize(value: unknown): ImageSize | null {
  if (value === undefined) return 640;
  return imageSizes.find((size) => value === String(size)) ?? null;
}

function fail(res: Response, message: string): void {
  res.status(400).set('Cache-Control', 'no-store').json(badRequest(message).toBody());
}

/**
 * Answers `GET /images/:kind/:id?size=640|300|64` with the object's generated SVG image.
 * Bad input gets a 400 with the API's JSON error body; a matching `If-None-Match` gets a 304.
 */
export function sendImage(req: Request, res: Response): void {
  const kind = req.params['kind'];
  const id = req.params['id'];
  if (typeof kind !== 'string' || !isImageKind(kind)) {
    fail(res, `Invalid image kind: expected one of ${imageKinds.join(', ')}.`);
    return;
  }
  if (typeof id !== 'string' || !idPattern.test(id)) {
    fail(res, 'Invalid id: expected 1 to 64 letters, digits, dots, dashes or underscores.');
    return;
  }
  const size = parseSize(req.query['size']);
  if (size === null) {
    fail(res, `Invalid size: expected one of ${imageSizes.join(', ')}.`);
    return;
  }

  const svg = renderImage(kind, id, size);
  const body = Buffer.from(svg, 'utf8');
  // Strong: the tag is a hash of the exact bytes.
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  res.set({
    ETag: etag,
    'Cache-Control': cacheControl,
    // An SVG opened on its own is a document: no scripts, no outside requests, no sniffing.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  });
  if (entityTagMatches(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Content-Length': String(body.length) });
  res.end(body);
}

/** A router serving the image route; mount it at the service's root. */
export function imageRoutes(): Router {
  const router = express.Router();
  router.get('/images/:kind/:id', sendImage);
  return router;
}
