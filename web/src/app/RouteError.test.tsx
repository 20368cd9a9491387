import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createConnection, setConnection } from '../connection';
import { chunkUrlOf, classifyChunkFailure, isChunkError, ScreenErrorBoundary } from './RouteError';
import { retryableLazy } from './screens';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/SearchPage-CApDJl4S.js',
);

describe('a screen whose code did not come', () => {
  it('is recognised by the browser’s words, with the module’s address', () => {
    expect(isChunkError(chunkError)).toBe(true);
    expect(chunkUrlOf(chunkError)).toBe('http://127.0.0.1:4000/assets/SearchPage-CApDJl4S.js');
    expect(isChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('waits for the connection when the server does not answer', async () => {
    const fetcher = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await classifyChunkFailure(chunkError, fetcher)).toBe('unreachable');
    expect(fetcher).toHaveBeenCalledWith('http://127.0.0.1:4000/assets/SearchPage-CApDJl4S.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });

  it('says a new version replaced it only when the server answers that it is gone', async () => {
    const gone = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 404 }));
    expect(await classifyChunkFailure(chunkError, gone)).toBe('updated');
    const failing = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 503 }));
    expect(await classifyChunkFailure(chunkError, failing)).toBe('unreachable');
    const there = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 200 }));
    expect(await classifyChunkFailure(chunkError, there)).toBe('again');
  });
});

describe('the screen boundary in an outage', () => {
  it('waits quietly for a screen whose code could not come, and shows it once the connection is back', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    // React reports the caught failure on the console; the screen is what counts here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
      const connection = createConnection({ probe: () => Promise.resolve(null) });
      setConnection(client, connection);
      const load = vi
        .fn<() => Promise<{ default: ComponentType }>>()
        .mockRejectedValueOnce(chunkError)
        .mockResolvedValue({ default: () => <h1>Search</h1> });
      const Screen = retryableLazy(load);
      render(
        <ApolloProvider client={client}>
          <ScreenErrorBoundary>
            <Suspense fallback={<p>Loading…</p>}>
              <Screen />
            </Suspense>
          </ScreenErrorBoundary>
        </ApolloProvider>,
      );
      expect(await screen.findByText('This screen loads by itself as soon as Graphonic can be reached.')).toBeTruthy();
      // It stands for the whole screen: it heads it.
      expect(screen.getByRole('heading', { level: 1, name: 'Waiting for the connection' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(/updated while you were here/)).toBeNull();
      await waitFor(() => expect(connection.get()).toMatchObject({ kind: 'unreachable', what: 'api' }));
      // Failed once, and not fetched again and again while the server is away.
      expect(load).toHaveBeenCalledTimes(1);

      act(() => connection.tryNow());
      expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
      connection.dispose();
    } finally {
      quiet.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
