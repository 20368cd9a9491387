import { specifiedRules, type GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createExecutableSchema } from '../graphql';
import { operationTypesRule } from '../security/operation-types';
import { checkDocument } from './websocket';

const schema = createExecutableSchema();
const limits = loadConfig({}).graphql.limits;
const rules = [...specifiedRules, operationTypesRule('websocket')];
const codes = (answer: ReturnType<typeof checkDocument>) =>
  Array.isArray(answer) ? answer.map((error: GraphQLError) => error.extensions.code) : 'accepted';

describe("a subscription's document, held as an HTTP request's is", () => {
  it('accepts a subscription within the limits', () => {
    const answer = checkDocument(schema, limits, rules, { query: 'subscription Live { player { devices { id } } }' });
    expect(codes(answer)).toBe('accepted');
  });

  it('answers each fault with its own code', () => {
    expect(codes(checkDocument(schema, limits, rules, { query: 'subscription {' }))).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(codes(checkDocument(schema, limits, rules, { query: 'subscription { nothing }' }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    // Queries go over HTTP.
    expect(codes(checkDocument(schema, limits, rules, { query: '{ me { id } }' }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    const two = 'subscription A { player { devices { id } } } subscription B { player { devices { id } } }';
    expect(codes(checkDocument(schema, limits, rules, { query: two }))).toEqual(['OPERATION_RESOLUTION_FAILURE']);
    expect(
      codes(
        checkDocument(schema, limits, rules, {
          query: 'subscription Live($d: ID) { player(deviceId: $d) { devices { id } } }',
          variables: { d: '\ud800' },
        }),
      ),
    ).toEqual(['BAD_USER_INPUT']);
    const huge = `subscription { ${Array.from({ length: limits.maxTokens }, () => 'player { devices { id } }').join(' ')} }`;
    expect(codes(checkDocument(schema, limits, rules, { query: huge }))).toEqual(['GRAPHQL_PARSE_FAILED']);
  });
});
