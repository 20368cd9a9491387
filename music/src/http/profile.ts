import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors';
import { documentPath, flatten, responseSchema, type Schema } from '../v1/contract/shapes';
import { PreparedJson, rewriteJson } from './prepared-json';

/**
 * The local music service can answer like Spotify answers an app in development mode
 * (most apps since 2026): endpoints removed for such apps answer 403, and fields removed
 * for them are absent. The api is tested against both profiles.
 */
export type Profile = 'full' | 'development';

/**
 * Operations that Spotify removed for development-mode apps (the multi-get, browse, markets
 * and other-user endpoints in Feb 2026; related artists, recommendations, audio features and
 * category or featured playlists in Nov 2024; the per-type library and follow endpoints, now
 * served by /me/library; /playlists/{id}/tracks, renamed /items). Every one of them is the document's
 * `deprecated` operations.
 */
const removed: ReadonlyArray<readonly [method: string, template: string]> = [
  ['GET', '/tracks'],
  ['GET', '/albums'],
  ['GET', '/artists'],
  ['GET', '/shows'],
  ['GET', '/episodes'],
  ['GET', '/audiobooks'],
  ['GET', '/chapters'],
  ['GET', '/artists/{id}/top-tracks'],
  ['GET', '/artists/{id}/related-artists'],
  ['GET', '/markets'],
  ['GET', '/browse/new-releases'],
  ['GET', '/browse/categories'],
  ['GET', '/browse/categories/{category_id}'],
  ['GET', '/browse/categories/{category_id}/playlists'],
  ['GET', '/browse/featured-playlists'],
  ['GET', '/recommendations'],
  ['GET', '/recommendations/available-genre-seeds'],
  ['GET', '/audio-features'],
  ['GET', '/audio-features/{id}'],
  ['GET', '/audio-analysis/{id}'],
  ['GET', '/users/{user_id}'],
  ['GET', '/users/{user_id}/playlists'],
  ['POST', '/users/{user_id}/playlists'],
  ['PUT', '/me/tracks'],
  ['DELETE', '/me/tracks'],
  ['GET', '/me/tracks/contains'],
  ['PUT', '/me/albums'],
  ['DELETE', '/me/albums'],
  ['GET', '/me/albums/contains'],
  ['PUT', '/me/shows'],
  ['DELETE', '/me/shows'],
  ['GET', '/me/shows/contains'],
  ['PUT', '/me/episodes'],
  ['DELETE', '/me/episodes'],
  ['GET', '/me/episodes/contains'],
  ['PUT', '/me/audiobooks'],
  ['DELETE', '/me/audiobooks'],
  ['GET', '/me/audiobooks/contains'],
  ['PUT', '/me/following'],
  ['DELETE', '/me/following'],
  ['GET', '/me/following/contains'],
  ['PUT', '/playlists/{playlist_id}/followers'],
  ['DELETE', '/playlists/{playlist_id}/followers'],
  ['GET', '/playlists/{playlist_id}/followers/contains'],
  // Renamed to /playlists/{id}/items.
  ['GET', '/playlists/{playlist_id}/tracks'],
  ['POST', '/playlists/{playlist_id}/tracks'],
  ['PUT', '/playlists/{playlist_id}/tracks'],
  ['DELETE', '/playlists/{playlist_id}/tracks'],
];

const removedKeys = new Set(removed.map(([method, template]) => `${method} ${template}`));

/** Whether `method path` (a concrete `/v1/...` path) is removed in development mode. */
export function isRemovedInDevelopment(method: string, path: string): boolean {
  const template = documentPath(path);
  return template !== undefined && removedKeys.has(`${method.toUpperCase()} ${template}`);
}

/**
 * Prepared parts without their deprecated properties, per part and schema: a catalog object is
 * stripped once, however many answers hold it, and copied in as bytes like the part itself.
 */
const strippedParts = new WeakMap<PreparedJson, WeakMap<Schema, PreparedJson>>();

function strippedPart(part: PreparedJson, schema: Schema): PreparedJson {
  let bySchema = strippedParts.get(part);
  if (!bySchema) {
    bySchema = new WeakMap();
    strippedParts.set(part, bySchema);
  }
  let stripped = bySchema.get(schema);
  if (!stripped) {
    stripped = new PreparedJson(stripDeprecated(part.value(), schema));
    bySchema.set(schema, stripped);
  }
  return stripped;
}

/**
 * Returns `value` without the properties that `schema` marks deprecated, at every depth.
 * Prepared parts stay prepared: the result holds their stripped counterparts.
 */
export function stripDeprecated(value: unknown, schema: Schema): unknown {
  if (value instanceof PreparedJson) return strippedPart(value, schema);
  if (value === null || typeof value !== 'object') return value;
  // A value that serialises as something else (a date, say) is stripped as what it becomes.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return stripDeprecated(JSON.parse(JSON.stringify(value)) as unknown, schema);
  }
  const flat = flatten(schema);
  if (Array.isArray(value)) {
    const items = flat.items;
    return items ? value.map((item) => stripDeprecated(item, items)) : value;
  }
  const record = value as Record<string, unknown>;
  if (flat.oneOf) {
    const discriminator = flat.discriminator?.propertyName ?? 'type';
    const match = flat.oneOf.find((candidate) =>
      flatten(candidate).properties?.[discriminator]?.enum?.includes(record[discriminator]),
    );
    return match ? stripDeprecated(value, match) : value;
  }
  const properties = flat.properties;
  if (!properties) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) {
    const property = properties[key];
    if (property?.deprecated === true) continue;
    result[key] = property ? stripDeprecated(child, property) : child;
  }
  return result;
}

/**
 * For the development profile: 403 on removed endpoints, and deprecated fields stripped from
 * every documented JSON answer. On the full profile it does nothing. It runs after the token is
 * checked: a request without a valid one answers 401, as there is no app whose mode matters.
 */
export function profileMiddleware(getProfile: () => Profile): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (getProfile() !== 'development') {
      next();
      return;
    }
    const path = `/v1${req.path}`;
    if (isRemovedInDevelopment(req.method, path)) {
      next(new ApiError(403, 'This endpoint is not available to applications in development mode'));
      return;
    }
    const strip = (body: unknown): unknown => {
      if (res.statusCode >= 300) return body;
      let schema: Schema | undefined;
      try {
        schema = responseSchema(req.method, path, res.statusCode);
      } catch {
        schema = undefined;
      }
      return schema ? stripDeprecated(body, schema) : body;
    };
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(strip(body));
    rewriteJson(res, strip);
    next();
  };
}
