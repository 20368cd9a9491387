import type { V1PlayHistory, V1Track } from '../../music/v1';

/**
 * The parents of the me domain's own GraphQL types (mapped in codegen.ts): what their resolvers
 * receive.
 */

/** One play of the listener's history, with its place in the list. */
export interface PlayHistoryEdgeParent {
  cursor: string;
  node: V1Track;
  playedAt: string;
  /** What the track was played from, as the upstream describes it (type and URI). */
  context: NonNullable<V1PlayHistory['context']> | null;
}

/** The kinds of item a library change concerns. */
export type LibraryItemType = 'track' | 'album' | 'show' | 'episode' | 'artist';

/** What a library change (save, remove, follow, unfollow) changed: ids by type, in input order. */
export interface LibraryChangeParent {
  ids: Record<LibraryItemType, string[]>;
}
