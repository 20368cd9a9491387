import { ApolloLink } from '@apollo/client/link';
import { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createCache } from '../apollo';
import { ViewerProvider, type Viewer } from '../app/viewer';
import { viewer, type Features } from '../testing/fixtures';
import { NotificationsProvider } from '../components/Notifications';
import { PlayerStateQuery } from '../player/operations';
import { PlayerProvider } from '../player/PlayerProvider';

/** Screens' component tests: a signed-in listener, the app's cache, and an address that can be read. */

// The message alone: printing these screens' DOM trips over happy-dom.
configure({
  getElementError: (message) => new Error(message ?? 'No such element.'),
  // A busy machine runs these slowly: waiting longer costs nothing when all goes well.
  asyncUtilTimeout: 5000,
});

const noFeatures: Features = {
  recommendations: false,
  audioFeatures: false,
  browse: false,
  relatedArtists: false,
  artistTopTracks: false,
  otherUsers: false,
  extendedMetadata: false,
};

/** The demo listener on a free account (the player asks nothing of a device), with the features given. */
export function testViewer(features: Partial<Features> = {}): Viewer {
  return viewer({ product: 'FREE', provider: 'SPOTIFY', features: { ...noFeatures, ...features } });
}

/** Nothing plays: the player's own question, answered for every test. */
const idlePlayer: MockLink.MockedResponse = {
  request: { query: PlayerStateQuery },
  result: { data: { player: { __typename: 'Player', state: null } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

interface ScreenOptions {
  path: string;
  mocks?: MockLink.MockedResponse[];
  features?: Partial<Features>;
  /** Comes before the mocks: a link that holds some answers back (see `holdOperations`). */
  hold?: ApolloLink;
}

/** Renders a screen at an address; `current()` is the address now. */
export function renderScreen(screen: ReactNode, { path, mocks = [], features, hold }: ScreenOptions) {
  const location = memoryLocation({ path, record: true });
  const mockLink = new MockLink([idlePlayer, ...mocks]);
  render(
    <MockedProvider link={hold ? ApolloLink.from([hold, mockLink]) : mockLink} cache={createCache()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ViewerProvider viewer={testViewer(features)}>
          <NotificationsProvider>
            <PlayerProvider>{screen}</PlayerProvider>
          </NotificationsProvider>
        </ViewerProvider>
      </Router>
    </MockedProvider>,
  );
  const current = () => location.history.at(-1);
  return { location, current };
}
