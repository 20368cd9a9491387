import { GraphQLError } from 'graphql';

/** What a `spotify:<type>:<id>` URI names. */
export interface ParsedUri {
  type: string;
  id: string;
  uri: string;
}

const uriPattern = /^spotify:(track|album|artist|show|episode|playlist|user):([A-Za-z0-9._-]{1,64})$/;

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Checks a list of URIs argument: between `min` and `max` of them, each a URI of one of `types`.
 * BAD_USER_INPUT, naming the field and the first bad URI, otherwise.
 */
export function parseUris(
  uris: readonly string[],
  types: ReadonlySet<string>,
  bounds: { min: number; max: number },
  field: string,
): ParsedUri[] {
  if (uris.length < bounds.min || uris.length > bounds.max) {
    throw badInput(`${field}: give ${String(bounds.min)} to ${String(bounds.max)} URIs, got ${String(uris.length)}.`);
  }
  return uris.map((uri) => {
    const match = uriPattern.exec(uri);
    const type = match?.[1];
    const id = match?.[2];
    if (type === undefined || id === undefined || !types.has(type)) {
      throw badInput(`${field}: "${uri}" is not a URI of a ${[...types].join(', ')}.`);
    }
    return { type, id, uri };
  });
}

/** Checks a list of ids argument (between 1 and `max`). */
export function checkIds(ids: readonly string[], max: number, field: string): void {
  if (ids.length < 1 || ids.length > max) {
    throw badInput(`${field}: give 1 to ${String(max)} ids, got ${String(ids.length)}.`);
  }
  for (const id of ids) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) throw badInput(`${field}: "${id}" is not an id.`);
  }
}

/** The URI of an object the upstream described, built from its id when it gave none. */
export function uriOf(parent: { uri?: string; id?: string }, type: string): string {
  return parent.uri ?? `spotify:${type}:${parent.id ?? ''}`;
}
