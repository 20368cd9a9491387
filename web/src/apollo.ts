import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/** One client for the app: same-origin GraphQL with the session cookie. */
export function createApolloClient(uri = '/graphql'): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({
      uri,
      credentials: 'same-origin',
      // Apollo Server's CSRF prevention accepts requests that carry this header.
      headers: { 'apollo-require-preflight': 'true' },
    }),
    cache: new InMemoryCache(),
  });
}
