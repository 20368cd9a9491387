import { gql, type TypedDocumentNode } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../apollo';
import { NotificationsProvider } from '../components/Notifications';
import PlaylistDetailsDialog from './PlaylistDetailsDialog';
import { UpdatePlaylistDetailsMutation } from './usePlaylistDetails';

interface DetailsData {
  playlist: { __typename: 'Playlist'; id: string; name: string; description: string | null; public: boolean | null };
}

/** What the header, the sidebar and the library read of a playlist's details. */
const DetailsQuery: TypedDocumentNode<DetailsData, { id: string }> = gql`
  query PlaylistDetailsTest($id: ID!) {
    playlist(id: $id) {
      id
      name
      description
      public
    }
  }
`;

const playlist = {
  id: 'p1',
  name: 'Road trip',
  description: 'Old &amp; worn',
  public: false,
  collaborative: false,
  images: [],
};

function setup(mocks: MockLink.MockedResponse[]) {
  const cache = createCache();
  cache.writeQuery({
    query: DetailsQuery,
    variables: { id: 'p1' },
    data: {
      playlist: {
        __typename: 'Playlist',
        id: 'p1',
        name: playlist.name,
        description: playlist.description,
        public: playlist.public,
      },
    },
  });
  const onClose = vi.fn();
  render(
    <MockedProvider cache={cache} mocks={mocks} mockLinkDefaultOptions={{ delay: 30 }}>
      <NotificationsProvider>
        <PlaylistDetailsDialog open onClose={onClose} playlist={playlist} />
      </NotificationsProvider>
    </MockedProvider>,
  );
  const read = () => cache.readQuery({ query: DetailsQuery, variables: { id: 'p1' }, optimistic: true })?.playlist;
  return { onClose, read };
}

const update = (input: Record<string, unknown>): MockLink.MockedResponse['request'] => ({
  query: UpdatePlaylistDetailsMutation,
  variables: { input: { playlistId: 'p1', ...input } },
});

describe('editing the details of a playlist', () => {
  it('starts from the details as they are, with the description as text', () => {
    setup([]);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Road trip');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Old & worn');
    expect(screen.getByRole('switch', { name: 'Public' }).getAttribute('aria-checked')).toBe('false');
  });

  it('says what is wrong, field by field, and sends nothing', () => {
    const { onClose } = setup([]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(301) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the playlist a name.')).toBeTruthy();
    expect(screen.getByText('The description is 301 characters long; 300 at most.')).toBeTruthy();
    // The first field to fix has the focus, and its message is its description.
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByText('Give the playlist a name.').id);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves what changed, shown everywhere at once', async () => {
    const { onClose, read } = setup([
      {
        request: update({ name: 'Night drive', public: true }),
        result: {
          data: {
            updatePlaylistDetails: {
              __typename: 'UpdatePlaylistDetailsPayload',
              playlist: {
                __typename: 'Playlist',
                id: 'p1',
                name: 'Night drive',
                description: 'Old &amp; worn',
                public: true,
              },
            },
          },
        },
      },
    ]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Night drive ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(read()).toMatchObject({ name: 'Night drive', public: true });
    await waitFor(() => {
      expect(read()).toMatchObject({ name: 'Night drive', description: 'Old &amp; worn', public: true });
    });
  });

  it('rolls a refused change back, and says why', async () => {
    const { read } = setup([
      {
        request: update({ description: 'New words' }),
        result: { errors: [new GraphQLError('Not yours', { extensions: { code: 'FORBIDDEN' } })] },
      },
    ]);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(read()?.description).toBe('New words');
    expect(await screen.findByText('You are not allowed to save the details of Road trip.')).toBeTruthy();
    expect(read()?.description).toBe('Old &amp; worn');
  });
});
