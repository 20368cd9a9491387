import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * JSON serialised once and sent many times. The catalog's records never change once seeded, so
 * the objects built from them (a track with its album, artists, markets and images) are turned
 * into UTF-8 once and then copied into every answer that holds them, instead of being built and
 * serialised again per request. An answer is written as a plain value with `PreparedJson` parts
 * anywhere inside it: `serialize` gives exactly the bytes `JSON.stringify` would give.
 */
export class PreparedJson {
  /** The value's JSON text, as UTF-8. */
  readonly bytes: Buffer;
  /** SHA-1 of `bytes`: an answer's entity tag hashes these digests instead of the parts' text. */
  readonly digest: Buffer;

  constructor(value: unknown) {
    const text = JSON.stringify(value);
    if (typeof text !== 'string') throw new TypeError('PreparedJson needs a value that JSON can represent.');
    this.bytes = Buffer.from(text);
    this.digest = createHash('sha1').update(this.bytes).digest();
  }

  /** The value, parsed anew from the bytes. */
  value(): unknown {
    return JSON.parse(this.bytes.toString()) as unknown;
  }

  /** Inside `serialize`, a marker for the part; anywhere else (`res.json`, `JSON.stringify`), the value itself. */
  toJSON(): unknown {
    if (collecting === undefined) return this.value();
    collecting.push(this);
    return `\u0000${collecting.length - 1}`;
  }
}

/** The parts met by the `JSON.stringify` running now (it is synchronous, so one at a time). */
let collecting: PreparedJson[] | undefined;

/** A part's marker as `JSON.stringify` writes it: the control character comes out escaped. */
const markerPattern = /"\\u0000(\d+)"/g;

export interface SerializedJson {
  body: Buffer;
  /** A weak entity tag in Express's form, `W/"<length in hex>-<hash>"`. */
  etag: string;
}

function entityTag(length: number, hash: ReturnType<typeof createHash>): string {
  return `W/"${length.toString(16)}-${hash.digest('base64').slice(0, 27)}"`;
}

/** JSON text as it is, the whole of it hashed for its entity tag. */
function plain(text: string): SerializedJson {
  const body = Buffer.from(text);
  return { body, etag: entityTag(body.length, createHash('sha1').update(body)) };
}

/**
 * `value` as JSON, with the bytes of every `PreparedJson` inside copied in. The entity tag
 * hashes the answer's own text with the parts' digests, so a change of any byte changes it.
 */
export function serialize(value: unknown): SerializedJson {
  const parts: PreparedJson[] = [];
  collecting = parts;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    collecting = undefined;
  }
  if (parts.length === 0) return plain(text);
  // The answer's own text between the parts, then one buffer with everything written in. The
  // entity tag hashes the text with its markers (the answer's shape) and the parts' digests.
  const pieces: string[] = [];
  const digests = Buffer.allocUnsafe(20 * parts.length);
  let length = 0;
  let from = 0;
  let expected = 0;
  for (const match of text.matchAll(markerPattern)) {
    const part = parts[Number(match[1])];
    // A string of the answer's own that looks like a marker (a name starting with NUL) breaks
    // the sequence: serialise the plain way instead.
    if (part === undefined || Number(match[1]) !== expected) return plain(JSON.stringify(value));
    const piece = text.slice(from, match.index);
    pieces.push(piece);
    digests.set(part.digest, 20 * expected);
    length += Buffer.byteLength(piece) + part.bytes.length;
    from = match.index + match[0].length;
    expected += 1;
  }
  if (expected !== parts.length) return plain(JSON.stringify(value));
  const rest = text.slice(from);
  length += Buffer.byteLength(rest);
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  pieces.forEach((piece, index) => {
    at += body.write(piece, at);
    const bytes = (parts[index] as PreparedJson).bytes;
    body.set(bytes, at);
    at += bytes.length;
  });
  body.write(rest, at);
  return { body, etag: entityTag(length, createHash('sha1').update(text).update(digests)) };
}

const rewrites = Symbol('json rewrite');

/**
 * Registers how a middleware rewrites this response's JSON answers (the development profile
 * strips fields): `sendJson` applies it to the value, prepared parts and all, before serialising.
 */
export function rewriteJson(res: Response, rewrite: (value: unknown) => unknown): void {
  (res.locals as Record<symbol, unknown>)[rewrites] = rewrite;
}

/**
 * Answers `value` as `res.json` would (same bytes, `Content-Type`, entity tag when the app
 * makes them, 304 to a matching `If-None-Match`, no body to HEAD), with prepared parts copied in.
 */
export function sendJson(req: Request, res: Response, value: unknown): void {
  const rewrite = (res.locals as Record<symbol, unknown>)[rewrites] as ((value: unknown) => unknown) | undefined;
  const { body, etag } = serialize(rewrite ? rewrite(value) : value);
  res.set('Content-Type', 'application/json; charset=utf-8');
  // Express makes entity tags unless the app turned them off; a tag set here spares it hashing the body.
  if (typeof req.app.get('etag fn') === 'function' && res.get('ETag') === undefined) res.set('ETag', etag);
  res.send(body);
}
