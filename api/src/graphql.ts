import { ApolloServer } from '@apollo/server';
import { loadTypeDefs } from '@graphonic/schema';
import type { Config } from './config';
import type { Context } from './context';
import { commonResolvers } from './modules/common/resolvers';

/** The Apollo Server that serves the schema in `schema/`. */
export function createGraphqlServer(config: Config): ApolloServer<Context> {
  const production = config.env === 'production';
  return new ApolloServer<Context>({
    typeDefs: loadTypeDefs(),
    resolvers: [commonResolvers],
    // Production hides the schema and internals from strangers.
    introspection: !production,
    includeStacktraceInErrorResponses: !production,
    // Rejects simple (non-preflighted) requests that a hostile page could send with the user's cookie.
    csrfPrevention: true,
  });
}
