import { loadTypeDefs } from '@graphonic/schema';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { knownOperationTypesRule, operationTypesRule } from './operation-types';

const schema = buildSchema(loadTypeDefs().join('\n'));
const withoutSubscriptions = buildSchema('type Query { a: Int } type Mutation { b: Int }');

function check(query: string, rule = knownOperationTypesRule, against = schema): string[] {
  return validate(against, parse(query), [...specifiedRules, rule]).map((error) => error.message);
}

describe('operation types per transport', () => {
  it('over HTTP: queries and mutations pass, a subscription is sent to the WebSocket', () => {
    const websocket =
      'Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP.';
    expect(check('subscription { player { devices { id } } }')).toEqual([websocket]);
    expect(check('subscription Live { player { devices { id } } } query Now { __typename }')).toEqual([websocket]);
    expect(check('query { __typename }')).toEqual([]);
    expect(check('mutation { __typename }')).toEqual([]);
  });

  it('over the WebSocket: subscriptions pass, queries and mutations are sent to HTTP', () => {
    const rule = operationTypesRule('websocket');
    expect(check('subscription { player { devices { id } } }', rule)).toEqual([]);
    expect(check('query { __typename }', rule)).toEqual([
      'The WebSocket at /graphql serves subscriptions only: send query operations over HTTP (POST /graphql).',
    ]);
    expect(check('mutation { __typename }', rule)).toEqual([
      'The WebSocket at /graphql serves subscriptions only: send mutation operations over HTTP (POST /graphql).',
    ]);
  });

  it('refuses an operation type the schema lacks on either transport', () => {
    expect(check('subscription { __typename }', knownOperationTypesRule, withoutSubscriptions)).toEqual([
      'This API has no subscription operations.',
    ]);
    expect(check('subscription { __typename }', operationTypesRule('websocket'), withoutSubscriptions)).toEqual([
      'This API has no subscription operations.',
    ]);
  });
});
