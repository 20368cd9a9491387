import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { renderScreen } from '../search/test-support';
import CategoryPage, { CategoryPageQueryDocument } from './CategoryPage';

const categoryPage = <Route path="/category/:id" component={CategoryPage} />;

const playlist = (n: number) => ({
  __typename: 'PlaylistEdge',
  cursor: `c${String(n)}`,
  node: {
    __typename: 'Playlist',
    id: `p${String(n)}`,
    uri: `spotify:playlist:p${String(n)}`,
    name: `Jazz mix ${String(n)}`,
    images: [],
    owner: { __typename: 'User', id: 'editor', displayName: 'The Editors' },
  },
});

function jazz(from: number, count: number, total: number, playlists = true) {
  return {
    category: {
      __typename: 'Category',
      id: 'jazz',
      name: 'Jazz',
      playlists: playlists
        ? {
            __typename: 'PlaylistConnection',
            totalCount: total,
            edges: Array.from({ length: count }, (_, index) => playlist(from + index)),
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: from + count < total,
              endCursor: `c${String(from + count - 1)}`,
            },
          }
        : null,
    },
  };
}

describe('a browse category', () => {
  it("lists the category's playlists and loads more of them", async () => {
    const mocks: MockLink.MockedResponse[] = [
      { request: { query: CategoryPageQueryDocument, variables: { id: 'jazz' } }, result: { data: jazz(0, 20, 25) } },
      {
        request: { query: CategoryPageQueryDocument, variables: { id: 'jazz', after: 'c19' } },
        result: { data: jazz(20, 5, 25) },
      },
    ];
    renderScreen(categoryPage, { path: '/category/jazz', mocks, features: { browse: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz' })).toBeTruthy();
    expect(screen.getByText('25 playlists')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Playlists of Jazz' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    // Each card names its owner, whose profile it links to.
    expect(within(list).getAllByRole('link', { name: 'The Editors' })[0]?.getAttribute('href')).toBe('/user/editor');
    fireEvent.click(screen.getByRole('button', { name: 'More playlists' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'More playlists' })).toBeNull();
  });

  it('says so where the music service has no categories, without asking', async () => {
    let asked = false;
    const watch: MockLink.MockedResponse = {
      request: { query: CategoryPageQueryDocument, variables: () => true },
      result: () => {
        asked = true;
        return { data: jazz(0, 1, 1) };
      },
    };
    renderScreen(categoryPage, { path: '/category/jazz', mocks: [watch], features: { browse: false } });
    expect(screen.getByRole('heading', { name: 'Categories are not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search instead' }).getAttribute('href')).toBe('/search');
    await new Promise((done) => setTimeout(done, 50));
    expect(asked).toBe(false);
  });

  it('keeps the name when only the playlists are unavailable', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: CategoryPageQueryDocument, variables: { id: 'jazz' } },
        result: {
          data: jazz(0, 0, 0, false),
          errors: [
            new GraphQLError('no category playlists', {
              path: ['category', 'playlists'],
              extensions: { code: 'FEATURE_UNAVAILABLE' },
            }),
          ],
        },
      },
    ];
    renderScreen(categoryPage, { path: '/category/jazz', mocks, features: { browse: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Playlists are not available' })).toBeTruthy();
  });

  it('explains an unknown category', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: CategoryPageQueryDocument, variables: { id: 'jazz' } },
        result: { errors: [new GraphQLError('Unknown category id', { extensions: { code: 'NOT_FOUND' } })] },
      },
    ];
    renderScreen(categoryPage, { path: '/category/jazz', mocks, features: { browse: true } });
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeTruthy();
    expect(screen.queryByText('Unknown category id')).toBeNull();
  });
});
