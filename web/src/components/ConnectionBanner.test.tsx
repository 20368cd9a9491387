import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createConnection, setConnection, type Connection, type Unreachable } from '../connection';
import { ConnectionBanner, UnreachablePage } from './ConnectionBanner';
import { NotificationsProvider, useNotify } from './Notifications';
import { ErrorState } from './States';

const musicDown = new CombinedGraphQLErrors({
  data: { me: null },
  errors: [{ message: 'down', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
});

function withConnection(probe?: () => Promise<Unreachable | null>) {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  const connection: Connection = createConnection({ probe: () => probe?.() ?? Promise.resolve(null) });
  setConnection(client, connection);
  const wrap = (children: ReactNode) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  return { connection, wrap };
}

function Toast({ message }: { message: string }) {
  const notify = useNotify();
  useEffect(() => notify(message, 'error'), [notify, message]);
  return null;
}

describe('an outage on screen', () => {
  it('is one banner, in plain words, with Try now, once a try failed too, and gone once the connection is back', async () => {
    vi.useFakeTimers();
    try {
      let down = true;
      let answer: () => void = () => undefined;
      const { connection, wrap } = withConnection(
        () =>
          new Promise<Unreachable | null>((resolve) => {
            if (down) resolve('music');
            else answer = () => resolve(null);
          }),
      );
      render(wrap(<ConnectionBanner />));
      act(() => connection.failed('music'));
      // One failure: the screen that failed says it; the banner waits for a try.
      expect(screen.queryByRole('status')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByRole('status').textContent).toBe("Can't reach the music service.Retrying…Try now");

      down = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try now' }));
      expect(screen.getByRole('status').textContent).toContain('Trying again…');
      await act(async () => {
        answer();
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.queryByRole('status')).toBeNull();
      connection.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a first load cannot reach Graphonic, never that the listener is signed out', () => {
    const { connection, wrap } = withConnection();
    act(() => connection.failed('api'));
    render(wrap(<UnreachablePage what="api" />));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Graphonic is out of reach for now');
    expect(screen.getByRole('status').textContent).toContain("Can't reach Graphonic. Check your connection.");
    expect(screen.queryByText(/sign in/i)).toBeNull();
    connection.dispose();
  });

  it("leaves the message to the banner once it speaks: a screen's error waits quietly, and no toast stays on top", async () => {
    vi.useFakeTimers();
    try {
      const { connection, wrap } = withConnection(() => Promise.resolve('music'));
      render(
        wrap(
          <NotificationsProvider>
            <ErrorState error={musicDown} doing="load your library" retry={vi.fn()} />
            <Toast message="The music service is not answering right now. Try again in a moment." />
          </NotificationsProvider>,
        ),
      );
      act(() => connection.failed('music'));
      expect(screen.getByText(/not answering/, { selector: 'span' })).toBeTruthy();

      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.queryByText(/We could not load your library/)).toBeNull();
      expect(screen.getByText('This loads by itself as soon as the answers are back.')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Waiting for the connection' })).toBeTruthy();
      expect(screen.queryByText(/not answering/)).toBeNull();
      connection.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never says "not found" of what an outage left missing: it waits for the answers too', async () => {
    vi.useFakeTimers();
    try {
      const { connection, wrap } = withConnection(() => Promise.resolve('music'));
      render(wrap(<ErrorState error={undefined} doing="load your library" />));
      expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
      act(() => connection.failed('music'));
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.queryByRole('heading', { name: 'Not found' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Waiting for the connection' })).toBeTruthy();
      connection.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows errors as before while the connection is fine', () => {
    const { connection, wrap } = withConnection();
    render(
      wrap(
        <NotificationsProvider>
          <ErrorState error={musicDown} doing="load your library" retry={vi.fn()} />
          <Toast message="Could not save that." />
        </NotificationsProvider>,
      ),
    );
    expect(screen.getByText('We could not load your library.')).toBeTruthy();
    expect(screen.getByText('Could not save that.')).toBeTruthy();
    connection.dispose();
  });
});
