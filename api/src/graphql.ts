import { ApolloServer } from '@apollo/server';
import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { loadTypeDefs } from '@graphonic/schema';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Context } from './context';
import { operationLimits } from './limits/limits';
import { resolvers } from './modules';
import { knownOperationTypesRule } from './security/operation-types';
import { persistedQueryCache, type OperationManifest } from './security/trusted-documents';
import { wellFormedTextPlugin } from './security/well-formed-text';

/** What a client sees instead of an internal error's message in production. */
export const internalErrorMessage = 'Internal server error.';

const suggestion = / ?Did you mean(.+?)\?$/;

/** The schema in `schema/` with every domain's resolvers: one object, served over HTTP and the WebSocket. */
export function createExecutableSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers });
}

/** How every error of an answer is told to a client, over HTTP (Apollo's `formatError`) and the WebSocket alike. */
export type ErrorFormatter = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/** The api's error formatting: limit errors, coded request errors, and in production no internal message. */
export function errorFormatter(config: Config, logger: Logger): ErrorFormatter {
  const production = config.env === 'production';
  const limits = operationLimits<Context>(config.graphql.limits);
  return (formatted, error) => {
    const limit = limits.formatError(formatted, error);
    if (limit) return limit;
    const request = codedRequestError(formatted, error);
    if (request) return request;
    return production ? formatProductionError(formatted, error, logger) : formatted;
  };
}

/**
 * The Apollo Server that serves `schema` (the schema in `schema/`); internal errors go to `logger`. Persisted
 * queries are answered from the web client's `manifest` first (docs/decisions/048-trusted-documents.md).
 */
export function createGraphqlServer(
  config: Config,
  logger: Logger,
  schema: GraphQLSchema = createExecutableSchema(),
  manifest: OperationManifest | null = null,
): ApolloServer<Context> {
  const production = config.env === 'production';
  const limits = operationLimits<Context>(config.graphql.limits);
  const formatError = errorFormatter(config, logger);
  return new ApolloServer<Context>({
    schema,
    // Production hides the schema and internals from strangers.
    introspection: config.graphql.introspection,
    includeStacktraceInErrorResponses: !production,
    // "Did you mean" suggestions in validation errors would reveal the schema piece by piece.
    hideSchemaDetailsFromClientErrors: production,
    // Rejects simple (non-preflighted) requests that a hostile page could send with the user's cookie.
    csrfPrevention: true,
    // A hash names the web build's operation, whose text no client can replace; other clients' registrations
    // are checked by Apollo against their hash and kept in a bounded store.
    persistedQueries: { cache: persistedQueryCache(manifest) },
    // main.ts stops the process gracefully on SIGTERM (requests in flight first); Apollo must not stop on its own.
    stopOnTerminationSignals: false,
    // Bounds the document's size before it is parsed into an AST.
    parseOptions: limits.parseOptions,
    // Subscriptions (served on the WebSocket) and operation types the schema lacks are refused at validation,
    // before any resolver runs; they would otherwise fail in execution as internal errors.
    validationRules: [knownOperationTypesRule],
    plugins: [
      // Text that is not well-formed Unicode (a lone surrogate, which JSON allows) is refused before execution.
      wellFormedTextPlugin<Context>(),
      // Depth, aliases, root fields, page sizes and the estimated upstream cost, measured in one walk of the
      // operation once its variables are known: an operation over a bound runs nothing and calls no upstream.
      limits.plugin,
      // Apollo's landing page loads from a CDN; the api serves its own playground instead.
      ApolloServerPluginLandingPageDisabled(),
      // The schema sets no cache hints, so the cache-control plugin (installed by default) would only ever
      // answer `no-store`, at the price of a hook on every field resolved (about 5% of the processor time of a
      // screen's operation). app.ts sends `Cache-Control: no-store` on every /graphql answer instead.
      ApolloServerPluginCacheControlDisabled(),
    ],
    formatError,
  });
}

/**
 * Apollo Server refuses a few requests with HTTP 400 but no code (a persisted query whose hash does
 * not match its text), which would reach the client as INTERNAL_SERVER_ERROR: they are BAD_REQUEST.
 */
function codedRequestError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError | null {
  if (formatted.extensions?.code !== ApolloServerErrorCode.INTERNAL_SERVER_ERROR) return null;
  const extensions = error instanceof GraphQLError ? error.extensions : undefined;
  const http = extensions?.http as { status?: unknown } | undefined;
  if (extensions?.code !== undefined || http?.status !== 400) return null;
  return { ...formatted, extensions: { ...formatted.extensions, code: ApolloServerErrorCode.BAD_REQUEST } };
}

/** Production: no schema suggestions in any message, and no internal message reaches a client. */
function formatProductionError(
  formatted: GraphQLFormattedError,
  error: unknown,
  logger: Logger,
): GraphQLFormattedError {
  if (formatted.extensions?.code === ApolloServerErrorCode.INTERNAL_SERVER_ERROR) {
    // The real error may name files, hosts or upstream answers: it goes to the log only.
    logger.error({ err: unwrapResolverError(error), path: formatted.path }, 'GraphQL internal error');
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
