import { describe, expect, it } from 'vitest';
import { publicPlaylistsOf } from './playlists';

const edge = (id: string, owner: string, isPublic: boolean | null) => ({
  node: { id, public: isPublic, owner: { id: owner } },
});

describe("a listener's public playlists", () => {
  it('keeps the public playlists they own, in their order', () => {
    const edges = [
      edge('mine-public', 'demo', true),
      edge('followed', 'graphonic', true),
      edge('mine-private', 'demo', false),
      edge('unknown', 'demo', null),
      edge('mine-too', 'demo', true),
    ];
    expect(publicPlaylistsOf('demo', edges).map(({ node }) => node.id)).toEqual(['mine-public', 'mine-too']);
  });
});
