import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Checks music v1 responses against the shapes of Spotify's OpenAPI document
 * (`spotify-v1-shapes.json`, copied from the published, corrected document): the contract that
 * lets existing Spotify clients talk to the local music service.
 *
 * It understands the subset of OpenAPI 3.0 that the document uses: `$ref`, `allOf`, `oneOf`
 * with a discriminator, `type`, `nullable`, `enum`, `minimum`/`maximum`, `items`,
 * `properties` and `required`, and it is strict where the document is loose:
 * - a property the shape does not declare is an error (a typo never passes);
 * - `complete: true` also requires every declared property (deprecated ones too, on the full
 *   profile), except the few that Spotify itself sends only sometimes (`sometimes` below);
 * - `profile: 'development'` requires deprecated properties to be absent, as Spotify's
 *   development-mode apps receive them since 2026.
 */

export interface Schema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  nullable?: boolean;
  deprecated?: boolean;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  discriminator?: { propertyName: string };
  format?: string;
  additionalProperties?: boolean | Schema;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: (Parameter | { $ref: string })[];
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    parameters: Record<string, Parameter>;
  };
}

export interface ShapeOptions {
  /** `development`: deprecated properties must be absent. Default `full`. */
  profile?: 'full' | 'development';
  /** Require every declared, non-deprecated property (except `sometimes`). Default true. */
  complete?: boolean;
  /** The top-level object holds only the parts the request asked for (search's pages). */
  partialTop?: boolean;
}

/** Operations whose answer holds only the parts asked for: search answers one page per requested type. */
const partialAnswers = new Set(['/search']);

const document = JSON.parse(readFileSync(join(import.meta.dirname, 'spotify-v1-shapes.json'), 'utf8')) as Document;

// Player errors carry a `reason` (NO_ACTIVE_DEVICE, PREMIUM_REQUIRED …), and since 2026 so does a
// quota 429; Spotify documents it in prose but not in the error object's shape.
const errorObject = document.components.schemas.ErrorObject;
if (errorObject?.properties) errorObject.properties.reason = { type: 'string' };

// The service's extensions of objects (see docs/music-service.md): a device says whether a client
// registered it, the queue how much of it the listener added, and what is playing how fast its
// progress moves (an episode's playback speed). Spotify's objects lack them, so `complete` does not
// demand them.
const deviceObject = document.components.schemas.DeviceObject;
if (deviceObject?.properties) deviceObject.properties.registered_by_client = { type: 'boolean' };
const queueObject = document.components.schemas.QueueObject;
if (queueObject?.properties) queueObject.properties.queued_by_listener = { type: 'integer', minimum: 0 };
for (const name of ['CurrentlyPlayingContextObject', 'CurrentlyPlayingObject']) {
  const playing = document.components.schemas[name];
  if (playing?.properties) playing.properties.playback_rate = { type: 'number', minimum: 0 };
}

/**
 * Properties that Spotify sends only in some answers, so `complete` does not demand them:
 * restrictions and relinking appear only for restricted or relinked items, `is_playable` only
 * with a market, `resume_point` only with the playback-position scope, `track` is the old name
 * of a playlist item's `item`, and `tracks` the old name of a playlist's `items`.
 */
const sometimes = new Set([
  'reason',
  // A cursor page has no `before` where it cannot page backwards (followed artists).
  'before',
  // External ids: each object has the kinds that apply to it (ISRC for tracks, UPC for albums).
  'isrc',
  'ean',
  'upc',
  'restrictions',
  'linked_from',
  'is_playable',
  'resume_point',
  'track',
  'tracks',
  'album_group',
  'smart_shuffle',
  'available_markets',
  // A profile's e-mail address: only with the user-read-email scope, and only for accounts that have one.
  'email',
  // A playlist's items: development-mode apps get them only for playlists the user owns or collaborates on.
  'items',
  // The service's extensions (above), absent from Spotify's objects.
  'registered_by_client',
  'queued_by_listener',
  'playback_rate',
]);

/**
 * Properties the document does not mark nullable but that Spotify documents as null at times:
 * the player's `context` and `item`, a device's `id` and `volume_percent`, a queue's
 * `currently_playing`, a playlist item's `added_at` and `added_by` (very old playlists),
 * an image's size, a description, and the deprecated preview URLs.
 */
export const nullableInPractice: ReadonlySet<string> = new Set([
  // The cursors and next link of the last cursor page.
  'after',
  'before',
  'next',
  'context',
  'item',
  'id',
  'volume_percent',
  'currently_playing',
  'added_at',
  'added_by',
  'description',
  'preview_url',
  'audio_preview_url',
]);

/** The lists of multi-get answers (`{ "tracks": [...] }`), whose slots may be null. */
const multiGetKeys = /^\$\.(tracks|albums|artists|shows|episodes|audio_features|audiobooks|chapters)$/;

function resolveRef(ref: string): Schema {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) throw new Error(`Unsupported $ref ${ref}`);
  const schema = document.components.schemas[ref.slice(prefix.length)];
  if (!schema) throw new Error(`Unknown schema ${ref}`);
  return schema;
}

/** A named component schema, e.g. `TrackObject`. */
export function componentSchema(name: string): Schema {
  const ref = `#/components/schemas/${name}`;
  resolveRef(ref);
  return { $ref: ref };
}

/** Merged `allOf` schemas, by the schema they merge. */
const flattened = new WeakMap<Schema, Schema>();

/** Flattens `$ref` and `allOf` into one object schema (properties and required merged). */
export function flatten(schema: Schema): Schema {
  if (schema.$ref) return flatten(resolveRef(schema.$ref));
  if (!schema.allOf) return schema;
  const known = flattened.get(schema);
  if (known) return known;
  const merged: Schema = {
    ...schema,
    allOf: undefined,
    properties: { ...schema.properties },
    required: [...(schema.required ?? [])],
  };
  for (const part of schema.allOf) {
    const flat = flatten(part);
    if (flat.type && !merged.type) merged.type = flat.type;
    if (flat.nullable) merged.nullable = true;
    if (flat.oneOf) {
      merged.oneOf = flat.oneOf;
      merged.discriminator = flat.discriminator;
    }
    if (flat.enum) merged.enum = flat.enum;
    if (flat.items) merged.items = flat.items;
    Object.assign(merged.properties ?? {}, flat.properties);
    merged.required?.push(...(flat.required ?? []));
  }
  if (Object.keys(merged.properties ?? {}).length === 0) delete merged.properties;
  // The documents never change once loaded, so neither does a merge of their parts.
  flattened.set(schema, merged);
  return merged;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function schemaName(schema: Schema): string {
  return schema.$ref?.split('/').pop() ?? 'schema';
}

/** Returns every way in which `value` breaks `schema`, each prefixed with its JSON path. */
export function validate(
  value: unknown,
  schema: Schema,
  options: ShapeOptions = {},
  path = '$',
  nullable = false,
): string[] {
  const flat = flatten(schema);
  const errors: string[] = [];

  if (value === null) {
    return flat.nullable || nullable ? [] : [`${path}: is null but ${schemaName(schema)} is not nullable`];
  }

  if (flat.oneOf) {
    const discriminator = flat.discriminator?.propertyName;
    const candidates = flat.oneOf;
    if (discriminator && typeof value === 'object' && !Array.isArray(value)) {
      const tag = (value as Record<string, unknown>)[discriminator];
      const match = candidates.find((candidate) => {
        const values = flatten(candidate).properties?.[discriminator]?.enum;
        return values?.includes(tag) ?? false;
      });
      if (!match)
        return [`${path}: ${discriminator} "${String(tag)}" matches none of ${candidates.map(schemaName).join(', ')}`];
      return validate(value, match, options, path);
    }
    const results = candidates.map((candidate) => validate(value, candidate, options, path));
    return results.some((result) => result.length === 0) ? [] : (results[0] ?? [`${path}: matches no alternative`]);
  }

  const actual = typeOf(value);
  if (flat.type) {
    const ok = flat.type === actual || (flat.type === 'number' && actual === 'integer');
    if (!ok) return [`${path}: expected ${flat.type}, got ${actual}`];
  }
  if (flat.enum && !flat.enum.includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(flat.enum)}`);
  if (typeof value === 'number') {
    if (flat.minimum !== undefined && value < flat.minimum) errors.push(`${path}: ${value} is below ${flat.minimum}`);
    if (flat.maximum !== undefined && value > flat.maximum) errors.push(`${path}: ${value} is above ${flat.maximum}`);
  }

  if (Array.isArray(value) && flat.items) {
    const items = flat.items;
    // A multi-get answers null in the slot of an unknown id.
    const slots = multiGetKeys.test(path);
    value.forEach((item, index) => errors.push(...validate(item, items, options, `${path}[${index}]`, slots)));
  }

  if (actual === 'object' && flat.properties) {
    const record = value as Record<string, unknown>;
    const properties = flat.properties;
    const development = options.profile === 'development';
    for (const key of Object.keys(record)) {
      const property = properties[key];
      if (!property) {
        // The shapes file lost the definitions of properties named "description" (it strips
        // every documentation key of that name): Spotify's objects have them as text or null.
        if (key !== 'description') errors.push(`${path}.${key}: is not in ${schemaName(schema)}`);
        else if (typeof record[key] !== 'string' && record[key] !== null)
          errors.push(`${path}.${key}: expected string`);
        continue;
      }
      if (development && property.deprecated === true) {
        errors.push(`${path}.${key}: is deprecated and must be absent in development mode`);
        continue;
      }
      errors.push(...validate(record[key], property, options, `${path}.${key}`, nullableInPractice.has(key)));
    }
    for (const key of flat.required ?? []) {
      if (!(key in record) && !(development && properties[key]?.deprecated === true))
        errors.push(`${path}.${key}: is required`);
    }
    if ((options.complete ?? true) && !(options.partialTop === true && path === '$')) {
      for (const [key, property] of Object.entries(properties)) {
        if (key in record || sometimes.has(key) || (development && property.deprecated === true)) continue;
        if (!(flat.required ?? []).includes(key)) errors.push(`${path}.${key}: is missing`);
      }
    }
  }
  return errors;
}

/** Matches a concrete path such as `/albums/abc/tracks` to the document's `/albums/{id}/tracks`. */
export function documentPath(path: string): string | undefined {
  const clean = path.replace(/^\/v1/, '').split('?')[0] ?? '';
  const segments = clean.split('/');
  return Object.keys(document.paths).find((template) => {
    const parts = template.split('/');
    return (
      parts.length === segments.length && parts.every((part, index) => part.startsWith('{') || part === segments[index])
    );
  });
}

/** The schema of one documented response, or undefined when the document declares no body. */
export function responseSchema(method: string, path: string, status: number): Schema | undefined {
  const template = documentPath(path);
  if (!template) throw new Error(`${path} is not a path of the music v1 API`);
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not an operation of the music v1 API`);
  // Every endpoint answers errors with the same body, documented for some statuses only.
  const response =
    operation.responses?.[String(status)] ??
    (status >= 400 ? { $ref: '#/components/responses/BadRequest' } : undefined);
  if (!response) throw new Error(`${method} ${template} does not document status ${status}`);
  const resolved = response.$ref ? document.components.responses[response.$ref.split('/').pop() ?? ''] : response;
  const schema = resolved?.content?.['application/json']?.schema;
  // A few operations document their errors as a bare ErrorObject; every answer wraps it in `error`.
  if (status >= 400 && schema?.$ref === '#/components/schemas/ErrorObject') {
    return document.components.responses.BadRequest?.content?.['application/json']?.schema;
  }
  return schema;
}

/** Throws with every difference when `body` is not what the document says `method path` answers. */
export function assertShape(
  method: string,
  path: string,
  status: number,
  body: unknown,
  options: ShapeOptions = {},
): void {
  const schema = responseSchema(method, path, status);
  if (!schema) {
    if (body !== undefined && body !== '') throw new Error(`${method} ${path} ${status} documents no body, got one`);
    return;
  }
  const partialTop = status < 300 && partialAnswers.has(documentPath(path) ?? '');
  const errors = validate(body, schema, { ...options, partialTop });
  if (errors.length > 0) {
    throw new Error(`${method} ${path} ${status} breaks the music v1 contract:\n  ${errors.slice(0, 30).join('\n  ')}`);
  }
}

/** The documented parameters of one operation, `$ref`s resolved. Empty when undocumented. */
export function operationParameters(method: string, template: string): Parameter[] {
  const operation = document.paths[template]?.[method.toLowerCase()];
  return (operation?.parameters ?? []).flatMap((parameter) => {
    if ('$ref' in parameter) {
      const resolved = document.components.parameters[parameter.$ref.split('/').pop() ?? ''];
      return resolved ? [resolved] : [];
    }
    return [parameter];
  });
}
