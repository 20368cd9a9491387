import type { GraphQLFormattedError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productionSecrets } from '../../test-support/secrets';
import { loadConfig, type Config } from './config';
import type { Context } from './context';
import { createGraphqlServer, internalErrorMessage } from './graphql';
import { createLogger } from './ops/logger';

const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: productionSecrets.session,
  MUSIC_CLIENT_SECRET: productionSecrets.client,
};

/** Only `upstream` is in the schema these tests may rely on, and it reads nothing but the config. */
function contextOf(config: Config): Context {
  return { config } as unknown as Context;
}

/** A context whose config cannot tell the provider: `upstream` fails with an internal error. */
function brokenContext(): Context {
  const config = Object.defineProperty({ ...loadConfig({}) }, 'provider', {
    get(): never {
      throw new Error('disk /srv/secret is full');
    },
  });
  return contextOf(config);
}

async function execute(
  env: NodeJS.ProcessEnv,
  query: string,
  context?: Context,
  variables?: Record<string, unknown>,
  extensions?: Record<string, unknown>,
): Promise<{
  status: number | undefined;
  errors: readonly GraphQLFormattedError[] | undefined;
  data: unknown;
  /** The response's HTTP headers. */
  headers: Map<string, string>;
  /** What the server logged, one JSON line each. */
  logged: string[];
}> {
  const config = loadConfig(env);
  const logged: string[] = [];
  const logger = createLogger({ level: 'info', service: 'api', destination: { write: (line) => logged.push(line) } });
  const server = createGraphqlServer(config, logger);
  await server.start();
  try {
    const response = await server.executeOperation(
      { query, variables, extensions },
      { contextValue: context ?? contextOf(config) },
    );
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return {
      status: response.http.status,
      errors: response.body.singleResult.errors,
      data: response.body.singleResult.data,
      headers: response.http.headers,
      logged,
    };
  } finally {
    await server.stop();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createGraphqlServer', () => {
  it('applies the configured operation limits with the validation code', async () => {
    const env = { GRAPHQL_MAX_DEPTH: '1', GRAPHQL_MAX_ROOT_FIELDS: '1' };
    const { status, errors } = await execute(env, '{ upstream { name } }');
    expect(status).toBe(400);
    expect(errors).toHaveLength(1);
    expect(errors?.[0]).toMatchObject({
      message: 'Depth limit exceeded: the operation is 2 fields deep and the limit is 1.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'depth', value: 2, maximum: 1 },
    });
    const cost = await execute({ GRAPHQL_MAX_COST: '1' }, '{ a: upstream { name } b: upstream { name } }');
    expect(cost.errors?.[0]?.message).toBe(
      "Cost limit exceeded: the operation's estimated upstream cost is 2 and the limit is 1.",
    );
    const tokens = await execute({ GRAPHQL_MAX_TOKENS: '100' }, `{ ${'__typename '.repeat(120)}}`);
    expect(tokens.errors?.[0]?.message).toBe(
      'Token limit exceeded: the operation has 122 tokens and the limit is 100.',
    );
  });

  it('refuses a subscription over HTTP at validation (the WebSocket serves them), not as an internal error', async () => {
    for (const env of [{ NODE_ENV: 'test' }, productionEnv]) {
      const { status, errors } = await execute(env, 'subscription { player { devices { id } } }');
      expect(status).toBe(400);
      expect(errors).toMatchObject([
        {
          message:
            'Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP.',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ]);
    }
  });

  it('refuses a lone surrogate in a variable with BAD_USER_INPUT before any resolver runs', async () => {
    for (const env of [{ NODE_ENV: 'test' }, productionEnv]) {
      // A resolver would fail in encodeURIComponent; with brokenContext(), it would fail in any case.
      const query = 'query($id: ID!) { track(id: $id) { id } }';
      const { status, data, errors } = await execute(env, query, brokenContext(), { id: 'a\ud83d' });
      expect(status).toBe(400);
      expect(data).toBeUndefined();
      expect(errors).toMatchObject([
        {
          message: '$id is not well-formed Unicode text: it holds a lone surrogate.',
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ]);
    }
  });

  it('gives BAD_REQUEST to a persisted query whose hash does not match it, which Apollo leaves without a code', async () => {
    for (const env of [{ NODE_ENV: 'test' }, productionEnv]) {
      const { status, errors } = await execute(env, '{ upstream { name } }', undefined, undefined, {
        persistedQuery: { version: 1, sha256Hash: 'abc' },
      });
      expect(status).toBe(400);
      expect(errors).toMatchObject([
        { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } },
      ]);
    }
  });

  it('runs without the cache-control plugin, which would only ever answer no-store', async () => {
    // Installed, the plugin sets `cache-control: no-store` on every answer (the schema gives no hints);
    // the api sends that header itself (app.test.ts) without a hook on every field.
    for (const env of [{ NODE_ENV: 'test' }, productionEnv]) {
      const { data, headers } = await execute(env, '{ upstream { name } }');
      expect(data).toEqual({ upstream: { name: 'Graphonic Music' } });
      expect(headers.get('cache-control')).toBeUndefined();
    }
  });

  it('answers the standard introspection query outside production', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const { errors, data } = await execute({ NODE_ENV: 'test' }, getIntrospectionQuery());
    expect(errors).toBeUndefined();
    expect(data).toHaveProperty('__schema');
  });

  it('keeps suggestions and internal messages outside production, for developers', async () => {
    const typo = await execute({ NODE_ENV: 'test' }, '{ upstream { nam } }');
    expect(typo.errors?.[0]?.message).toMatch(/Did you mean "name"\?/);
    const broken = await execute({ NODE_ENV: 'test' }, '{ upstream { name } }', brokenContext());
    expect(broken.errors?.[0]?.message).toBe('disk /srv/secret is full');
  });

  describe('in production', () => {
    it('refuses introspection unless enabled', async () => {
      const refused = await execute(productionEnv, '{ __schema { queryType { name } } }');
      expect(refused.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const enabled = await execute(
        { ...productionEnv, GRAPHQL_INTROSPECTION: 'true' },
        '{ __schema { queryType { name } } }',
      );
      expect(enabled.errors).toBeUndefined();
    });

    it('refuses __type as well as __schema, and still answers __typename', async () => {
      const type = await execute(productionEnv, '{ __type(name: "Track") { fields { name } } }');
      expect(type.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(type.data).toBeUndefined();
      const typename = await execute(productionEnv, '{ __typename }');
      expect(typename).toMatchObject({ errors: undefined, data: { __typename: 'Query' } });
    });

    it('gives no "Did you mean" suggestions', async () => {
      const { errors } = await execute(productionEnv, '{ upstream { nam } }');
      expect(errors?.[0]?.message).toBe('Cannot query field "nam" on type "Upstream".');
      expect(errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('gives no suggestion anywhere: arguments, types, enum values in literals and in variables', async () => {
      const cases: [string, Record<string, unknown>?][] = [
        ['{ search(quer: "a", types: [TRACK]) { __typename } }'],
        ['query($t: [SearchTyp!]!) { search(query: "a", types: $t) { __typename } }'],
        ['{ search(query: "a", types: [TRAK]) { __typename } }'],
        ['query($t: [SearchType!]!) { search(query: "a", types: $t) { __typename } }', { t: ['TRAK'] }],
        ['{ upstream { ... on Upstrem { name } } }'],
      ];
      for (const [query, variables] of cases) {
        const outside = await execute({ NODE_ENV: 'test' }, query, undefined, variables);
        // The same mistakes do get suggestions for developers, so the check below is not empty.
        expect(outside.errors?.map((error) => error.message).join(' ')).toMatch(/Did you mean/);
        const { errors } = await execute(productionEnv, query, undefined, variables);
        expect(errors?.length).toBeGreaterThan(0);
        for (const error of errors ?? []) {
          expect(error.message).not.toMatch(/Did you mean|TRACK"|"SearchType"\?|"query"\?/);
        }
      }
    });

    it('sends no stack trace with any kind of error', async () => {
      const failures: [string, Record<string, unknown>?][] = [
        ['{ upstream { name '],
        ['{ upstream { nam } }'],
        ['query($t: [SearchType!]!) { search(query: "a", types: $t) { __typename } }', { t: 'x' }],
        ['{ album(id: "a") { tracks(first: 51) { totalCount } } }'],
      ];
      for (const [query, variables] of failures) {
        const developer = await execute({ NODE_ENV: 'test' }, query, undefined, variables);
        expect(developer.errors?.[0]?.extensions).toHaveProperty('stacktrace');
        const { errors } = await execute(productionEnv, query, undefined, variables);
        expect(errors?.length).toBeGreaterThan(0);
        expect(JSON.stringify(errors)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
      }
      const internal = await execute(productionEnv, '{ upstream { name } }', brokenContext());
      expect(JSON.stringify(internal.errors)).not.toMatch(/stacktrace|\.ts:\d+|node_modules|secret/);
      expect(internal.logged.join('')).toMatch(/GraphQL internal error/);
    });

    it('replaces an internal message with a generic one and logs the real one, with no stack trace', async () => {
      const { errors, logged } = await execute(productionEnv, '{ upstream { name } }', brokenContext());
      expect(errors).toEqual([
        {
          message: internalErrorMessage,
          locations: [{ line: 1, column: 3 }],
          path: ['upstream'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      expect(JSON.stringify(errors)).not.toMatch(/secret|stacktrace/);
      const lines = logged.map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } });
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: 'GraphQL internal error',
          err: expect.objectContaining({ message: 'disk /srv/secret is full' }) as unknown,
        }),
      );
    });

    it('keeps the messages of expected errors, which carry their own code', async () => {
      const { errors } = await execute({ ...productionEnv, GRAPHQL_MAX_DEPTH: '1' }, '{ upstream { name } }');
      expect(errors?.[0]?.message).toMatch(/^Depth limit exceeded/);
      expect(errors?.[0]?.extensions).not.toHaveProperty('stacktrace');
    });
  });
});
