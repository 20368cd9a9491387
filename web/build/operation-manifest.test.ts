import { ApolloClient, HttpLink } from '@apollo/client';
import { parse, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createCache, persistedOperationsLink } from '../src/apollo';
import * as generated from '../src/__generated__/graphql';
import { isOperation, operationManifest, sha256Hex, wireTextOf } from './operation-manifest';

/** Every document codegen wrote (operations and fragments), as the build inlines them. */
const documents = Object.values(generated).filter(
  (value): value is DocumentNode => typeof value === 'object' && 'definitions' in value,
);

interface Sent {
  method: string;
  query: string | undefined;
  hash: string | undefined;
}

/** A client as the app makes it (its cache, the persisted operations link, HTTP), whose network records what it sent. */
function recordingClient(answer: (sent: Sent) => object): { client: ApolloClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(address, 'http://127.0.0.1');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const params = init?.method === 'GET' ? Object.fromEntries(url.searchParams) : body;
    const extensions = (typeof params.extensions === 'string' ? JSON.parse(params.extensions) : params.extensions) as
      | { persistedQuery?: { sha256Hash?: string } }
      | undefined;
    const one: Sent = {
      method: init?.method ?? 'GET',
      query: typeof params.query === 'string' ? params.query : undefined,
      hash: extensions?.persistedQuery?.sha256Hash,
    };
    sent.push(one);
    return Promise.resolve(Response.json(answer(one)));
  };
  const link = persistedOperationsLink(globalThis.crypto).concat(new HttpLink({ uri: '/graphql', fetch }));
  return { client: new ApolloClient({ link, cache: createCache() }), sent };
}

describe('the operation manifest', () => {
  it('holds each operation once, by the SHA-256 of its text, and no fragment on its own', () => {
    const manifest = operationManifest(documents);
    expect(Object.keys(manifest)).toHaveLength(documents.filter(isOperation).length);
    for (const [hash, text] of Object.entries(manifest)) expect(sha256Hex(text)).toBe(hash);
    const fragment = documents.find((document) => !isOperation(document));
    expect(fragment).toBeDefined();
    expect(operationManifest(fragment ? [fragment] : [])).toEqual({});
  });

  it('writes the text Apollo Client sends: __typename below the root, the fragments it uses', () => {
    const text = wireTextOf(parse('query Me { me { id ...Name } } fragment Name on Me { displayName }'));
    expect(text).toBe(
      'query Me {\n  me {\n    id\n    ...Name\n    __typename\n  }\n}\n\nfragment Name on Me {\n  displayName\n  __typename\n}',
    );
  });

  it('refuses a document that Apollo Client would send as other text (a directive of its own)', () => {
    expect(() => wireTextOf(parse('query Me { me { id @client } }'))).toThrow(/@client is a directive of Apollo/);
  });

  it("names each of the app's queries by the hash the client sends, over GET and without its text", async () => {
    const manifest = operationManifest(documents);
    const { client, sent } = recordingClient(() => ({ data: { me: null } }));
    await client.query({ query: generated.ConnectionProbeDocument, fetchPolicy: 'no-cache' });
    expect(sent).toEqual([{ method: 'GET', query: undefined, hash: expect.any(String) as string }]);
    expect(manifest[sent[0]?.hash ?? '']).toBe(wireTextOf(generated.ConnectionProbeDocument));
  });

  it('sends a mutation by its hash too, over POST', async () => {
    const manifest = operationManifest(documents);
    const { client, sent } = recordingClient(() => ({ data: { pausePlayback: null } }));
    await client.mutate({ mutation: generated.PausePlaybackDocument, variables: { input: {} } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.query).toBeUndefined();
    expect(manifest[sent[0]?.hash ?? '']).toBeDefined();
  });

  it('sends the text as before where the browser has no Web Crypto (plain http beyond this machine)', async () => {
    const sent: (string | undefined)[] = [];
    const link = persistedOperationsLink({}).concat(
      new HttpLink({
        uri: '/graphql',
        fetch: (_input, init) => {
          const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string }) : {};
          sent.push(body.query);
          return Promise.resolve(Response.json({ data: { me: null } }));
        },
      }),
    );
    const client = new ApolloClient({ link, cache: createCache() });
    await client.query({ query: generated.ConnectionProbeDocument, fetchPolicy: 'no-cache' });
    expect(sent).toEqual([wireTextOf(generated.ConnectionProbeDocument)]);
  });

  it('sends the text the manifest holds, once, when the api does not know the hash', async () => {
    const manifest = operationManifest(documents);
    const { client, sent } = recordingClient((one) =>
      one.query === undefined
        ? { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }
        : { data: { me: null } },
    );
    await client.query({ query: generated.ConnectionProbeDocument, fetchPolicy: 'no-cache' });
    expect(sent.map((one) => one.method)).toEqual(['GET', 'POST']);
    const retry = sent[1];
    expect(retry?.hash).toBe(sent[0]?.hash);
    expect(manifest[retry?.hash ?? '']).toBe(retry?.query);
  });
});
