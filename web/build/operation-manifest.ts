import { createHash } from 'node:crypto';
import { InMemoryCache } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Kind, visit, type DocumentNode } from 'graphql';

/**
 * The manifest of the web client's GraphQL operations (docs/decisions/048-trusted-documents.md): each
 * operation the build ships, by the hex SHA-256 of its text, the text being exactly what Apollo Client sends
 * for it (its cache adds `__typename` to every selection below the root, and the client drops its own
 * directives before sending). The api runs a cookie session's operations from this file alone in production.
 */

/** The manifest's file name, beside index.html in the build (the api reads it from there). */
export const operationManifestFile = 'graphql-operations.json';

/**
 * The directives Apollo Client takes out of a document before sending it (its `serverQuery`): a document
 * with one of them would be sent as other text than its own, so the manifest refuses it rather than guess.
 */
const clientDirectives = new Set(['client', 'connection', 'nonreactive', 'unmask']);

/** What Apollo Client sends as `query` for `document`: its cache's transform (`__typename` added), printed. */
export function wireTextOf(document: DocumentNode, cache = new InMemoryCache()): string {
  visit(document, {
    Directive(directive) {
      if (clientDirectives.has(directive.name.value)) {
        throw new Error(
          `@${directive.name.value} is a directive of Apollo Client, which it removes before sending: ` +
            'the operation manifest does not write such documents.',
        );
      }
    },
  });
  return print(cache.transformDocument(document));
}

/** The persisted query protocol's `sha256Hash`: the hex SHA-256 of the text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whether a generated document holds an operation (a fragment's own document is no operation). */
export function isOperation(document: DocumentNode): boolean {
  return document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION);
}

/** The manifest of `documents`' operations, hash → text, in a stable order. */
export function operationManifest(documents: Iterable<DocumentNode>): Record<string, string> {
  const cache = new InMemoryCache();
  const entries = [...documents]
    .filter(isOperation)
    .map((document) => wireTextOf(document, cache))
    .map((text) => [sha256Hex(text), text] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries);
}
