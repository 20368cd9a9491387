import { loadTypeDefs } from '@graphonic/schema';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { knownOperationTypesRule } from './operation-types';

const schema = buildSchema(loadTypeDefs().join('\n'));

function check(query: string): string[] {
  return validate(schema, parse(query), [...specifiedRules, knownOperationTypesRule]).map((error) => error.message);
}

describe('operation types the schema lacks', () => {
  it('are refused at validation; queries and mutations pass', () => {
    expect(check('subscription { __typename }')).toEqual(['This API has no subscription operations.']);
    expect(check('subscription Live { __typename } query Now { __typename }')).toEqual([
      'This API has no subscription operations.',
    ]);
    expect(check('query { __typename }')).toEqual([]);
    expect(check('mutation { __typename }')).toEqual([]);
  });
});
