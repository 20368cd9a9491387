import { loadTypeDefs } from '@graphonic/schema';
import { buildSchema, Kind, print, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as web from '../../../web/src/__generated__/graphql';
import { loadConfig } from '../config';
import { countTokens, operationErrors } from '../limits/limits';
import { measureOperation } from '../limits/operation';

/**
 * The operation limits must never refuse the app's own client: every operation the web client
 * ships (as codegen wrote them down) passes the production defaults, page sizes included.
 */

const schema = buildSchema(loadTypeDefs().join('\n'));
const { limits } = loadConfig({}).graphql;

function isDocument(value: unknown): value is DocumentNode {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;
}

/** Every operation of the web client, with the fragments its document carries. */
const operations = Object.entries(web as Record<string, unknown>)
  .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
  .flatMap(([name, document]) =>
    document.definitions
      .filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
      .map((operation) => ({ name, document, operation })),
  );

describe('the web client’s operations', () => {
  it('are there to check', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it.each(operations.map((entry) => [entry.name, entry] as const))(
    '%s passes every operation limit at the production defaults',
    (_name, { document, operation }) => {
      expect(validate(schema, document)).toEqual([]);
      expect(countTokens(print(document))).toBeLessThanOrEqual(limits.maxTokens);
      const measure = measureOperation({ schema, document, operation });
      expect(measure.cost).toBeLessThanOrEqual(limits.maxCost);
      expect(measure.pageSize).toBeNull();
      expect(operationErrors(measure, limits)).toEqual([]);
    },
  );

  it('leave room under the depth limit, even the deepest', () => {
    const depths = operations.map(({ document, operation }) => measureOperation({ schema, document, operation }).depth);
    expect(Math.max(...depths)).toBeLessThanOrEqual(limits.maxDepth);
  });
});
