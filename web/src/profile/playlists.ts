/** The edges of playlists that a listener owns and shows on their profile (public), in their order. */
export function publicPlaylistsOf<Edge extends { node: { public?: boolean | null; owner: { id: string } } }>(
  ownerId: string,
  edges: readonly Edge[],
): Edge[] {
  // Followed playlists are someone else's; private and collaborative ones are not on the profile.
  return edges.filter(({ node }) => node.owner.id === ownerId && node.public === true);
}
