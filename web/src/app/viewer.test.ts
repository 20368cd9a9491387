import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it, vi } from 'vitest';
import type { ViewerQuery } from '../__generated__/graphql';
import type { ConnectionState } from '../connection';
import { viewerStatusOf, type Viewer } from './viewer';

const upstream = { provider: 'LOCAL', name: 'Graphonic Music' } as ViewerQuery['upstream'];
const me = { id: 'demo', displayName: 'Demo Listener' } as NonNullable<ViewerQuery['me']>;
const viewer: Viewer = { me, upstream };
const ok: ConnectionState = { kind: 'ok' };
const down: ConnectionState = { kind: 'unreachable', what: 'music', retryAt: 0, trying: false, attempts: 0 };
const coded = (code: string) =>
  new CombinedGraphQLErrors({
    data: { __typename: 'Query' as const, me: null, upstream },
    errors: [{ message: code, extensions: { code } }],
  });
const retry = vi.fn();

describe('what the shell shows for the viewer', () => {
  it('is signed in with a listener', () => {
    expect(
      viewerStatusOf(
        { data: { __typename: 'Query' as const, me, upstream }, error: undefined, loading: false },
        null,
        ok,
        retry,
      ),
    ).toEqual({
      kind: 'signed-in',
      viewer,
    });
  });

  it('is signed out only on the api’s word: no one without an error, or UNAUTHENTICATED', () => {
    expect(
      viewerStatusOf(
        { data: { __typename: 'Query' as const, me: null, upstream }, error: undefined, loading: false },
        null,
        ok,
        retry,
      ),
    ).toEqual({ kind: 'signed-out', upstream });
    const ended = {
      data: { __typename: 'Query' as const, me: null, upstream },
      error: coded('UNAUTHENTICATED'),
      loading: false,
    };
    expect(viewerStatusOf(ended, viewer, down, retry)).toEqual({ kind: 'signed-out', upstream });
  });

  it('is unreachable, never signed out, when the music service does not answer though the api does', () => {
    const answer = {
      data: { __typename: 'Query' as const, me: null, upstream },
      error: coded('UPSTREAM_UNAVAILABLE'),
      loading: false,
    };
    expect(viewerStatusOf(answer, null, down, retry)).toEqual({ kind: 'unreachable', what: 'music' });
  });

  it('is unreachable when the api cannot be reached at all', () => {
    const answer = { data: undefined, error: new TypeError('Failed to fetch'), loading: false };
    expect(viewerStatusOf(answer, null, ok, retry)).toEqual({ kind: 'unreachable', what: 'api' });
  });

  it('keeps the listener last seen through an outage, so that the screen stays', () => {
    const failed = {
      data: { __typename: 'Query' as const, me: null, upstream },
      error: coded('UPSTREAM_UNAVAILABLE'),
      loading: false,
    };
    expect(viewerStatusOf(failed, viewer, down, retry)).toEqual({ kind: 'signed-in', viewer });
    // A screen's failed query left a null in the cache: without its error, the outage still explains it.
    const leftover = { data: { __typename: 'Query' as const, me: null, upstream }, error: undefined, loading: false };
    expect(viewerStatusOf(leftover, viewer, down, retry)).toEqual({ kind: 'signed-in', viewer });
  });

  it('shows another failure as an error with a retry, not as signed out', () => {
    const answer = {
      data: { __typename: 'Query' as const, me: null, upstream },
      error: coded('INTERNAL_SERVER_ERROR'),
      loading: false,
    };
    expect(viewerStatusOf(answer, null, ok, retry)).toMatchObject({ kind: 'error', retry });
  });

  it('waits while the first answer is on its way', () => {
    expect(viewerStatusOf({ data: undefined, error: undefined, loading: true }, null, ok, retry)).toEqual({
      kind: 'loading',
    });
  });
});
