import { beforeAll, expect, it } from 'vitest';
import { issueTokens } from '../accounts/service';
import { jpegHeaders, sampleJpeg } from '../v1/__fixtures__/images';
import { describeService } from '../v1/__fixtures__/service';

const scopes = ['playlist-read-private', 'playlist-modify-public', 'playlist-modify-private'];

await describeService('playlists', (service) => {
  let editorial: string;
  let tracks: string[];
  let episodes: string[];

  beforeAll(async () => {
    editorial =
      (await service.db.query<{ id: string }>("SELECT id FROM playlists WHERE owner_id = 'graphonic' LIMIT 1")).rows[0]
        ?.id ?? '';
    tracks = (await service.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 10')).rows.map(
      (row) => row.id,
    );
    episodes = (await service.db.query<{ id: string }>('SELECT id FROM episodes ORDER BY id LIMIT 2')).rows.map(
      (row) => row.id,
    );
  });

  const track = (n: number) => `spotify:track:${tracks[n] ?? ''}`;
  const episode = (n: number) => `spotify:episode:${episodes[n] ?? ''}`;
  type Call = Awaited<ReturnType<typeof service.listener>>['call'];
  /** The URIs of a playlist's items, in order. */
  const uris = async (call: Call, playlistId: string): Promise<string[]> => {
    const page = await call('GET', `/playlists/${playlistId}/items?limit=50`);
    expect(page.status).toBe(200);
    return (page.body.items as { item: { uri: string } }[]).map((entry) => entry.item.uri);
  };
  const newPlaylist = async (call: Call, body: Record<string, unknown> = {}, items: string[] = []) => {
    const created = await call('POST', '/me/playlists', { name: 'Mix', ...body });
    expect(created.status).toBe(201);
    const playlistId = String(created.body.id);
    if (items.length > 0)
      expect((await call('POST', `/playlists/${playlistId}/items`, { uris: items })).status).toBe(201);
    return playlistId;
  };

  const listener = (granted = scopes) => service.listener(granted);

  it('read an editorial playlist and page its items', async () => {
    const { call } = await listener();
    const playlist = await call('GET', `/playlists/${editorial}`);
    expect(playlist.body).toMatchObject({ id: editorial, owner: { id: 'graphonic' }, public: true });
    const total = (playlist.body.items as { total: number }).total;
    const page = await call('GET', `/playlists/${editorial}/items?limit=5&offset=2`);
    expect(page.body).toMatchObject({ limit: 5, offset: 2, total });
    expect((page.body.items as unknown[]).length).toBe(5);
    expect((await call('GET', `/playlists/${editorial}/items?limit=51`)).status).toBe(400);
  });

  it('show every change at the next read, made here or by another process', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(2)]);
    expect(await uris(call, playlistId)).toEqual([track(0), track(1), track(2)]);
    // Through the API (a new snapshot), then as another process sharing the store would.
    expect((await call('PUT', `/playlists/${playlistId}/items`, { range_start: 2, insert_before: 0 })).status).toBe(
      200,
    );
    expect(await uris(call, playlistId)).toEqual([track(2), track(0), track(1)]);
    await service.db.transaction(async (tx) => {
      await tx.query('DELETE FROM playlist_items WHERE playlist_id = $1 AND position = 0', [playlistId]);
      await tx.query('UPDATE playlist_items SET position = position - 1 WHERE playlist_id = $1', [playlistId]);
      await tx.query("UPDATE playlists SET snapshot_id = 'changed-elsewhere' WHERE id = $1", [playlistId]);
    });
    expect(await uris(call, playlistId)).toEqual([track(0), track(1)]);
    const full = await call('GET', `/playlists/${playlistId}`);
    expect((full.body.items as { items: { item: { uri: string } }[] }).items.map((entry) => entry.item.uri)).toEqual([
      track(0),
      track(1),
    ]);
  });

  it('are created, filled at a position, and listed as the creator own', async () => {
    const { id, call } = await listener();
    const created = await call('POST', '/me/playlists', {
      name: 'Road trip',
      description: 'Windows down',
      public: false,
    });
    expect(created.status).toBe(201);
    const playlistId = String(created.body.id);
    const before = String(created.body.snapshot_id);
    const uri = (n: number) => `spotify:track:${tracks[n] ?? ''}`;
    expect((await call('POST', `/playlists/${playlistId}/items`, { uris: [uri(0), uri(1)] })).status).toBe(201);
    const added = await call('POST', `/playlists/${playlistId}/items`, { uris: [uri(2)], position: 1 });
    expect(added.body.snapshot_id).not.toBe(before);
    const items = await call('GET', `/playlists/${playlistId}/items`);
    expect(
      (items.body.items as { item: { id: string }; added_by: { id: string } }[]).map((item) => item.item.id),
    ).toEqual([tracks[0], tracks[2], tracks[1]]);
    const mine = await call('GET', '/me/playlists');
    expect(mine.body).toMatchObject({ total: 1, items: [{ id: playlistId, public: false, owner: { id } }] });
  });

  it('keep private playlists private and refuse bad input with nothing written', async () => {
    const owner = await listener();
    const stranger = await listener();
    const created = await owner.call('POST', '/me/playlists', { name: 'Secret', public: false });
    const playlistId = String(created.body.id);
    expect((await stranger.call('GET', `/playlists/${playlistId}`)).status).toBe(404);
    expect(
      (await stranger.call('POST', `/playlists/${playlistId}/items`, { uris: [`spotify:track:${tracks[0] ?? ''}`] }))
        .status,
    ).toBe(404);
    const unknownTrack = await owner.call('POST', `/playlists/${playlistId}/items`, {
      uris: [`spotify:track:${tracks[0] ?? ''}`, `spotify:track:${'Z'.repeat(22)}`],
    });
    expect(unknownTrack.status).toBe(400);
    expect(((await owner.call('GET', `/playlists/${playlistId}/items`)).body as { total: number }).total).toBe(0);
    expect((await owner.call('POST', '/me/playlists', { name: '' })).status).toBe(400);
    // Text the store cannot hold is the client's mistake, not the service's failure.
    expect((await owner.call('POST', '/me/playlists', { name: 'a\u0000b' })).status).toBe(400);
    expect((await owner.call('POST', '/me/playlists', { name: 'x', description: '\u0000' })).status).toBe(400);
    expect((await owner.call('POST', '/me/playlists', { name: 'x', public: true, collaborative: true })).status).toBe(
      400,
    );
    const readOnly = await listener(['playlist-read-private']);
    expect((await readOnly.call('POST', '/me/playlists', { name: 'Nope' })).status).toBe(403);
  });

  it('hide other people items from development-mode apps', async () => {
    const { call } = await service.listener(scopes, { profile: 'development' });
    expect((await call('GET', `/playlists/${editorial}/items`, undefined, 'development')).status).toBe(403);
    const theirs = await call('GET', `/playlists/${editorial}`, undefined, 'development');
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toHaveProperty('items');
    const own = await call('POST', '/me/playlists', { name: 'Mine' }, 'development');
    expect((await call('GET', `/playlists/${String(own.body.id)}/items`, undefined, 'development')).status).toBe(200);
    expect((await call('GET', `/playlists/${String(own.body.id)}`, undefined, 'development')).body).toHaveProperty(
      'items',
    );
  });

  it('answer only the fields asked for, on both profiles, and refuse a malformed filter', async () => {
    for (const profile of ['full', 'development'] as const) {
      const { call } = await service.listener(scopes, { profile });
      const created = await call('POST', '/me/playlists', { name: 'Filtered' }, profile);
      const playlistId = String(created.body.id);
      expect(
        (await call('POST', `/playlists/${playlistId}/items`, { uris: [track(0), episode(0)] }, profile)).status,
      ).toBe(201);
      const filtered = await call(
        'GET',
        `/playlists/${playlistId}?fields=${encodeURIComponent('name,items.total,items.items(item(uri,type))')}`,
        undefined,
        profile,
      );
      expect(filtered.status).toBe(200);
      expect(filtered.body).toEqual({
        name: 'Filtered',
        items: {
          items: [{ item: { type: 'track', uri: track(0) } }, { item: { type: 'episode', uri: episode(0) } }],
          total: 2,
        },
      });
      const page = await call(
        'GET',
        `/playlists/${playlistId}/items?limit=1&offset=1&fields=total,items(!track)`,
        undefined,
        profile,
      );
      expect(page.status).toBe(200);
      expect(Object.keys(page.body)).toEqual(['items', 'total']);
      const [entry] = page.body.items as Record<string, unknown>[];
      expect(Object.keys(entry ?? {})).toEqual(['added_at', 'added_by', 'is_local', 'item']);
      expect(entry?.item).toMatchObject({ uri: episode(0) });
      const malformed = await call('GET', `/playlists/${playlistId}?fields=items(item`, undefined, profile);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({
        error: { status: 400, message: 'Invalid fields: a "(" is not closed at character 11' },
      });
    }
  });

  const positions = async (playlistId: string): Promise<number[]> =>
    (
      await service.db.query<{ position: number }>(
        'SELECT position FROM playlist_items WHERE playlist_id = $1 ORDER BY position',
        [playlistId],
      )
    ).rows.map((row) => row.position);

  it('change their details, owner only, validated like a new playlist', async () => {
    const owner = await listener();
    const playlistId = await newPlaylist(owner.call, { description: 'Before' });
    const before = await owner.call('GET', `/playlists/${playlistId}`);
    const changed = await owner.call('PUT', `/playlists/${playlistId}`, {
      name: 'After',
      description: 'New words',
      public: false,
    });
    expect(changed.status).toBe(200);
    const after = await owner.call('GET', `/playlists/${playlistId}`);
    expect(after.body).toMatchObject({ name: 'After', description: 'New words', public: false, collaborative: false });
    expect(after.body.snapshot_id).not.toBe(before.body.snapshot_id);

    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { description: 'x'.repeat(301) },
      { public: 'yes' },
      { collaborative: true, public: true },
      { name: 'Fine', collaborative: 1 },
      { name: 'a\u0000b' },
      { description: '\u0000' },
    ]) {
      const answer = await owner.call('PUT', `/playlists/${playlistId}`, bad);
      expect(answer.status).toBe(400);
      expect((answer.body.error as { status: number }).status).toBe(400);
    }
    // A private playlist may become collaborative.
    expect((await owner.call('PUT', `/playlists/${playlistId}`, { collaborative: true })).status).toBe(200);
    // …and a collaborative one cannot become public while it stays collaborative.
    expect((await owner.call('PUT', `/playlists/${playlistId}`, { public: true })).status).toBe(400);
    expect((await owner.call('GET', `/playlists/${playlistId}`)).body).toMatchObject({
      name: 'After',
      description: 'New words',
      public: false,
      collaborative: true,
    });

    const stranger = await listener();
    const open = await newPlaylist(owner.call, { name: 'Open' });
    expect((await stranger.call('PUT', `/playlists/${open}`, { name: 'Mine now' })).status).toBe(403);
    expect((await stranger.call('PUT', `/playlists/${playlistId}`, { name: 'Mine now' })).status).toBe(404);
    const publicOnly = await listener(['playlist-modify-public']);
    const publicList = await newPlaylist(publicOnly.call);
    // Making it private needs the private scope.
    expect(await publicOnly.call('PUT', `/playlists/${publicList}`, { public: false })).toEqual({
      status: 403,
      body: { error: { status: 403, message: 'Insufficient client scope' } },
    });
    expect((await publicOnly.call('GET', `/playlists/${publicList}`)).body).toMatchObject({ public: true });
  });

  it('hold tracks and episodes, replaced whole or reordered by range', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), episode(0), track(1)]);
    const page = await call('GET', `/playlists/${playlistId}/items?additional_types=track,episode`);
    const entries = page.body.items as { item: { type: string; show?: { id: string } } }[];
    expect(entries.map((entry) => entry.item.type)).toEqual(['track', 'episode', 'track']);
    expect(entries[1]?.item.show?.id).toBeTruthy();
    expect((await call('GET', `/playlists/${playlistId}`)).body).toMatchObject({ items: { total: 3 } });

    const replaced = await call('PUT', `/playlists/${playlistId}/items`, {
      uris: [track(2), track(3), track(4), episode(1), track(5)],
    });
    expect(replaced.status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(2), track(3), track(4), episode(1), track(5)]);

    // Move the two items from 1 to the end, then the last one to the front.
    const moved = await call('PUT', `/playlists/${playlistId}/items`, {
      range_start: 1,
      range_length: 2,
      insert_before: 5,
      snapshot_id: replaced.body.snapshot_id,
    });
    expect(moved.status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(2), episode(1), track(5), track(3), track(4)]);
    expect((await call('PUT', `/playlists/${playlistId}/items`, { range_start: 4, insert_before: 0 })).status).toBe(
      200,
    );
    expect(await uris(call, playlistId)).toEqual([track(4), track(2), episode(1), track(5), track(3)]);
    // Inside its own range an item stays where it is.
    await call('PUT', `/playlists/${playlistId}/items`, { range_start: 1, range_length: 2, insert_before: 2 });
    expect(await uris(call, playlistId)).toEqual([track(4), track(2), episode(1), track(5), track(3)]);
    expect(await positions(playlistId)).toEqual([0, 1, 2, 3, 4]);

    // Replacing with nothing clears it.
    expect((await call('PUT', `/playlists/${playlistId}/items`, { uris: [] })).status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([]);
  });

  it('refuse bad edits and snapshots that never belonged to the playlist, changing nothing', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(2)]);
    const other = await newPlaylist(call, {}, [track(0)]);
    const otherSnapshot = String((await call('GET', `/playlists/${other}`)).body.snapshot_id);
    const current = String((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id);
    const refused = [
      { uris: [track(3)], range_start: 0, insert_before: 1 },
      { range_start: 0 },
      { insert_before: 0 },
      { range_start: 2, range_length: 2, insert_before: 0 },
      { range_start: 0, insert_before: 4 },
      { range_start: -1, insert_before: 0 },
      { range_start: 0, range_length: 0, insert_before: 2 },
      { range_start: 0, insert_before: 2, snapshot_id: otherSnapshot },
      { range_start: 0, insert_before: 2, snapshot_id: 'not-a-snapshot' },
      { uris: [track(3), `spotify:track:${'Z'.repeat(22)}`] },
      { uris: [track(3), 'spotify:album:' + 'A'.repeat(22)] },
      { uris: Array.from({ length: 101 }, () => track(3)) },
    ];
    for (const body of refused) {
      const answer = await call('PUT', `/playlists/${playlistId}/items`, body);
      expect([answer.status, body]).toEqual([400, body]);
    }
    for (const body of [
      {},
      { items: [] },
      { items: [{ uri: 'spotify:track:nope' }] },
      { items: [{ id: tracks[0] }] },
      { items: [{ uri: track(0) }], snapshot_id: otherSnapshot },
      { items: Array.from({ length: 101 }, () => ({ uri: track(0) })) },
    ]) {
      expect((await call('DELETE', `/playlists/${playlistId}/items`, body)).status).toBe(400);
    }
    expect((await call('POST', `/playlists/${playlistId}/items`, { uris: [track(3)], position: -1 })).status).toBe(400);
    expect(
      (await call('POST', `/playlists/${playlistId}/items`, { uris: [`spotify:episode:${'Z'.repeat(22)}`] })).status,
    ).toBe(400);
    expect(await uris(call, playlistId)).toEqual([track(0), track(1), track(2)]);
    expect((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id).toBe(current);
  });

  it('apply a change made against an earlier snapshot of the same playlist', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1)]);
    const early = String((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id);
    const later = await call('POST', `/playlists/${playlistId}/items`, { uris: [track(2)] });
    expect(later.body.snapshot_id).not.toBe(early);
    const removed = await call('DELETE', `/playlists/${playlistId}/items`, {
      items: [{ uri: track(0) }],
      snapshot_id: early,
    });
    expect(removed.status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(1), track(2)]);
  });

  it('remove every occurrence of an item, also by the older tracks key', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(0), episode(0), track(2), track(0)]);
    const removed = await call('DELETE', `/playlists/${playlistId}/items`, {
      items: [{ uri: track(0) }, { uri: episode(0) }],
    });
    expect(removed.status).toBe(200);
    expect(typeof removed.body.snapshot_id).toBe('string');
    expect(await uris(call, playlistId)).toEqual([track(1), track(2)]);
    expect(await positions(playlistId)).toEqual([0, 1]);
    expect((await call('DELETE', `/playlists/${playlistId}/items`, { tracks: [{ uri: track(2) }] })).status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(1)]);
    // An item that is not there removes nothing and still answers a snapshot.
    expect((await call('DELETE', `/playlists/${playlistId}/items`, { items: [{ uri: track(9) }] })).status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(1)]);
  });

  it('let only the owner and collaborators edit items, with the scope of the playlist visibility', async () => {
    const owner = await listener();
    const stranger = await listener();
    const open = await newPlaylist(owner.call, {}, [track(0)]);
    const secret = await newPlaylist(owner.call, { public: false }, [track(0)]);
    const edits = () =>
      [
        ['POST', { uris: [track(1)] }],
        ['PUT', { uris: [track(1)] }],
        ['PUT', { range_start: 0, insert_before: 1 }],
        ['DELETE', { items: [{ uri: track(0) }] }],
      ] as const satisfies readonly (readonly [string, unknown])[];
    for (const [method, body] of edits()) {
      expect((await stranger.call(method, `/playlists/${open}/items`, body)).status).toBe(403);
    }
    for (const [method, body] of edits()) {
      expect((await stranger.call(method, `/playlists/${secret}/items`, body)).status).toBe(404);
    }
    expect(await uris(owner.call, open)).toEqual([track(0)]);

    // A token that may change only private playlists cannot change a public one.
    const privateOnly = await listener(['playlist-read-private', 'playlist-modify-private']);
    const mixed = await newPlaylist(privateOnly.call, { public: false }, [track(0)]);
    await service.db.query('UPDATE playlists SET public = true WHERE id = $1', [mixed]);
    expect(await privateOnly.call('POST', `/playlists/${mixed}/items`, { uris: [track(1)] })).toEqual({
      status: 403,
      body: { error: { status: 403, message: 'Insufficient client scope' } },
    });

    // A collaborative playlist: following it by its id joins it; a collaborator edits items, not details.
    const shared = await newPlaylist(owner.call, { public: false, collaborative: true }, [track(0)]);
    expect((await stranger.call('GET', `/playlists/${shared}`)).status).toBe(404);
    expect((await stranger.call('POST', `/playlists/${shared}/items`, { uris: [track(1)] })).status).toBe(404);
    expect((await stranger.call('PUT', `/playlists/${shared}/followers`, { public: false })).status).toBe(200);
    const added = await stranger.call('POST', `/playlists/${shared}/items`, { uris: [track(1)] });
    expect(added.status).toBe(201);
    const page = await owner.call('GET', `/playlists/${shared}/items`);
    expect((page.body.items as { added_by: { id: string } }[]).map((entry) => entry.added_by.id)).toEqual([
      owner.id,
      stranger.id,
    ]);
    expect((await stranger.call('PUT', `/playlists/${shared}`, { name: 'Taken' })).status).toBe(403);
  });

  it('keep positions contiguous under concurrent edits', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(2), track(3)]);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, n) =>
        call('POST', `/playlists/${playlistId}/items`, { uris: [track(4 + n)], position: n % 3 }),
      ),
      call('DELETE', `/playlists/${playlistId}/items`, { items: [{ uri: track(1) }] }),
      call('PUT', `/playlists/${playlistId}/items`, { range_start: 0, range_length: 2, insert_before: 3 }),
      call('POST', `/playlists/${playlistId}/items`, { uris: [track(0), track(0)] }),
      call('DELETE', `/playlists/${playlistId}/items`, { items: [{ uri: track(3) }] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201, 201, 201, 201, 201, 201, 201]);
    const snapshots = new Set(answers.map((answer) => answer.body.snapshot_id));
    expect(snapshots.size).toBe(answers.length);
    const final = await uris(call, playlistId);
    expect(final).toHaveLength(4 + 6 - 1 + 2 - 1);
    expect(final.filter((uri) => uri === track(0))).toHaveLength(3);
    expect(final).not.toContain(track(1));
    expect(await positions(playlistId)).toEqual(final.map((_, index) => index));
  });

  it('are followed and unfollowed, counted, and listed with the user own', async () => {
    const owner = await listener();
    const fan = await listener();
    const playlistId = await newPlaylist(owner.call, { name: 'Shared' });
    const secret = await newPlaylist(owner.call, { name: 'Hidden', public: false });
    expect((await fan.call('GET', `/playlists/${playlistId}/followers/contains`)).body).toEqual([false]);
    expect((await fan.call('PUT', `/playlists/${playlistId}/followers`)).status).toBe(200);
    expect((await fan.call('PUT', `/playlists/${editorial}/followers`, { public: false })).status).toBe(200);
    expect((await fan.call('PUT', `/playlists/${secret}/followers`)).status).toBe(404);
    expect((await fan.call('PUT', `/playlists/${playlistId}/followers`, { public: 'no' })).status).toBe(400);
    expect((await fan.call('GET', `/playlists/${playlistId}`)).body).toMatchObject({ followers: { total: 1 } });
    expect((await fan.call('GET', `/playlists/${playlistId}/followers/contains`)).body).toEqual([true]);
    expect((await owner.call('GET', `/playlists/${playlistId}/followers/contains?ids=${fan.id}`)).body).toEqual([true]);
    // A private follow shows to the follower only.
    expect((await owner.call('GET', `/playlists/${editorial}/followers/contains?ids=${fan.id}`)).body).toEqual([false]);
    expect((await fan.call('GET', `/playlists/${editorial}/followers/contains?ids=${fan.id}`)).body).toEqual([true]);
    expect(
      (await fan.call('GET', `/playlists/${playlistId}/followers/contains?ids=${fan.id},${owner.id}`)).status,
    ).toBe(400);

    const mine = (await fan.call('GET', '/me/playlists')).body as { total: number; items: { id: string }[] };
    expect(mine.total).toBe(2);
    expect(mine.items.map((item) => item.id).sort()).toEqual([editorial, playlistId].sort());
    const own = await newPlaylist(fan.call, { name: 'Own' });
    const firstPage = (await fan.call('GET', '/me/playlists?limit=2')).body as {
      total: number;
      next: string | null;
      items: { id: string }[];
    };
    expect(firstPage.total).toBe(3);
    expect(firstPage.items[0]?.id).toBe(own);
    expect(firstPage.next).toContain('offset=2');
    const readOnly = await listener(['playlist-read-private']);
    expect((await readOnly.call('PUT', `/playlists/${playlistId}/followers`)).status).toBe(403);
    expect((await fan.call('DELETE', `/playlists/${playlistId}/followers`)).status).toBe(200);
    expect((await fan.call('GET', `/playlists/${playlistId}`)).body).toMatchObject({ followers: { total: 0 } });
    expect((await fan.call('GET', `/playlists/${playlistId}/followers/contains`)).body).toEqual([false]);
  });

  it('remove only the copies at the positions given, against the current snapshot', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(0), episode(0), track(0)]);
    const current = String((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id);
    const removed = await call('DELETE', `/playlists/${playlistId}/items`, {
      items: [{ uri: track(0), positions: [2] }],
      snapshot_id: current,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.snapshot_id).not.toBe(current);
    expect(await uris(call, playlistId)).toEqual([track(0), track(1), episode(0), track(0)]);
    expect(await positions(playlistId)).toEqual([0, 1, 2, 3]);
    // Positional and whole entries together, under the older key; no snapshot: the positions of now.
    const both = await call('DELETE', `/playlists/${playlistId}/items`, {
      tracks: [{ uri: track(0), positions: [3, 0] }, { uri: episode(0) }],
    });
    expect(both.status).toBe(200);
    expect(await uris(call, playlistId)).toEqual([track(1)]);
  });

  it('refuse a reorder against a stale snapshot, moving nothing, and apply one against the current snapshot', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(2)]);
    const early = String((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id);
    const added = await call('POST', `/playlists/${playlistId}/items`, { uris: [track(3)], position: 0 });
    const current = String(added.body.snapshot_id);
    const stale = await call('PUT', `/playlists/${playlistId}/items`, {
      range_start: 0,
      insert_before: 3,
      snapshot_id: early,
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: { status: 400, reason: 'SNAPSHOT_STALE' } });
    expect((stale.body.error as { message: string }).message).toMatch(/^Stale snapshot_id/);
    expect(await uris(call, playlistId)).toEqual([track(3), track(0), track(1), track(2)]);
    expect((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id).toBe(current);

    const fresh = await call('PUT', `/playlists/${playlistId}/items`, {
      range_start: 0,
      insert_before: 3,
      snapshot_id: current,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.snapshot_id).not.toBe(current);
    expect(await uris(call, playlistId)).toEqual([track(0), track(1), track(3), track(2)]);
  });

  it('refuse a removal by position against a stale snapshot or a position that holds something else, changing nothing', async () => {
    const { call } = await listener();
    const playlistId = await newPlaylist(call, {}, [track(0), track(1), track(0)]);
    const early = String((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id);
    const added = await call('POST', `/playlists/${playlistId}/items`, { uris: [track(2)], position: 0 });
    const current = String(added.body.snapshot_id);
    const stale = await call('DELETE', `/playlists/${playlistId}/items`, {
      items: [{ uri: track(0), positions: [2] }],
      snapshot_id: early,
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: { status: 400, reason: 'SNAPSHOT_STALE' } });
    expect((stale.body.error as { message: string }).message).toMatch(/^Stale snapshot_id/);
    const elsewhere = await call('DELETE', `/playlists/${playlistId}/items`, {
      // Position 2 now holds track(1); position 9 holds nothing. The whole removal is refused.
      items: [
        { uri: track(0), positions: [1] },
        { uri: track(0), positions: [2] },
      ],
      snapshot_id: current,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ error: { reason: 'POSITION_MISMATCH' } });
    expect((elsewhere.body.error as { message: string }).message).toBe(
      `Invalid positions: position 2 does not hold ${track(0)}`,
    );
    for (const body of [
      { items: [{ uri: track(0), positions: [9] }] },
      { items: [{ uri: track(0), positions: [] }] },
      { items: [{ uri: track(0), positions: [-1] }] },
      { items: [{ uri: track(0), positions: ['1'] }] },
      { items: [{ uri: track(0), positions: 1 }] },
    ]) {
      const answer = await call('DELETE', `/playlists/${playlistId}/items`, body);
      expect([answer.status, body]).toEqual([400, body]);
    }
    expect(await uris(call, playlistId)).toEqual([track(2), track(0), track(1), track(0)]);
    expect((await call('GET', `/playlists/${playlistId}`)).body.snapshot_id).toBe(current);
  });

  it('are followed by their owner, who removes one from the library by unfollowing it', async () => {
    const owner = await listener();
    const playlistId = await newPlaylist(owner.call, { name: 'Short-lived' });
    const listed = async () =>
      ((await owner.call('GET', '/me/playlists?limit=50')).body as { items: { id: string }[] }).items.map(
        (item) => item.id,
      );
    expect(await listed()).toContain(playlistId);
    expect((await owner.call('GET', `/playlists/${playlistId}/followers/contains`)).body).toEqual([true]);
    // The owner is not counted among the followers.
    expect((await owner.call('GET', `/playlists/${playlistId}`)).body).toMatchObject({ followers: { total: 0 } });

    expect((await owner.call('DELETE', `/playlists/${playlistId}/followers`)).status).toBe(200);
    expect(await listed()).not.toContain(playlistId);
    expect((await owner.call('GET', `/playlists/${playlistId}/followers/contains`)).body).toEqual([false]);
    const profile = (await owner.call('GET', `/users/${owner.id}/playlists`)).body as { items: { id: string }[] };
    expect(profile.items.map((item) => item.id)).not.toContain(playlistId);
    // The playlist itself is kept: following it again brings it back.
    expect((await owner.call('GET', `/playlists/${playlistId}`)).status).toBe(200);
    expect((await owner.call('PUT', `/playlists/${playlistId}/followers`)).status).toBe(200);
    expect(await listed()).toContain(playlistId);
  });
  it('answer their generated cover images', async () => {
    const owner = await listener();
    const secret = await newPlaylist(owner.call, { public: false });
    const images = await owner.call('GET', `/playlists/${secret}/images`);
    expect(images.status).toBe(200);
    expect(images.body).toHaveLength(3);
    expect((await (await listener()).call('GET', `/playlists/${secret}/images`)).status).toBe(404);
  });

  it('take a cover the owner uploads as a base64 JPEG, and serve it in their place', async () => {
    const coverScopes = [...scopes, 'ugc-image-upload'];
    const owner = await service.listener(coverScopes);
    const playlistId = await newPlaylist(owner.call, { public: false });
    const upload = (token: string, body: string, type = 'image/jpeg', id = playlistId) =>
      fetch(`${service.url}/v1/playlists/${id}/images`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      });
    const uploaded = await upload(owner.token, sampleJpeg);
    expect(uploaded.status).toBe(202);
    expect(await uploaded.text()).toBe('');
    const images = (await owner.call('GET', `/playlists/${playlistId}/images`)).body as unknown as {
      url: string;
      height: number;
      width: number;
    }[];
    expect(images).toEqual([
      { url: expect.stringContaining(`/images/uploads/playlist/${playlistId}/`) as string, height: 1, width: 1 },
    ]);
    expect((await owner.call('GET', `/playlists/${playlistId}`)).body.images).toEqual(images);
    expect((await owner.call('GET', '/me/playlists')).body.items).toMatchObject([{ images }]);
    // Served publicly at the URL the objects name, byte for byte, cacheable for good.
    const url = new URL(images[0]?.url ?? '');
    const served = await fetch(`${service.url}${url.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(sampleJpeg);
    // A new cover gets a new URL; the old one is gone.
    expect((await upload(owner.token, jpegHeaders(640, 640).toString('base64'))).status).toBe(202);
    const replaced = (await owner.call('GET', `/playlists/${playlistId}/images`)).body as unknown as { url: string }[];
    expect(replaced).toMatchObject([{ height: 640, width: 640 }]);
    expect(replaced[0]?.url).not.toBe(images[0]?.url);
    expect((await fetch(`${service.url}${url.pathname}`)).status).toBe(404);

    // Bad images, the wrong type, a payload over 256 KB: 400 or 413, and the cover stays.
    for (const [body, type, status] of [
      ['bm90IGFuIGltYWdl', 'image/jpeg', 400],
      ['', 'image/jpeg', 400],
      [sampleJpeg, 'text/plain', 400],
      ['A'.repeat(256 * 1024 + 4), 'image/jpeg', 413],
    ] as const) {
      const refused = await upload(owner.token, body, type);
      expect(refused.status).toBe(status);
      expect(((await refused.json()) as { error: { status: number } }).error.status).toBe(status);
    }
    expect((await owner.call('GET', `/playlists/${playlistId}/images`)).body).toEqual(replaced);
    // Owners only, with the upload scope and the playlist's modify scope.
    const stranger = await service.listener(coverScopes);
    expect((await upload(stranger.token, sampleJpeg)).status).toBe(404);
    expect((await upload(stranger.token, sampleJpeg, 'image/jpeg', editorial)).status).toBe(403);
    const noUpload = await service.listener(scopes);
    const own = await newPlaylist(noUpload.call);
    expect((await upload(noUpload.token, sampleJpeg, 'image/jpeg', own)).status).toBe(403);
    // The owner's token without the private scope cannot change the private playlist.
    const { access_token: publicOnly } = await issueTokens(service.db, {
      userId: owner.id,
      clientId: service.config.client.id,
      scopes: ['ugc-image-upload', 'playlist-modify-public'],
      withRefreshToken: false,
    });
    expect((await upload(publicOnly, sampleJpeg)).status).toBe(403);
  });

  it('refuse the follow endpoints to development-mode apps but let them edit items', async () => {
    const { call } = await service.listener(scopes, { profile: 'development' });
    const created = await call('POST', '/me/playlists', { name: 'Dev' }, 'development');
    const playlistId = String(created.body.id);
    for (const [method, path] of [
      ['PUT', `/playlists/${editorial}/followers`],
      ['DELETE', `/playlists/${editorial}/followers`],
      ['GET', `/playlists/${editorial}/followers/contains`],
    ] as const) {
      const answer = await call(method, path, undefined, 'development');
      expect(answer.status).toBe(403);
      expect((answer.body.error as { message: string }).message).toContain('development mode');
    }
    expect(
      (await call('POST', `/playlists/${playlistId}/items`, { uris: [track(0), track(1)] }, 'development')).status,
    ).toBe(201);
    expect(
      (await call('PUT', `/playlists/${playlistId}/items`, { range_start: 1, insert_before: 0 }, 'development')).status,
    ).toBe(200);
    expect(
      (await call('DELETE', `/playlists/${playlistId}/items`, { items: [{ uri: track(0) }] }, 'development')).status,
    ).toBe(200);
    expect((await call('PUT', `/playlists/${playlistId}`, { name: 'Renamed' }, 'development')).status).toBe(200);
    const page = await call('GET', `/playlists/${playlistId}/items`, undefined, 'development');
    expect((page.body.items as { item: { id: string } }[]).map((entry) => entry.item.id)).toEqual([tracks[1]]);
  });
});
