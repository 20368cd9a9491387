/**
 * Prints the listener's name and playlists, read from the Graphonic api with a music access token:
 *
 *   GRAPHONIC_TOKEN=… npm start                 (in examples/typed-client)
 *   GRAPHONIC_API_URL=http://127.0.0.1:4000/graphql is the default address.
 */
import { pathToFileURL } from 'node:url';
import { createGraphonicClient, type GraphonicClient } from './client';
import { ListenerPlaylistsQuery } from './operations';

/** Writes the listener's name and their first page of playlists through `write`, a line at a time. */
export async function printListener(client: GraphonicClient, write: (line: string) => void): Promise<void> {
  const { me } = await client.request(ListenerPlaylistsQuery, { first: 50 });
  if (!me) throw new Error('The api does not know whom this token belongs to.');
  write(`${me.displayName ?? me.id} (${me.id})`);
  const { totalCount, nodes } = me.playlists;
  write(
    `${String(totalCount)} playlist${totalCount === 1 ? '' : 's'}${nodes.length < totalCount ? `, the first ${String(nodes.length)}` : ''}:`,
  );
  for (const playlist of nodes) {
    const owner = playlist.owner.id === me.id ? 'yours' : `by ${playlist.owner.displayName ?? playlist.owner.id}`;
    write(`  ${playlist.name} (${owner}${playlist.public === false ? ', private' : ''})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const token = process.env.GRAPHONIC_TOKEN;
  if (!token) {
    console.error(
      'Set GRAPHONIC_TOKEN to a music access token: npm run music -- token --user NAME --scopes "…" (see docs/clients.md).',
    );
    process.exit(2);
  }
  const client = createGraphonicClient({
    url: process.env.GRAPHONIC_API_URL ?? 'http://127.0.0.1:4000/graphql',
    token,
  });
  await printListener(client, (line) => {
    console.log(line);
  });
}
