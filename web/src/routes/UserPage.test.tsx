import type { MockLink } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { renderScreen } from '../search/test-support';
import UserPage, { UserPageQueryDocument } from './UserPage';

const userPage = (
  <Switch>
    <Route path="/user/:id" component={UserPage} />
    <Route path="/profile">
      <h1>Your profile</h1>
    </Route>
  </Switch>
);

const failing = (code: string): MockLink.MockedResponse => ({
  request: { query: UserPageQueryDocument, variables: { id: 'someone' } },
  result: { errors: [new GraphQLError('refused', { extensions: { code } })] },
  delay: 10,
});

describe("another listener's profile", () => {
  it('shows their name, followers and public playlists', async () => {
    const found: MockLink.MockedResponse = {
      request: { query: UserPageQueryDocument, variables: { id: 'someone' } },
      result: {
        data: {
          user: {
            __typename: 'User',
            id: 'someone',
            displayName: 'Some One',
            images: [],
            followersCount: 12,
            playlists: {
              __typename: 'PlaylistConnection',
              totalCount: 1,
              edges: [
                {
                  __typename: 'PlaylistEdge',
                  cursor: 'p0',
                  node: {
                    __typename: 'Playlist',
                    id: 'p1',
                    uri: 'spotify:playlist:p1',
                    name: 'Road Trip',
                    images: [],
                    owner: { __typename: 'User', id: 'someone', displayName: 'Some One' },
                  },
                },
              ],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'p0' },
            },
          },
        },
      },
      delay: 10,
    };
    renderScreen(userPage, { path: '/user/someone', mocks: [found], features: { otherUsers: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Some One' })).toBeTruthy();
    expect(screen.getByText('1 public playlist · 12 followers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Road Trip' }).getAttribute('href')).toBe('/playlist/p1');
  });

  it('says so in plain words where the music service shows no one else, without asking', async () => {
    let asked = false;
    const watch: MockLink.MockedResponse = {
      request: { query: UserPageQueryDocument, variables: () => true },
      result: () => {
        asked = true;
        return { errors: [new GraphQLError('refused', { extensions: { code: 'FEATURE_UNAVAILABLE' } })] };
      },
    };
    renderScreen(userPage, { path: '/user/someone', mocks: [watch], features: { otherUsers: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Profiles are not available' })).toBeTruthy();
    expect(screen.getByText(/does not show other listeners/)).toBeTruthy();
    await new Promise((done) => setTimeout(done, 50));
    expect(asked).toBe(false);
  });

  it('says the same when the music service turns the profile down', async () => {
    renderScreen(userPage, {
      path: '/user/someone',
      mocks: [failing('FEATURE_UNAVAILABLE')],
      features: { otherUsers: true },
    });
    expect(await screen.findByRole('heading', { name: 'Profiles are not available' })).toBeTruthy();
  });

  it('explains an unknown listener', async () => {
    renderScreen(userPage, { path: '/user/someone', mocks: [failing('NOT_FOUND')], features: { otherUsers: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Listener not found' })).toBeTruthy();
  });

  it("opens one's own profile on the profile screen", () => {
    const { current } = renderScreen(userPage, { path: '/user/demo', features: { otherUsers: true } });
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeTruthy();
    expect(current()).toBe('/profile');
  });
});
