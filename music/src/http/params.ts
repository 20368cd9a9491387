import type { NextFunction, Request, Response } from 'express';
import { badRequest } from '../errors';
import { flatten, operationParameters } from '../v1/contract/shapes';
import type { Profile } from './profile';

/** Spotify ids: 22 base62 characters (catalog ids). */
const base62Id = /^[0-9A-Za-z]{22}$/;
/** User ids are usernames: letters, digits and a few separators. */
const userId = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const marketCode = /^[A-Z]{2}$/;

export type UriType = 'track' | 'album' | 'artist' | 'playlist' | 'show' | 'episode' | 'user' | 'audiobook';
const uriTypes = new Set<string>(['track', 'album', 'artist', 'playlist', 'show', 'episode', 'user', 'audiobook']);

export interface ParsedUri {
  type: UriType;
  id: string;
  uri: string;
}

/**
 * Parses the query string once per request. Express 5 parses it again at every read of
 * `req.query`, and a music v1 request reads it several times (each parameter, the paging links,
 * the metrics): the first parse is kept on the request.
 */
export function parseQueryOnce(req: Request, _res: Response, next: NextFunction): void {
  Object.defineProperty(req, 'query', { value: req.query, writable: true, enumerable: true, configurable: true });
  next();
}

/** A query parameter given at most once; 400 when it is repeated. */
export function queryString(req: Request, name: string): string | undefined {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`Invalid ${name}: give it once`);
  return value;
}

/** A catalog id from a path parameter; 400 "Invalid base62 id" otherwise, as Spotify answers. */
export function catalogId(value: unknown): string {
  if (typeof value !== 'string' || !base62Id.test(value)) throw badRequest('Invalid base62 id');
  return value;
}

/** A user id from a path parameter. */
export function userIdParam(value: unknown): string {
  if (typeof value !== 'string' || !userId.test(value)) throw badRequest('Invalid username');
  return value;
}

/**
 * The comma-separated `ids` of a multi-get, in request order, duplicates kept (Spotify answers
 * one slot per requested id). At most `max`, each a base62 id.
 */
export function idsParam(req: Request, max: number, name = 'ids'): string[] {
  const raw = queryString(req, name);
  if (raw === undefined || raw.trim() === '') throw badRequest(`Missing required parameter: ${name}`);
  const ids = raw.split(',').map((id) => id.trim());
  if (ids.length > max) throw badRequest(`Too many ids requested: at most ${max}`);
  for (const id of ids) if (!base62Id.test(id)) throw badRequest(`Invalid base62 id: ${id.slice(0, 40)}`);
  return ids;
}

/** Parses `spotify:<type>:<id>`; 400 with the URI when it is not one. */
export function parseUri(uri: string, allowed?: ReadonlySet<UriType>): ParsedUri {
  const [scheme, type, id, ...rest] = uri.split(':');
  const valid =
    scheme === 'spotify' &&
    type !== undefined &&
    uriTypes.has(type) &&
    id !== undefined &&
    rest.length === 0 &&
    (type === 'user' ? userId.test(id) : base62Id.test(id));
  if (!valid) throw badRequest(`Invalid uri: ${uri.slice(0, 80)}`);
  const parsed = { type: type as UriType, id, uri };
  if (allowed && !allowed.has(parsed.type)) throw badRequest(`Unsupported uri type: ${uri.slice(0, 80)}`);
  return parsed;
}

/** The comma-separated `uris` of a request (query or body), at most `max`. */
export function urisParam(value: unknown, max: number, allowed?: ReadonlySet<UriType>): ParsedUri[] {
  const list = typeof value === 'string' ? value.split(',').filter((uri) => uri !== '') : value;
  if (!Array.isArray(list) || list.length === 0) throw badRequest('Missing required parameter: uris');
  if (list.length > max) throw badRequest(`Too many uris: at most ${max}`);
  return list.map((uri) => {
    if (typeof uri !== 'string') throw badRequest('Invalid uris: expected strings');
    return parseUri(uri.trim(), allowed);
  });
}

/** An optional ISO 3166-1 alpha-2 market (`from_token` means the user's country). */
export function marketParam(req: Request, userCountry?: string): string | undefined {
  const raw = queryString(req, 'market');
  if (raw === undefined || raw === '') return userCountry;
  if (raw === 'from_token') return userCountry;
  const upper = raw.toUpperCase();
  if (!marketCode.test(upper)) throw badRequest('Invalid market code');
  // A user's country takes priority over the parameter, as on Spotify.
  return userCountry ?? upper;
}

export interface Page {
  limit: number;
  offset: number;
}

interface Bounds {
  default: number;
  minimum: number;
  maximum: number;
}

const boundsCache = new Map<string, { limit: Bounds; offset: Bounds }>();

/**
 * The limits of full-access apps where the document gives development mode's (since Feb 2026,
 * search and an artist's albums answer 5 by default and at most 10 to development-mode apps):
 * apps with extended access keep the earlier 20 and 50.
 */
const fullProfileLimits: Readonly<Record<string, Bounds>> = {
  '/search': { default: 20, minimum: 1, maximum: 50 },
  '/artists/{id}/albums': { default: 20, minimum: 1, maximum: 50 },
};

function integerBounds(template: string, name: string, fallback: Bounds): Bounds {
  const parameter = operationParameters('get', template).find((candidate) => candidate.name === name);
  const schema = parameter?.schema ? flatten(parameter.schema) : undefined;
  return {
    default: typeof schema?.default === 'number' ? schema.default : fallback.default,
    minimum: schema?.minimum ?? fallback.minimum,
    maximum: schema?.maximum ?? fallback.maximum,
  };
}

function documentBounds(template: string): { limit: Bounds; offset: Bounds } {
  let bounds = boundsCache.get(template);
  if (!bounds) {
    const limit = integerBounds(template, 'limit', { default: 20, minimum: 1, maximum: 50 });
    bounds = {
      // A page holds at least one item: a page of none would name itself as the next one. (The document's
      // `minimum: 0` for an artist's albums contradicts its own text, "Minimum: 1".)
      limit: { ...limit, minimum: Math.max(1, limit.minimum) },
      offset: integerBounds(template, 'offset', { default: 0, minimum: 0, maximum: 100_000 }),
    };
    boundsCache.set(template, bounds);
  }
  return bounds;
}

/**
 * `limit` and `offset` with the defaults and bounds that the API document gives for the
 * endpoint `template` (e.g. `/search`: limit 1-10, default 5; offset up to 1000), or, on the
 * full profile, those that full-access apps keep (`/search`: limit 1-50, default 20).
 */
export function pageParams(req: Request, template: string, profile: Profile = 'development'): Page {
  const bounds = documentBounds(template);
  const limit = (profile === 'full' ? fullProfileLimits[template] : undefined) ?? bounds.limit;
  return {
    limit: integerParam(req, 'limit', limit),
    offset: integerParam(req, 'offset', bounds.offset),
  };
}

/** An integer query parameter within bounds; 400 "Invalid <name>" otherwise. */
export function integerParam(req: Request, name: string, bounds: Bounds): number {
  const raw = queryString(req, name);
  if (raw === undefined || raw === '') return bounds.default;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`Invalid ${name}`);
  const value = Number(raw);
  if (value < bounds.minimum || value > bounds.maximum) {
    throw badRequest(`Invalid ${name}: must be between ${bounds.minimum} and ${bounds.maximum}`);
  }
  return value;
}

/** One of a fixed set of string values, or the default. */
export function enumParam<T extends string>(req: Request, name: string, values: readonly T[], fallback: T): T;
export function enumParam<T extends string>(req: Request, name: string, values: readonly T[]): T | undefined;
export function enumParam<T extends string>(
  req: Request,
  name: string,
  values: readonly T[],
  fallback?: T,
): T | undefined {
  const raw = queryString(req, name);
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw badRequest(`Invalid ${name}: expected one of ${values.join(', ')}`);
  return raw as T;
}

/** A required string query parameter. */
export function requiredParam(req: Request, name: string): string {
  const raw = queryString(req, name);
  if (raw === undefined || raw === '') throw badRequest(`Missing required parameter: ${name}`);
  return raw;
}

/** An optional string query parameter. */
export function optionalParam(req: Request, name: string): string | undefined {
  const raw = queryString(req, name);
  return raw === '' ? undefined : raw;
}

/**
 * `ids` from the query string or a JSON body `{ "ids": [...] }`, at most `max`; catalog ids,
 * or usernames with `users` (the library's and the follow endpoints' changes and checks).
 */
export function idsFrom(req: Request, max: number, users = false): string[] {
  const query = req.query.ids;
  // Spotify takes the ids in the query, as `{ "ids": [...] }`, or as a bare JSON array, as some clients send.
  const raw: unknown = req.body;
  const body = Array.isArray(raw) ? raw : (raw as { ids?: unknown } | undefined)?.ids;
  const ids = typeof query === 'string' ? query.split(',').filter(Boolean) : Array.isArray(body) ? body : undefined;
  if (!ids || ids.length === 0) throw badRequest('Missing required parameter: ids');
  if (ids.length > max) throw badRequest(`Too many ids requested: at most ${max}`);
  return ids.map((id) => {
    if (users) return userIdParam(id);
    if (typeof id !== 'string' || !base62Id.test(id)) throw badRequest('Invalid base62 id');
    return id;
  });
}
