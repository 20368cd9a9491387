import { loadTypeDefs } from '@graphonic/schema';
import {
  buildSchema,
  Kind,
  print,
  specifiedRules,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import * as web from '../../../web/src/__generated__/graphql';
import { loadConfig } from '../config';
import { estimateCost } from '../limits/cost';
import { countTokens, measureOperation, operationLimitsRule } from '../limits/limits';
import { checkPageBounds } from './page-bounds';

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
      expect(validate(schema, document, [...specifiedRules, operationLimitsRule(limits)])).toEqual([]);
      expect(countTokens(print(document))).toBeLessThanOrEqual(limits.maxTokens);
      expect(estimateCost({ schema, document, operation })).toBeLessThanOrEqual(limits.maxCost);
      expect(checkPageBounds({ schema, document, operation })).toBeNull();
    },
  );

  it('leave room under the depth limit, even the deepest', () => {
    const depths = operations.map(({ document, operation }) => {
      const fragments = new Map(
        document.definitions
          .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
          .map((fragment) => [fragment.name.value, fragment]),
      );
      return measureOperation(operation, (name) => fragments.get(name)).depth;
    });
    expect(Math.max(...depths)).toBeLessThanOrEqual(limits.maxDepth);
  });
});
