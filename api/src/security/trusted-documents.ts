import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApolloServerOptions, BaseContext } from '@apollo/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import { bearerOf } from '../limits/listeners';

/**
 * Trusted documents (docs/decisions/048-trusted-documents.md). The web build writes every GraphQL operation
 * it ships, as the text Apollo Client sends, to `graphql-operations.json` beside the client (hash → text, the
 * hash being the hex SHA-256 of the text, as the persisted query protocol has it). The api serves those by
 * hash to everyone; when the setting is on (`GRAPHQL_TRUSTED_DOCUMENTS`, on in production), a request that
 * is not a bearer client's (a cookie session, or nobody) runs those operations only: any other text, and any
 * other hash, is refused before it is parsed. Bearer clients keep sending their own text, within the limits.
 */

/** The manifest's file name in the built web client's folder. */
export const operationManifestFile = 'graphql-operations.json';

/** Refused: a hash the manifest does not hold (Apollo Server's code, which Apollo Client knows). */
export const persistedQueryNotFound = 'PERSISTED_QUERY_NOT_FOUND';
/** Refused: operation text that is not one of the manifest's. */
export const persistedQueryNotInList = 'PERSISTED_QUERY_NOT_IN_LIST';

/** The media type of a GraphQL answer over HTTP (GraphQL over HTTP), which Apollo Client asks for first. */
const graphqlResponseType = 'application/graphql-response+json';

/** The hex SHA-256 of `text`: the persisted query protocol's `sha256Hash`, and Apollo Server's. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

/** The web client's operations, by the hash of their text; every hash checked against its text when read. */
export class OperationManifest {
  private readonly documents: ReadonlyMap<string, string>;

  constructor(entries: Record<string, string>) {
    const documents = new Map<string, string>();
    for (const [hash, text] of Object.entries(entries)) {
      // A hash is taken only for the text it is the hash of: a manifest edited by hand cannot smuggle one in.
      if (sha256Hex(text) !== hash) throw new ManifestError(`the hash ${hash} is not the SHA-256 of its text`);
      documents.set(hash, text);
    }
    this.documents = documents;
  }

  /** Reads and checks the manifest at `path`. */
  static read(path: string): OperationManifest {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new ManifestError(`${path} could not be read as JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ManifestError(`${path} is not an object of hashes to operation texts`);
    }
    const entries: Record<string, string> = {};
    for (const [hash, text] of Object.entries(parsed)) {
      if (typeof text !== 'string') throw new ManifestError(`${path}: the entry ${hash} is not a string`);
      entries[hash] = text;
    }
    try {
      return new OperationManifest(entries);
    } catch (error) {
      throw new ManifestError(`${path}: ${(error as Error).message}`);
    }
  }

  get size(): number {
    return this.documents.size;
  }

  /** The text of the operation whose hash is `hash`, if it is one of the manifest's. */
  textOf(hash: string): string | undefined {
    return this.documents.get(hash);
  }

  /** Whether `text` is, to the byte, one of the manifest's operations. */
  holds(text: string): boolean {
    return this.documents.has(sha256Hex(text));
  }
}

/**
 * The manifest of the web client in `webDist`, when there is one. With trusted documents on it must be
 * there: the api refuses to start without it rather than refuse every screen of the app.
 */
export function loadOperationManifest(webDist: string, trusted: boolean): OperationManifest | null {
  const path = join(webDist, operationManifestFile);
  if (!existsSync(path)) {
    if (!trusted) return null;
    throw new ManifestError(
      `GRAPHQL_TRUSTED_DOCUMENTS is on (the default in production), but the web build's operation manifest ` +
        `${path} is missing: build the web client (\`npm run build\`), point WEB_DIST at a build, or set ` +
        `GRAPHQL_TRUSTED_DOCUMENTS=off to let browsers send any operation.`,
    );
  }
  const manifest = OperationManifest.read(path);
  if (trusted && manifest.size === 0) throw new ManifestError(`${path} holds no operation`);
  return manifest;
}

type PersistedQueryCache = NonNullable<
  Exclude<ApolloServerOptions<BaseContext>['persistedQueries'], false | undefined>['cache']
>;

/**
 * Apollo Server's persisted query cache: the manifest's texts, which nothing can overwrite, then the
 * automatic persisted queries its clients register (each checked by Apollo against its hash), the oldest
 * dropped first past `maxChars` characters of text in all.
 */
export function persistedQueryCache(manifest: OperationManifest | null, maxChars = 8_000_000): PersistedQueryCache {
  const registered = new Map<string, string>();
  let chars = 0;
  // Apollo prefixes its keys (`apq:`); the hash is what follows the last colon.
  const hashOf = (key: string): string => key.slice(key.lastIndexOf(':') + 1);
  const drop = (key: string): boolean => {
    const text = registered.get(key);
    if (text === undefined) return false;
    chars -= text.length;
    return registered.delete(key);
  };
  return {
    get: (key) => Promise.resolve(manifest?.textOf(hashOf(key)) ?? registered.get(key)),
    set: (key, value) => {
      if (manifest?.textOf(hashOf(key)) !== undefined || value.length > maxChars) return Promise.resolve();
      drop(key);
      registered.set(key, value);
      chars += value.length;
      for (const oldest of registered.keys()) {
        if (chars <= maxChars) break;
        drop(oldest);
      }
      return Promise.resolve();
    },
    delete: (key) => Promise.resolve(drop(key)),
  };
}

/** The parts of a GraphQL request over HTTP that name its operation. */
interface Named {
  text: string | undefined;
  hash: string | undefined;
}

function extensionsOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** What a GET (its query string) or a POST (its JSON body) names; null for anything else, left to Apollo. */
function namedOperation(req: Request): Named | null {
  let params: unknown;
  if (req.method === 'GET') params = req.query;
  else if (req.method === 'POST') params = req.body;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const { query, extensions } = params as { query?: unknown; extensions?: unknown };
  const persisted = (extensionsOf(extensions) as { persistedQuery?: { sha256Hash?: unknown } } | undefined)
    ?.persistedQuery;
  return {
    text: typeof query === 'string' && query !== '' ? query : undefined,
    hash: typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : undefined,
  };
}

/** The refusal of an operation the manifest does not hold, as GraphQL tells it; null when it may run. */
export function untrustedOperation(manifest: OperationManifest, named: Named): GraphQLError | null {
  if (named.hash !== undefined && manifest.textOf(named.hash) !== undefined) {
    // Apollo Server checks that text sent with a hash is the text of that hash.
    return null;
  }
  if (named.hash !== undefined && named.text === undefined) {
    return new GraphQLError('PersistedQueryNotFound', { extensions: { code: persistedQueryNotFound } });
  }
  if (named.text === undefined || manifest.holds(named.text)) return null;
  return new GraphQLError(
    "This operation is not one of the web client's: signed in with a session, send the hash of one of its " +
      'operations; to send operations of your own, use a bearer token (docs/clients.md).',
    { extensions: { code: persistedQueryNotInList } },
  );
}

/**
 * The /graphql middleware, before Apollo Server: a request without a bearer token may run the manifest's
 * operations only (by hash, or by their exact text), and is refused before anything is parsed otherwise.
 * A request that names no operation, or is no GraphQL request, is left to Apollo Server to refuse.
 */
export function trustedDocumentsOnly(manifest: OperationManifest): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const named = bearerOf(req) === undefined ? namedOperation(req) : null;
    const refusal = named && untrustedOperation(manifest, named);
    if (!refusal) {
      next();
      return;
    }
    const code = refusal.extensions.code;
    // As Apollo Server answers: a missing hash with 200, and in the GraphQL response media type when the client
    // accepts it, so that Apollo Client reads a refusal as GraphQL errors, not as an api it cannot reach.
    const type = req.accepts([graphqlResponseType, 'application/json']) || 'application/json';
    res
      .status(code === persistedQueryNotFound ? 200 : 400)
      .type(type)
      .send(JSON.stringify({ errors: [refusal.toJSON()] }));
  };
}
