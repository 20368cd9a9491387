import { createHash } from 'node:crypto';
import express, { type Router } from 'express';
import type { Queryable } from '../db/types';
import { badRequest, notFound } from '../errors';
import type { PlaylistCover } from '../http/objects';
import * as store from './store';

/**
 * Playlist covers that owners upload: `PUT /playlists/{id}/images` takes a base64-encoded JPEG
 * of at most 256 KB (Spotify's rule); it is checked to be one, measured, stored, and served
 * publicly, like Spotify's image CDN, at a URL that names its version.
 */

/** Spotify's limit on the upload: 256 KB of base64 text. */
export const maxCoverBytes = 256 * 1024;

const base64Text = /^[A-Za-z0-9+/]+={0,2}$/;

/** Start-of-frame markers, whose segment holds the image's height and width. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG's width and height in pixels, read from its frame header; null when it is no JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone without a segment.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    if (startOfFrame.has(marker)) {
      if (length < 7) return null;
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    // The compressed data starts after the scan header: no frame header came before it.
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

export interface UploadedCover extends PlaylistCover {
  base64: string;
}

/** The upload's text as a cover; 400 unless it is a base64-encoded JPEG. */
export function parseCover(body: unknown): UploadedCover {
  if (typeof body !== 'string' || body.trim() === '') {
    throw badRequest('Missing image: send a base64-encoded JPEG as Content-Type image/jpeg');
  }
  const base64 = body.replace(/\s+/g, '');
  if (!base64Text.test(base64) || base64.length % 4 === 1) throw badRequest('Invalid image: expected base64 text');
  const bytes = Buffer.from(base64, 'base64');
  const size = jpegSize(bytes);
  // A JPEG ends with its end-of-image marker.
  if (!size || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) {
    throw badRequest('Invalid image: expected a JPEG');
  }
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { base64: bytes.toString('base64'), digest, ...size };
}

/** Stores the playlist's cover, replacing the one before. */
export async function saveCover(db: Queryable, playlistId: string, cover: UploadedCover): Promise<void> {
  await store.saveCover(db, {
    playlist_id: playlistId,
    jpeg_base64: cover.base64,
    width: cover.width,
    height: cover.height,
    digest: cover.digest,
  });
}

const fileName = /^([A-Za-z0-9_-]{22})\.jpg$/;

/**
 * Serves uploaded covers at `/images/uploads/playlist/:id/:digest.jpg`, publicly, like the other
 * images. Only the current cover is served: a replaced one is gone (404), as on Spotify's CDN
 * once a cover changes.
 */
export function coverRoutes(db: Queryable): Router {
  const router = express.Router();
  router.get('/images/uploads/playlist/:id/:file', async (req, res) => {
    const digest = fileName.exec(req.params.file)?.[1];
    if (digest === undefined) throw notFound('Image not found');
    const jpegBase64 = await store.coverBase64(db, req.params.id, digest);
    if (jpegBase64 === undefined) throw notFound('Image not found');
    const etag = `"${digest}"`;
    res.set({
      ETag: etag,
      // The URL names this version: it never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Served as an image only, never sniffed as something else.
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'image/jpeg',
    });
    // Answers 304 to a matching If-None-Match, and no body to HEAD.
    res.send(Buffer.from(jpegBase64, 'base64'));
  });
  return router;
}
