import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { renderWavRange, specFingerprint, wavByteLength, type AudioSpec } from './synth';

/**
 * Serving synthesised audio over HTTP the way a CDN serves files: byte ranges for seeking,
 * strong entity tags, year-long immutable caching. Bodies are rendered chunk by chunk as the
 * client reads them, so a ten-minute track never sits in memory whole and a client that goes
 * away stops the rendering.
 */

/** Audio never changes for a given spec (the tag changes with the synthesiser): a year, immutable. */
const cacheControl = 'public, max-age=31536000, immutable';

const DEFAULT_CHUNK_BYTES = 64 * 1024;

export interface SendWavOutcome {
  /** The status answered: 200, 206, 304, 405 or 416. */
  status: number;
  /** Body bytes handed to the connection. */
  bytes: number;
  /** Whether the whole body was delivered; false when the client went away first. */
  complete: boolean;
}

export interface SendWavOptions {
  /** How many bytes are rendered and written at a time. 64 KiB by default. */
  chunkBytes?: number;
  /** Called once when the response is over, for access logs and metrics. */
  onDone?: (outcome: SendWavOutcome) => void;
}

/** A single byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header (RFC 9110 §14.2) against a representation of `size` bytes. Returns the
 * range to send; `'unsatisfiable'` when no byte of it exists (answered 416); or null when the
 * whole representation should be sent: no header, another unit, a malformed header, or several
 * ranges, which a server may answer in full.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const specs = (match[1] ?? '').split(',');
  if (specs.length !== 1) return null;
  const parts = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0] ?? '');
  if (!parts) return null;
  const first = parts[1] ?? '';
  const last = parts[2] ?? '';
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether `If-None-Match` lists this entity tag (weak comparison, as RFC 9110 asks for GET). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/**
 * Whether a Range may be honoured: without `If-Range`, or when it names the current tag exactly
 * (strong comparison). A date never matches, since the audio carries no Last-Modified.
 */
function rangeStillValid(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}

/** The body, rendered lazily one chunk at a time as the stream is read. */
function* wavChunks(spec: AudioSpec, range: ByteRange, chunkBytes: number, sent: { bytes: number }): Generator<Buffer> {
  for (let position = range.start; position <= range.end; position += chunkBytes) {
    const chunk = renderWavRange(spec, position, Math.min(range.end, position + chunkBytes - 1));
    sent.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * Answers a GET or HEAD request with the spec's WAV file: 200 with the whole file, 206 with a
 * single requested byte range, 416 when the range lies past the end, 304 when the client's
 * cached copy carries the same entity tag. Other methods get 405. Resolves once the response is
 * over; rejects only when the spec itself is invalid, before anything was sent.
 */
export async function sendWav(
  req: Request,
  res: Response,
  spec: AudioSpec,
  options: SendWavOptions = {},
): Promise<void> {
  const size = wavByteLength(spec);
  const etag = `"${specFingerprint(spec)}"`;
  const chunkBytes = Math.max(1024, Math.floor(options.chunkBytes ?? DEFAULT_CHUNK_BYTES));
  const done = (outcome: SendWavOutcome): void => {
    options.onDone?.(outcome);
  };

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).setHeader('Allow', 'GET, HEAD');
    res.end();
    done({ status: 405, bytes: 0, complete: true });
    return;
  }

  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  // Served as what it is, never sniffed into something else.
  res.setHeader('X-Content-Type-Options', 'nosniff');

  if (noneMatch(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    done({ status: 304, bytes: 0, complete: true });
    return;
  }

  const requested = rangeStillValid(req.get('If-Range'), etag) ? parseRange(req.get('Range'), size) : null;
  if (requested === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${size}`);
    res.setHeader('Content-Length', '0');
    res.end();
    done({ status: 416, bytes: 0, complete: true });
    return;
  }

  const range = requested ?? { start: 0, end: size - 1 };
  const status = requested ? 206 : 200;
  res.status(status);
  res.setHeader('Content-Type', 'audio/wav');
  res.setHeader('Content-Length', String(range.end - range.start + 1));
  if (requested) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);

  if (req.method === 'HEAD') {
    res.end();
    done({ status, bytes: 0, complete: true });
    return;
  }

  const sent = { bytes: 0 };
  // A byte-counted buffer of one chunk: the next chunk is rendered only once the connection has
  // taken the previous one. pipeline() stops the generator when the client disconnects.
  const body = Readable.from(wavChunks(spec, range, chunkBytes, sent), {
    objectMode: false,
    highWaterMark: chunkBytes,
  });
  try {
    await pipeline(body, res);
    done({ status, bytes: sent.bytes, complete: true });
  } catch {
    // The client went away (or the connection broke): nothing left to answer.
    done({ status, bytes: sent.bytes, complete: false });
  }
}
