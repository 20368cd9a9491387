import type { GraphQLFormattedError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from './config';
import type { Context } from './context';
import { createGraphqlServer, internalErrorMessage } from './graphql';

const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  MUSIC_CLIENT_SECRET: 'c'.repeat(32),
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
): Promise<{ status: number | undefined; errors: readonly GraphQLFormattedError[] | undefined; data: unknown }> {
  const config = loadConfig(env);
  const server = createGraphqlServer(config);
  await server.start();
  try {
    const response = await server.executeOperation({ query }, { contextValue: context ?? contextOf(config) });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return {
      status: response.http.status,
      errors: response.body.singleResult.errors,
      data: response.body.singleResult.data,
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

    it('gives no "Did you mean" suggestions', async () => {
      const { errors } = await execute(productionEnv, '{ upstream { nam } }');
      expect(errors?.[0]?.message).toBe('Cannot query field "nam" on type "Upstream".');
      expect(errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('replaces an internal message with a generic one and logs the real one, with no stack trace', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { errors } = await execute(productionEnv, '{ upstream { name } }', brokenContext());
      expect(errors).toEqual([
        {
          message: internalErrorMessage,
          locations: [{ line: 1, column: 3 }],
          path: ['upstream'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      expect(JSON.stringify(errors)).not.toMatch(/secret|stacktrace/);
      expect(log).toHaveBeenCalledWith(
        'GraphQL internal error:',
        expect.objectContaining({ message: 'disk /srv/secret is full' }),
      );
    });

    it('keeps the messages of expected errors, which carry their own code', async () => {
      const { errors } = await execute({ ...productionEnv, GRAPHQL_MAX_DEPTH: '1' }, '{ upstream { name } }');
      expect(errors?.[0]?.message).toMatch(/^Depth limit exceeded/);
      expect(errors?.[0]?.extensions).not.toHaveProperty('stacktrace');
    });
  });
});
