import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * Text in variables must be well-formed Unicode. JSON lets a request carry a lone surrogate
 * (`"\ud800"`), which no id, URI or name can hold and which `encodeURIComponent` refuses with a
 * URIError: left to the resolvers, it fails as an internal error. It is refused here with
 * BAD_USER_INPUT before anything runs. (The GraphQL parser already refuses one in a literal.)
 */

/** A surrogate code unit outside a pair: with the `u` flag, a pair is one code point and never matches. */
const loneSurrogate = /\p{Surrogate}/u;

/** Where the first string holding a lone surrogate sits among `variables` (`$input.uris[2]`), or null. */
export function firstMalformedText(variables: Readonly<Record<string, unknown>> | undefined): string | null {
  // Iterative: variables may nest as deep as the body limit allows.
  const pending: { value: unknown; path: string }[] = Object.entries(variables ?? {}).map(([name, value]) => ({
    value,
    path: `$${name}`,
  }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (loneSurrogate.test(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => pending.push({ value: item, path: `${path}[${index}]` }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: `${path}.${key}` });
    }
  }
  return null;
}

/** Refuses an operation whose variables hold text that is not well-formed Unicode, before execution. */
export function wellFormedTextPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request }) {
          const path = firstMalformedText(request.variables);
          if (path === null) return Promise.resolve();
          return Promise.reject(
            new GraphQLError(`${path} is not well-formed Unicode text: it holds a lone surrogate.`, {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            }),
          );
        },
      });
    },
  };
}
