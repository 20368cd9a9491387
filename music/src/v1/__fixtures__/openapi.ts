import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import type { Profile } from '../../http/profile';
// Properties that Spotify answers null at times though the document does not say so: the shape checks' own list.
import { assertShape, flatten, nullableInPractice, type Schema } from '../contract/shapes';

/**
 * Spotify's OpenAPI description of the music v1 API (`spotify-open-api.yml`, copied byte for byte
 * from the corrected document `spotify-v1-shapes.json` is made from), read as JSON Schema and
 * checked with Ajv. It answers which operations the API has, their parameters, and whether an
 * answer is what the document says: Ajv checks the document's schema (types, `required`, enums,
 * ranges), and `assertShape` adds what JSON Schema leaves open (a property the document does not
 * declare, a removed field a development-mode app must not get, a declared one left out).
 */

type Node = Record<string, unknown>;

export interface Operation {
  method: string;
  template: string;
  deprecated: boolean;
  /** The scopes of its `security`, empty when any token will do. */
  scopes: string[];
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  /** The documented statuses, as numbers. */
  statuses: number[];
}

const file = join(import.meta.dirname, '../contract/spotify-open-api.yml');
const document = parse(readFileSync(file, 'utf8')) as {
  paths: Record<string, Record<string, Node>>;
  components: { schemas: Record<string, Node>; responses: Record<string, Node>; parameters: Record<string, Node> };
};

function resolve(node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
  const target = (document.components as Record<string, Record<string, Node> | undefined>)[section ?? '']?.[name ?? ''];
  if (!target) throw new Error(`Unknown reference ${ref}`);
  return target;
}

const methods = new Set(['get', 'put', 'post', 'delete']);

/** Every operation of the document, in its order. */
export function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, operation]) => {
        const security = (operation.security as { oauth_2_0?: string[] }[] | undefined) ?? [];
        const parameters = ((operation.parameters as Node[] | undefined) ?? []).map((parameter) => {
          const resolved = resolve(parameter);
          return {
            name: String(resolved.name),
            in: String(resolved.in),
            required: resolved.required === true,
            schema: resolved.schema ?? {},
          };
        });
        return {
          method: method.toUpperCase(),
          template,
          deprecated: operation.deprecated === true,
          scopes: security.flatMap((entry) => entry.oauth_2_0 ?? []),
          parameters,
          statuses: Object.keys((operation.responses as Node | undefined) ?? {}).map(Number),
        };
      }),
  );
}

/** The lists of multi-get answers, whose slots are null for an unknown id. */
const multiGetKeys = new Set(['tracks', 'albums', 'artists', 'shows', 'episodes', 'audiobooks', 'chapters']);

const orNull = (schema: unknown): Node => ({ anyOf: [schema, { type: 'null' }] });

/** The properties a schema (its `allOf` parts merged) marks deprecated. */
function deprecatedNames(node: Node): Set<string> {
  const properties = flatten(node).properties ?? {};
  return new Set(Object.keys(properties).filter((name) => properties[name]?.deprecated === true));
}

/**
 * The document's schemas as JSON Schema for one profile: `nullable` as a union with null, the
 * nulls of practice allowed, and, for development mode, the removed (deprecated) properties no
 * longer required, wherever in a schema's `allOf` parts they are declared (`removed`).
 */
function toJsonSchema(node: unknown, profile: Profile, removed: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, profile, removed));
  if (node === null || typeof node !== 'object') return node;
  const source = node as Node;
  const own = profile === 'development' && (source.allOf || source.properties) ? deprecatedNames(source) : undefined;
  const inherited = own ? new Set([...removed, ...own]) : removed;
  const out: Node = {};
  for (const [name, value] of Object.entries(source)) {
    if (name === 'example' || name === 'examples' || name === 'discriminator' || name === 'nullable') continue;
    if (name === 'properties') out[name] = properties(value as Node, profile);
    else out[name] = toJsonSchema(value, profile, name === 'allOf' ? inherited : new Set());
  }
  if (profile === 'development' && Array.isArray(source.required)) {
    out.required = (source.required as string[]).filter((name) => !inherited.has(name));
  }
  return source.nullable === true ? orNull(out) : out;
}

function properties(node: Node, profile: Profile): Node {
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) => {
      const converted = toJsonSchema(value, profile);
      if (nullableInPractice.has(name)) return [name, orNull(converted)];
      const items = (value as Node).items;
      if (multiGetKeys.has(name) && (value as Node).type === 'array' && items) {
        return [name, { ...(converted as Node), items: orNull(toJsonSchema(items, profile)) }];
      }
      return [name, converted];
    }),
  );
}

function compiler(profile: Profile): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'spotify', components: toJsonSchema(document.components, profile) });
  return ajv;
}

const compilers: Partial<Record<Profile, Ajv>> = {};
const validators = new Map<string, ValidateFunction>();

/** The JSON Schema of `method template`'s answer at `status`, or undefined when it has no body. */
function responseSchema(method: string, template: string, status: number): Node | undefined {
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not an operation of the document`);
  const responses = operation.responses as Record<string, Node>;
  // Every endpoint answers errors with the same body, documented for some statuses only.
  const response = responses[String(status)] ?? (status >= 400 ? { $ref: '#/components/responses/BadRequest' } : {});
  const content = resolve(response).content as Record<string, { schema?: Node }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (status >= 400 && (schema === undefined || schema.$ref === '#/components/schemas/ErrorObject')) {
    return (resolve({ $ref: '#/components/responses/BadRequest' }).content as Record<string, { schema: Node }>)[
      'application/json'
    ]?.schema;
  }
  return schema;
}

/** Rewrites the document's references to point into the schema Ajv holds. */
function anchored(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchored);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) => [
      name,
      name === '$ref' && typeof value === 'string' ? `spotify${value}` : anchored(value),
    ]),
  );
}

function validator(method: string, template: string, status: number, profile: Profile): ValidateFunction | undefined {
  const key = `${profile} ${method} ${template} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  const schema = responseSchema(method, template, status);
  if (!schema) return undefined;
  const ajv = (compilers[profile] ??= compiler(profile));
  const compiled = ajv.compile(anchored(toJsonSchema(schema, profile)) as Node);
  validators.set(key, compiled);
  return compiled;
}

/**
 * The ways an answer differs from the document: an undocumented status, a body that breaks the
 * documented schema (Ajv) or the shapes' stricter rules. Empty when it conforms.
 */
export function differences(
  operation: Operation,
  path: string,
  answer: { status: number; body: unknown },
  profile: Profile,
): string[] {
  const { method, template } = operation;
  const { status, body } = answer;
  // Success statuses must be documented; errors are answered with the one error body at any status.
  if (status < 400 && !operation.statuses.includes(status)) return [`status ${status} is not documented`];
  const validate = validator(method, template, status, profile);
  if (!validate) return body === undefined ? [] : [`status ${status} documents no body, got one`];
  const found: string[] = [];
  if (!validate(body)) {
    for (const error of validate.errors ?? []) found.push(`${error.instancePath || '$'} ${error.message ?? ''}`);
  }
  try {
    assertShape(method, `/v1${path}`, status, body, { profile });
  } catch (error) {
    found.push((error as Error).message);
  }
  return found;
}
