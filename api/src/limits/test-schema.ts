import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDir } from '@graphonic/schema';

/** A small music schema of its own, so that these tests do not depend on the domain files. */
export const testSdl = `
${readFileSync(join(schemaDir, 'limits.graphql'), 'utf8')}
type Query {
  upstream: Upstream!
  album(id: ID!): Album
  albums(first: Int = 20 @pageSize(max: 50), after: String): AlbumConnection!
  "Only \`@pageSize\` bounds an argument; a description is for people."
  search(q: String!, "How many tracks, from 1 to 5." limit: Int = 10): [Track!]!
  unsized: [Track!]!
  tracks(ids: [ID!]!): [Track]!
  recommendations(seed: ID!, count: Int = 5): [Track!]! @cost(weight: 3, multipliers: ["count"])
  featured: Album @cost(weight: 0)
  node(id: ID!): Node
  version: String!
}
type Mutation { play(id: ID!): Boolean @cost(weight: 2) }
type Upstream { name: String! }
interface Node { id: ID! }
type Album implements Node {
  id: ID!
  name: String!
  genres: [String!]
  artists: [Artist!]!
  tracks("How many tracks, from 1 to 100." first: Int = 50 @pageSize(min: 2, max: 50), after: String): TrackConnection!
}
type Artist implements Node { id: ID! name: String! albums(first: Int = 10): AlbumConnection! }
type Track implements Node { id: ID! name: String! album: Album! }
type AlbumConnection { edges: [AlbumEdge!]! pageInfo: PageInfo! totalCount: Int }
type AlbumEdge { cursor: String! node: Album! }
type TrackConnection { edges: [TrackEdge!]! pageInfo: PageInfo! }
type TrackEdge { cursor: String! node: Track! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
`;
