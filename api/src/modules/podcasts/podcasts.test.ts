import { expect, it } from 'vitest';
import { describeGraphql } from '../../__fixtures__/graphql';
import { answered, calls, codes, cursorAt, field } from '../catalog/test-support';

/** Shows and episodes are cached across requests: each test reads ones no earlier test read. */
describeGraphql('podcasts', (fixture) => {
  const development = fixture.profile === 'development';

  async function showsWithEpisodes(): Promise<{ id: string; episodes: { id: string; name: string }[] }[]> {
    const { rows: shows } = await fixture.db.query<{ id: string }>('SELECT id FROM shows ORDER BY id');
    const result = [];
    for (const show of shows) {
      const { rows } = await fixture.db.query<{ id: string; name: string }>(
        'SELECT id, name FROM episodes WHERE show_id = $1 ORDER BY release_date DESC, id',
        [show.id],
      );
      result.push({ id: show.id, episodes: rows });
    }
    return result;
  }

  it('reads a show and pages its episodes, each episode knowing its show without a call', async () => {
    const listener = await fixture.listener();
    const [show] = await showsWithEpisodes();
    const result = await listener.query(
      `query($id: ID!, $after: String) { show(id: $id) {
        id uri name publisher description images { url } explicit languages totalEpisodes
        episodes(first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes {
          id uri name description durationMs releaseDate explicit images { url } audioPreviewUrl
          show { id name } resumePoint { fullyPlayed resumePositionMs }
        } }
        more: episodes(first: 2, after: $after) { pageInfo { hasNextPage hasPreviousPage } nodes { id } }
      } }`,
      { id: show?.id, after: cursorAt(1) },
    );
    expect(result.errors).toEqual([]);
    const episodes = show?.episodes ?? [];
    expect(field(result, 'show')).toMatchObject({
      id: show?.id,
      uri: `spotify:show:${String(show?.id)}`,
      description: expect.any(String) as unknown,
      languages: expect.any(Array) as unknown,
      totalEpisodes: episodes.length,
      episodes: {
        totalCount: episodes.length,
        pageInfo: { hasNextPage: episodes.length > 2, endCursor: cursorAt(1) },
        nodes: episodes.slice(0, 2).map((episode) => ({
          id: episode.id,
          name: episode.name,
          show: { id: show?.id },
          resumePoint: { fullyPlayed: false, resumePositionMs: 0 },
        })),
      },
      more: { pageInfo: { hasPreviousPage: true }, nodes: episodes.slice(2, 4).map((episode) => ({ id: episode.id })) },
    });
    if (development) {
      expect(field(result, 'show', 'publisher')).toBeNull();
      // The full show embeds its first episodes: one call answers both pages.
      expect(answered(result)).toEqual([`GET /v1/shows/${String(show?.id)}`]);
    } else {
      expect(typeof field(result, 'show', 'publisher')).toBe('string');
      // The multi-get answers simplified shows, without episodes: one call for the episodes, for both pages.
      expect(calls(result)).toEqual([
        'GET /v1/shows',
        `GET /v1/shows/${String(show?.id)}/episodes`,
        `GET /v1/shows/${String(show?.id)}/episodes`,
      ]);
    }
  });

  it('reads an episode and its show in one call', async () => {
    const listener = await fixture.listener();
    const shows = await showsWithEpisodes();
    const episode = shows[1]?.episodes[0];
    const result = await listener.query(
      `query($id: ID!) { episode(id: $id) {
        id name description durationMs releaseDate explicit audioPreviewUrl resumePoint { fullyPlayed }
        show { id name publisher totalEpisodes languages }
      } }`,
      { id: episode?.id },
    );
    expect(result.errors).toEqual([]);
    expect(field(result, 'episode')).toMatchObject({
      id: episode?.id,
      name: episode?.name,
      show: { id: shows[1]?.id, totalEpisodes: shows[1]?.episodes.length },
    });
    expect(answered(result)).toEqual([development ? `GET /v1/episodes/${String(episode?.id)}` : 'GET /v1/episodes']);
  });

  it('answers NOT_FOUND for unknown ids, BAD_USER_INPUT for malformed ids and page sizes', async () => {
    const listener = await fixture.listener();
    const unknown = await listener.query(
      '{ show(id: "0000000000000000000000") { id } episode(id: "0000000000000000000000") { id } }',
    );
    expect(unknown.data).toEqual({ show: null, episode: null });
    expect(codes(unknown)).toEqual(['NOT_FOUND', 'NOT_FOUND']);

    const malformed = await listener.query('{ show(id: "x") { id } episode(id: "y") { id } }');
    expect(codes(malformed)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(calls(malformed)).toEqual([]);

    const [show] = await showsWithEpisodes();
    const tooMany = await listener.query('query($id: ID!) { show(id: $id) { episodes(first: 51) { totalCount } } }', {
      id: show?.id,
    });
    expect(codes(tooMany)).toEqual(['BAD_USER_INPUT']);
  });
});
