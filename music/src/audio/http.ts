import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';

/**
 * Serving synthesised audio over HTTP the way a CDN serves files: byte ranges for seeking,
 * strong entity tags, year-long immutable caching. Bodies are produced piece by piece as the
 * client reads them, so a long track never sits in memory whole and a client that goes away
 * stops the work.
 */

/** Audio never changes for a given entity tag: a year, immutable. */
const cacheControl = 'public, max-age=31536000, immutable';

export interface SendOutcome {
  /** The status answered: 200, 206, 304, 405 or 416. */
  status: number;
  /** Body bytes handed to the connection. */
  bytes: number;
  /** Whether the whole body was delivered; false when the client went away first. */
  complete: boolean;
}

export interface SendOptions {
  /** Called once when the response is over, for access logs and metrics. */
  onDone?: (outcome: SendOutcome) => void;
}

/** A representation served in byte ranges: its size and tag are known before any byte is produced. */
export interface RangedBody {
  size: number;
  /** A strong entity tag, quotes included. */
  etag: string;
  contentType: string;
  /**
   * The bytes of `range`, in order, in pieces of any size. The first piece may take a while (it
   * may have to be rendered); an error before it is answered as an error status, one after it
   * ends the connection. `signal` aborts when the client goes away.
   */
  read(range: ByteRange, signal: AbortSignal): AsyncIterable<Uint8Array>;
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

/** The first piece already read, then the rest as they come, each counted as it is handed on. */
async function* resumed(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
  sent: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for (let step = first; !step.done; step = await rest.next()) {
    sent.bytes += step.value.length;
    yield step.value;
  }
}

/** Answers what needs no body: 405, 304, 416 and HEAD. Returns the range to send otherwise. */
function answerWithoutBody(
  req: Request,
  res: Response,
  body: RangedBody,
  done: (outcome: SendOutcome) => void,
): { range: ByteRange; status: 200 | 206 } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).setHeader('Allow', 'GET, HEAD');
    res.end();
    done({ status: 405, bytes: 0, complete: true });
    return null;
  }
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', body.etag);
  res.setHeader('Cache-Control', cacheControl);
  // Served as what it is, never sniffed into something else.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (noneMatch(req.get('If-None-Match'), body.etag)) {
    res.status(304).end();
    done({ status: 304, bytes: 0, complete: true });
    return null;
  }
  const requested = rangeStillValid(req.get('If-Range'), body.etag) ? parseRange(req.get('Range'), body.size) : null;
  if (requested === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${body.size}`);
    res.setHeader('Content-Length', '0');
    res.end();
    done({ status: 416, bytes: 0, complete: true });
    return null;
  }
  const range = requested ?? { start: 0, end: body.size - 1 };
  const status = requested ? 206 : 200;
  if (req.method === 'HEAD') {
    writeHead(res, body, range, status);
    res.end();
    done({ status, bytes: 0, complete: true });
    return null;
  }
  return { range, status };
}

function writeHead(res: Response, body: RangedBody, range: ByteRange, status: 200 | 206): void {
  res.status(status);
  res.setHeader('Content-Type', body.contentType);
  res.setHeader('Content-Length', String(range.end - range.start + 1));
  if (status === 206) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${body.size}`);
}

/**
 * Answers a GET or HEAD request with `body`: 200 with all of it, 206 with a single requested
 * byte range, 416 when the range lies past the end, 304 when the client's cached copy carries
 * the same entity tag; other methods get 405. HEAD produces no byte of the body. The status line
 * waits for the first piece, so a failure to produce it (a full render queue) rejects before
 * anything was sent and the caller answers it; later failures end the connection. Resolves once
 * the response is over.
 */
export async function sendRanged(
  req: Request,
  res: Response,
  body: RangedBody,
  options: SendOptions = {},
): Promise<void> {
  const done = (outcome: SendOutcome): void => options.onDone?.(outcome);
  const plan = answerWithoutBody(req, res, body, done);
  if (!plan) return;
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort(new Error('The client went away'));
  });
  const pieces = body.read(plan.range, gone.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<Uint8Array>;
  try {
    first = await pieces.next();
  } catch (error) {
    // Gone before the first piece (a listener who skipped on, say): nobody is left to answer, and nothing failed.
    if (!gone.signal.aborted) throw error;
    done({ status: plan.status, bytes: 0, complete: false });
    return;
  }
  writeHead(res, body, plan.range, plan.status);
  const sent = { bytes: 0 };
  // Pieces are produced only as the connection takes them; pipeline() stops them when it breaks.
  const stream = Readable.from(resumed(first, pieces, sent), { objectMode: false, highWaterMark: 1 });
  try {
    await pipeline(stream, res);
    done({ status: plan.status, bytes: sent.bytes, complete: true });
  } catch {
    // The client went away, the connection broke, or a piece could not be produced.
    gone.abort(new Error('The response ended early'));
    done({ status: plan.status, bytes: sent.bytes, complete: false });
  }
}
