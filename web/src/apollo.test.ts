import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { keepChangesLink } from './apollo';

/** The fetch options each operation reached the network with. */
function sentOptions(document: ReturnType<typeof gql>): Promise<RequestInit | undefined> {
  let seen: RequestInit | undefined;
  const network = new ApolloLink((operation) => {
    seen = (operation.getContext() as { fetchOptions?: RequestInit }).fetchOptions;
    return new Observable((observer) => {
      observer.next({ data: {} });
      observer.complete();
    });
  });
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  return new Promise((resolve, reject) => {
    ApolloLink.execute(keepChangesLink.concat(network), { query: document }, { client }).subscribe({
      complete: () => {
        resolve(seen);
      },
      error: reject,
    });
  });
}

describe('the link to the api', () => {
  it('sends a change so that it outlives the page (a reload right after a click)', async () => {
    expect(await sentOptions(gql('mutation Unlike { removeFromLibrary(input: {}) { __typename } }'))).toEqual({
      keepalive: true,
    });
  });

  it('leaves reads as they are: the next page asks again', async () => {
    expect(await sentOptions(gql('query Me { me { id } }'))).toBeUndefined();
  });
});
