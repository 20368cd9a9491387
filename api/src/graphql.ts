import { ApolloServer } from '@apollo/server';
import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { loadTypeDefs } from '@graphonic/schema';
import type { GraphQLFormattedError } from 'graphql';
import type { Config } from './config';
import type { Context } from './context';
import { operationLimits } from './limits/limits';
import { resolvers } from './modules';

/** What a client sees instead of an internal error's message in production. */
export const internalErrorMessage = 'Internal server error.';

const suggestion = / ?Did you mean(.+?)\?$/;

/** The Apollo Server that serves the schema in `schema/`. */
export function createGraphqlServer(config: Config): ApolloServer<Context> {
  const production = config.env === 'production';
  const limits = operationLimits<Context>(config.graphql.limits);
  return new ApolloServer<Context>({
    typeDefs: loadTypeDefs(),
    resolvers,
    // Production hides the schema and internals from strangers.
    introspection: config.graphql.introspection,
    includeStacktraceInErrorResponses: !production,
    // "Did you mean" suggestions in validation errors would reveal the schema piece by piece.
    hideSchemaDetailsFromClientErrors: production,
    // Rejects simple (non-preflighted) requests that a hostile page could send with the user's cookie.
    csrfPrevention: true,
    // Bounds the document's size before it is parsed into an AST.
    parseOptions: limits.parseOptions,
    // Depth, aliases and root fields are bounded at validation, before any resolver runs.
    validationRules: limits.validationRules,
    plugins: [
      // The estimated upstream cost is checked once variables are known, still before execution.
      limits.plugin,
      // Apollo's landing page loads from a CDN; the api serves its own playground instead.
      ApolloServerPluginLandingPageDisabled(),
    ],
    formatError: (formatted, error) => {
      const limit = limits.formatError(formatted, error);
      if (limit) return limit;
      return production ? formatProductionError(formatted, error) : formatted;
    },
  });
}

/** Production: no schema suggestions in any message, and no internal message reaches a client. */
function formatProductionError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  if (formatted.extensions?.code === ApolloServerErrorCode.INTERNAL_SERVER_ERROR) {
    // The real error may name files, hosts or upstream answers: it goes to the log only.
    console.error('GraphQL internal error:', unwrapResolverError(error));
    return {
      message: internalErrorMessage,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: ApolloServerErrorCode.INTERNAL_SERVER_ERROR },
    };
  }
  // Input coercion errors ("Did you mean the enum value …?") are not validation errors: strip them here too.
  return { ...formatted, message: formatted.message.replace(suggestion, '') };
}
