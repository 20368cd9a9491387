import { GraphQLError } from 'graphql';
import type { RemovePlaylistItemsInput } from '../../__generated__/resolvers-types';
import type { Config } from '../../config';
import { featureUnavailable } from '../common/features';
import { parseUris } from '../me/uris';

/**
 * What `removePlaylistItems` asks of the music service. Every copy of each URI, as Spotify's 2026 API
 * removes; or, with `positions`, only the copies at those positions, as its older API did and the local
 * music service still does (docs/music-service.md). Spotify cannot remove one copy: rather than remove
 * them all and add the others back (two calls, of which the second may fail and lose the listener's
 * copies), nothing is sent, so that the listener is told first (decision 036).
 */

/** The most items one change of a playlist's items takes (the upstream's maximum). */
export const maxItemsPerChange = 100;
const itemTypes = new Set(['track', 'episode']);

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The body of a removal: `{ items: [{ uri, positions? }], snapshot_id? }`. */
export interface RemovalBody {
  items: { uri: string; positions?: number[] }[];
  snapshot_id?: string;
}

/** The positions of a removal: with exactly one URI, 1 to 100 of them, each from 0; null when left out. */
function removalPositions(positions: readonly number[] | null | undefined, uriCount: number): number[] | null {
  if (positions === null || positions === undefined) return null;
  if (uriCount !== 1) throw badInput('removePlaylistItems.input.positions: give exactly one URI with positions.');
  if (positions.length === 0 || positions.length > maxItemsPerChange) {
    throw badInput(`removePlaylistItems.input.positions: 1 to ${String(maxItemsPerChange)} positions.`);
  }
  if (positions.some((position) => position < 0)) {
    throw badInput('removePlaylistItems.input.positions: positions count from 0.');
  }
  return [...new Set(positions)];
}

/** Checks the input and answers the body to send to this provider; refuses what it cannot do as asked. */
export function removalBody(
  input: Pick<RemovePlaylistItemsInput, 'uris' | 'positions' | 'snapshotId'>,
  provider: Config['provider'],
): RemovalBody {
  const uris = parseUris(input.uris, itemTypes, { min: 1, max: maxItemsPerChange }, 'removePlaylistItems.input.uris');
  const positions = removalPositions(input.positions, uris.length);
  if (positions && provider !== 'local') {
    throw featureUnavailable('removing one copy of an item that a playlist holds more than once');
  }
  return {
    items: uris.map((uri) => ({ uri: uri.uri, ...(positions ? { positions } : {}) })),
    ...(input.snapshotId ? { snapshot_id: input.snapshotId } : {}),
  };
}
