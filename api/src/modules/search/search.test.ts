import { expect, it } from 'vitest';
import { describeGraphql } from '../../__fixtures__/graphql';
import { answered, calls, codes, cursorAt, field } from '../catalog/test-support';

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  nodes: { id: string; name: string }[];
}

describeGraphql('search', (fixture) => {
  const development = fixture.profile === 'development';

  /** A word of a track's name that several tracks share. */
  async function commonWord(): Promise<string> {
    const { rows } = await fixture.db.query<{ word: string }>(
      `SELECT lower(w) AS word FROM tracks, regexp_split_to_table(name, '\\s+') AS w
       WHERE length(w) >= 4 AND w ~ '^[A-Za-z]+$' GROUP BY lower(w) ORDER BY count(*) DESC, lower(w) LIMIT 1`,
    );
    return rows[0]?.word ?? 'love';
  }

  it('searches every type in one call; the full tracks and artists it returns need no further call', async () => {
    const listener = await fixture.listener();
    const word = await commonWord();
    const result = await listener.query(
      `query($q: String!) { search(query: $q, types: [TRACK, ALBUM, ARTIST, PLAYLIST, SHOW, EPISODE], first: 3) {
        tracks { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id name popularity album { name } artists { name } } }
        albums { totalCount nodes { id name albumType artists { name } } }
        artists { totalCount nodes { id name images { url } } }
        playlists { totalCount nodes { id name } }
        shows { totalCount nodes { id name } }
        episodes { totalCount nodes { id name } }
      } }`,
      { q: word },
    );
    expect(result.errors).toEqual([]);
    const tracks = field<Page>(result, 'search', 'tracks');
    expect(tracks.nodes.length).toBeGreaterThan(0);
    expect(tracks.nodes.length).toBeLessThanOrEqual(3);
    expect(tracks.nodes[0]?.name.toLowerCase()).toContain(word);
    expect(tracks.pageInfo).toMatchObject({ hasPreviousPage: false, endCursor: cursorAt(tracks.nodes.length - 1) });
    for (const type of ['albums', 'artists', 'playlists', 'shows', 'episodes']) {
      expect(field<Page | null>(result, 'search', type)).toMatchObject({ totalCount: expect.any(Number) as unknown });
    }
    if (development) expect(field(result, 'search', 'tracks', 'nodes', 0, 'popularity')).toBeNull();
    expect(calls(result)).toEqual(['GET /v1/search']);
  });

  it('answers null for the types not asked, and pages with after', async () => {
    const listener = await fixture.listener();
    const word = await commonWord();
    const document = `query($q: String!, $first: Int, $after: String) {
      search(query: $q, types: [TRACK, TRACK], first: $first, after: $after) {
        tracks { totalCount pageInfo { hasNextPage hasPreviousPage } nodes { id } } albums { totalCount }
      } }`;
    const all = await listener.query(document, { q: word, first: 4 });
    const second = await listener.query(document, { q: word, first: 2, after: cursorAt(1) });
    expect(all.errors).toEqual([]);
    expect(field(all, 'search', 'albums')).toBeNull();
    const allNodes = field<Page>(all, 'search', 'tracks').nodes;
    const page = field<Page>(second, 'search', 'tracks');
    expect(page.nodes).toEqual(allNodes.slice(2, 4));
    expect(page.pageInfo.hasPreviousPage).toBe(true);
    expect(calls(all)).toEqual(['GET /v1/search']);
    expect(calls(second)).toEqual(['GET /v1/search']);
  });

  it('fetches the episodes a search found only when their show is asked, in one batch', async () => {
    const listener = await fixture.listener();
    const { rows } = await fixture.db.query<{ word: string; show: string }>(
      `SELECT lower(split_part(e.name, ' ', 2)) AS word, s.name AS show FROM episodes e JOIN shows s ON s.id = e.show_id
       ORDER BY e.id LIMIT 1`,
    );
    const result = await listener.query(
      'query($q: String!) { search(query: $q, types: [EPISODE], first: 10) { episodes { nodes { id show { name } } } } }',
      { q: rows[0]?.word ?? '' },
    );
    expect(result.errors).toEqual([]);
    const episodes = field<{ id: string; show: { name: string } }[]>(result, 'search', 'episodes', 'nodes');
    expect(episodes.length).toBeGreaterThan(0);
    if (development) {
      expect(answered(result)).toEqual([
        'GET /v1/search',
        ...episodes.map((episode) => `GET /v1/episodes/${episode.id}`),
      ]);
    } else {
      expect(calls(result)).toEqual(['GET /v1/search', 'GET /v1/episodes']);
    }
  });

  it('refuses bad input before calling the upstream', async () => {
    const listener = await fixture.listener();
    const bad = [
      '{ search(query: "love", types: [TRACK], first: 11) { tracks { totalCount } } }',
      '{ search(query: "love", types: [TRACK], first: 0) { tracks { totalCount } } }',
      '{ search(query: "love", types: []) { tracks { totalCount } } }',
      '{ search(query: "   ", types: [TRACK]) { tracks { totalCount } } }',
      `{ search(query: "love", types: [TRACK], after: "${cursorAt(1000)}") { tracks { totalCount } } }`,
      '{ search(query: "love", types: [TRACK], after: "not a cursor") { tracks { totalCount } } }',
    ];
    for (const document of bad) {
      const result = await listener.query(document);
      expect(codes(result)).toEqual(['BAD_USER_INPUT']);
      expect(calls(result)).toEqual([]);
    }
  });
});
