import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import {
  buildSchema,
  defaultFieldResolver,
  getIntrospectionQuery,
  getOperationAST,
  parse,
  type GraphQLFormattedError,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  countTokens,
  limitMessage,
  operationErrors,
  operationLimits,
  standardIntrospectionDepth,
  type OperationLimits,
} from './limits';
import { measureOperation, type OperationMeasure } from './operation';
import { testSdl } from './test-schema';

const schema = buildSchema(testSdl);

function measureAll(query: string): OperationMeasure {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  return measureOperation({ schema, document, operation });
}

/** The shape of an operation: what its cost and page sizes aside are measured on. */
function measure(query: string) {
  const { depth, introspectionDepth, aliases, rootFields } = measureAll(query);
  return { depth, introspectionDepth, aliases, rootFields };
}

describe('measureOperation', () => {
  it('measures depth, aliases and root fields', () => {
    expect(measure('{ version }')).toEqual({ depth: 1, introspectionDepth: 0, aliases: 0, rootFields: 1 });
    expect(measure('{ a: album(id: "a") { n: name artists { name } } upstream { name } }')).toEqual({
      depth: 3,
      introspectionDepth: 0,
      aliases: 2,
      rootFields: 2,
    });
  });

  it('expands named and inline fragments, counting aliases once per spread', () => {
    const query = `
      { ...Root ... on Query { b: album(id: "b") { ...Deep } } }
      fragment Root on Query { version a: album(id: "a") { ...Deep } }
      fragment Deep on Album { x: name artists { ... on Artist { y: name } } }
    `;
    expect(measure(query)).toEqual({ depth: 3, introspectionDepth: 0, aliases: 2 + 2 * 2, rootFields: 3 });
  });

  it('measures introspection apart from the operation’s own fields', () => {
    expect(measure('{ upstream { name } __schema { types { fields { name } } } }')).toEqual({
      depth: 2,
      introspectionDepth: 4,
      aliases: 0,
      rootFields: 2,
    });
    expect(standardIntrospectionDepth).toBeGreaterThan(12);
  });

  it('ends on cyclic fragments', () => {
    const query = '{ album(id: "a") { ...A } } fragment A on Album { artists { ...B } } fragment B on Artist { ...A }';
    expect(measure(query).depth).toBe(2);
  });
});

describe('operationErrors', () => {
  const limits = { maxDepth: 3, maxAliases: 2, maxRootFields: 2, maxCost: 1000 };
  const errors = (query: string) => operationErrors(measureAll(query), limits).map((error) => error.message);

  it('accepts an operation within every bound', () => {
    expect(errors('{ a: album(id: "a") { b: name artists { name } } upstream { name } }')).toEqual([]);
  });

  it('names the limit, the measured value and the bound', () => {
    expect(errors('{ album(id: "a") { artists { albums { totalCount } } } }')).toEqual([limitMessage('depth', 4, 3)]);
    expect(errors('{ a: version b: version c: version }')).toEqual([
      limitMessage('aliases', 3, 2),
      limitMessage('rootFields', 3, 2),
    ]);
    expect(limitMessage('depth', 4, 3)).toBe(
      'Depth limit exceeded: the operation is 4 fields deep and the limit is 3.',
    );
  });

  it('lets the standard introspection query through, but bounds introspection depth too', () => {
    expect(errors(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, oneOf: true }))).toEqual([]);
    let deep = 'name';
    for (let level = 0; level < standardIntrospectionDepth; level += 1) deep = `ofType { ${deep} }`;
    expect(errors(`{ __type(name: "Album") { ${deep} } }`)).toEqual([
      limitMessage('introspectionDepth', standardIntrospectionDepth + 2, standardIntrospectionDepth),
    ]);
  });
});

describe('countTokens', () => {
  it('counts tokens as the parser does, without comments', () => {
    expect(countTokens('{ upstream { name } } # a comment')).toBe(6);
    expect(countTokens('{ a(x: "unterminated }')).toBe(5);
  });
});

describe('the limits in Apollo Server', () => {
  const limits: OperationLimits = { maxDepth: 5, maxAliases: 3, maxRootFields: 3, maxTokens: 1000, maxCost: 30 };
  const { plugin, parseOptions, formatError } = operationLimits(limits);
  let resolved: string[] = [];
  const album = { id: 'a', name: 'An album', genres: [], artists: [{ id: 'r', name: 'An artist' }] };
  const server = new ApolloServer({
    typeDefs: testSdl,
    plugins: [plugin],
    parseOptions,
    formatError: (formatted, error) => formatError(formatted, error) ?? formatted,
    // Records every field that runs, so that a refused operation can be shown to have run nothing.
    fieldResolver: (source, args, context, info) => {
      resolved.push(`${info.parentType.name}.${info.fieldName}`);
      return defaultFieldResolver(source, args, context, info);
    },
    rootValue: {
      version: '1',
      upstream: { name: 'Graphonic Music' },
      album: () => album,
      albums: () => ({ edges: [{ cursor: 'c', node: album }], pageInfo: { hasNextPage: false }, totalCount: 1 }),
    },
  });

  beforeAll(async () => {
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(() => {
    resolved = [];
  });

  async function run(query: string, variables?: Record<string, unknown>) {
    const response: GraphQLResponse = await server.executeOperation({ query, variables });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return { status: response.http.status, result: response.body.singleResult };
  }

  /** The one error of a refused operation: the limit's message, the validation code and HTTP 400. */
  async function refused(query: string, variables?: Record<string, unknown>): Promise<GraphQLFormattedError> {
    const { status, result } = await run(query, variables);
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors ?? [];
    if (!error) throw new Error('expected an error');
    expect(error.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    return error;
  }

  it('runs an operation within every bound', async () => {
    const { result } = await run('{ a: album(id: "a") { name artists { name } } }');
    expect(result.errors).toEqual(undefined);
    expect(result.data).toEqual({ a: { name: 'An album', artists: [{ name: 'An artist' }] } });
    expect(resolved.length).toBeGreaterThan(0);
  });

  it.each([
    ['depth', '{ album(id: "a") { artists { albums { edges { node { name } } } } } }', limitMessage('depth', 6, 5)],
    ['aliases', '{ album(id: "a") { a: name b: name c: name d: name } }', limitMessage('aliases', 4, 3)],
    ['root fields', '{ version upstream { name } a: version b: version }', limitMessage('rootFields', 4, 3)],
    ['cost', '{ albums(first: 40) { edges { node { artists { name } } } } }', limitMessage('cost', 41, 30)],
  ])('refuses an operation over the %s limit, and nothing runs', async (_limit, query, message) => {
    const error = await refused(query);
    expect(error.message).toBe(message);
    expect(Object.keys(error.extensions ?? {}).sort()).toEqual(['code', 'limit', 'maximum', 'value']);
    expect(resolved).toEqual([]);
  });

  it('refuses an operation over the token limit with the real count, and nothing runs', async () => {
    const query = `{ ${Array.from({ length: 1100 }, () => 'version').join(' ')} }`;
    const error = await refused(query);
    expect(error.message).toBe(limitMessage('tokens', 1102, 1000));
    expect(error.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'tokens',
      value: 1102,
      maximum: 1000,
    });
    expect(resolved).toEqual([]);
  });

  it('costs variables and fragments once they are known, before anything runs', async () => {
    const query = `query($n: Int) { albums(first: $n) { edges { node { ...Parts } } } }
      fragment Parts on Album { artists { name } }`;
    expect((await refused(query, { n: 40 })).message).toBe(limitMessage('cost', 41, 30));
    expect(resolved).toEqual([]);
    const { result } = await run(query, { n: 2 });
    expect(result.errors).toBeUndefined();
  });

  it('refuses a page size out of its @pageSize bounds with BAD_USER_INPUT, and nothing runs', async () => {
    const { status, result } = await run('query($n: Int) { albums(first: $n) { totalCount } }', { n: 51 });
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Query.albums: first must be between 1 and 50, got 51.',
        locations: [{ line: 1, column: 18 }],
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);
    expect(resolved).toEqual([]);
  });

  it('answers the first error only: the shape of the operation, then its page sizes, then its cost', async () => {
    // Too deep, a page of 500 and a cost of 501: the depth is what to fix first.
    const deep = '{ albums(first: 500) { edges { node { artists { albums { totalCount } } } } } }';
    expect((await refused(deep)).message).toBe(limitMessage('depth', 6, 5));
    // A page of 500 over a cost of 501: the page size is what made it cost that much.
    const { result } = await run('{ albums(first: 500) { edges { node { artists { name } } } } }');
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(resolved).toEqual([]);
  });

  it('measures the operation it runs, not the others of its document', async () => {
    const document = `query Deep { album(id: "a") { artists { albums { edges { node { name } } } } } }
      query Shallow { album(id: "a") { name } }`;
    const response = await server.executeOperation({ query: document, operationName: 'Shallow' });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    expect(response.body.singleResult.errors).toBeUndefined();
    expect(response.body.singleResult.data).toEqual({ album: { name: 'An album' } });
  });

  it('answers the standard introspection query', async () => {
    const { result } = await run(getIntrospectionQuery());
    expect(result.errors).toBeUndefined();
  });
});
