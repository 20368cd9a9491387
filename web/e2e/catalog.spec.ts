import { expect, test, type Locator, type Page } from '@playwright/test';
import { graphqlRequests, holdConnectionTries, operationNameOf } from './faults';
import { saveScreen } from './screens';
import { albumTracks, expectAccessible, graphql, playRow, signIn, watchErrors } from './support';

interface PlayerStateData {
  player: {
    state: { isPlaying: boolean; progressMs: number | null; item: { id: string; name: string } | null } | null;
  };
}

const playerStateQuery = `{
  player { state { isPlaying progressMs item { ... on Track { id name } ... on Episode { id name } } } }
}`;

function playerBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Player' });
}

/** Pauses from the player bar, so that nothing keeps playing into the next test. */
async function pause(page: Page): Promise<void> {
  await playerBar(page).getByRole('button', { name: 'Pause', exact: true }).filter({ visible: true }).click();
  await expect
    .poll(async () => (await graphql<PlayerStateData>(page, playerStateQuery)).player.state?.isPlaying)
    .toBe(false);
}

async function savedAlbumIds(page: Page): Promise<string[]> {
  const data = await graphql<{ me: { savedAlbums: { edges: { node: { id: string } }[] } } }>(
    page,
    '{ me { savedAlbums(first: 50) { edges { node { id } } } } }',
  );
  return data.me.savedAlbums.edges.map((edge) => edge.node.id);
}

async function followedArtistIds(page: Page): Promise<string[]> {
  const data = await graphql<{ me: { followedArtists: { edges: { node: { id: string } }[] } } }>(
    page,
    '{ me { followedArtists(first: 50) { edges { node { id } } } } }',
  );
  return data.me.followedArtists.edges.map((edge) => edge.node.id);
}

const idIn = (page: Page, kind: string): string => new URL(page.url()).pathname.replace(`/${kind}/`, '');

test('an album opens from home, plays from a row, and is saved to the library and removed again', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const errors = watchErrors(page);
  const newReleases = page.getByRole('region', { name: 'New releases' });
  const card = newReleases.getByRole('listitem').first().getByRole('link');
  const title = (await card.textContent()) ?? '';
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(new URL(page.url()).pathname).toMatch(/^\/album\/\w{22}$/);
  const albumId = idIn(page, 'album');
  const tracks = albumTracks(page, title);
  await expect(tracks.getByRole('listitem').first()).toBeVisible();
  // Its copyright notices close the page: the composition's and the recording's.
  await expect(page.getByText(/^© \d{4} /)).toBeVisible();
  await expect(page.getByText(/^℗ \d{4} /)).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-album');
  await expectAccessible(page);

  // Play the second track: the album plays from there, and the player bar says so.
  const name = await playRow(page, tracks.getByRole('listitem').nth(1));
  await expect(playerBar(page).getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
  const state = await graphql<PlayerStateData>(page, playerStateQuery);
  expect(state.player.state?.item?.name).toBe(name);
  await saveScreen(page, testInfo, 'catalog-album-playing');
  await pause(page);

  // Save the album, find it in the library, then remove it again (as it was before).
  const wasSaved = (await savedAlbumIds(page)).includes(albumId);
  // The album's own buttons come before its tracks', which a title track shares a name with.
  const save = page.getByRole('button', { name: `Save ${title} to your library` }).first();
  const remove = page.getByRole('button', { name: `Remove ${title} from your library` }).first();
  if (wasSaved) await remove.click();
  await expect(save).toBeVisible();
  await expect.poll(() => savedAlbumIds(page)).not.toContain(albumId);
  await save.click();
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => savedAlbumIds(page)).toContain(albumId);
  await remove.click();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => savedAlbumIds(page)).not.toContain(albumId);
  if (wasSaved) await save.click();
  expect(errors).toEqual([]);
});

test('an album of two discs lists them apart and plays the second disc from the right track', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const releases = await graphql<{ newReleases: { edges: { node: { id: string; totalTracks: number } }[] } }>(
    page,
    '{ newReleases(first: 50) { edges { node { id totalTracks } } } }',
  );
  const album = releases.newReleases.edges.map((edge) => edge.node).find((node) => node.totalTracks > 20);
  expect(album, 'the catalog has an album of more than 20 tracks (two discs)').toBeDefined();
  await page.goto(`/album/${album?.id ?? ''}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Disc 1' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 3, name: 'Disc 2' })).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const secondDisc = page.getByRole('list', { name: `Disc 2 of ${title}` });
  // Track numbers start again on each disc.
  await expect(secondDisc.getByRole('listitem').first()).toContainText(/^1\D/);
  await page.getByRole('heading', { level: 3, name: 'Disc 2' }).scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'catalog-album-discs');

  const name = await playRow(page, secondDisc.getByRole('listitem').first());
  await expect(playerBar(page).getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
  await pause(page);
});

test('an artist opens from an album, is followed and unfollowed, and shows popular tracks and the discography', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const errors = watchErrors(page);
  await page.getByRole('region', { name: 'New releases' }).getByRole('listitem').first().getByRole('link').click();
  const firstTrack = albumTracks(page).getByRole('listitem').first();
  const artistLink = firstTrack.getByRole('link').first();
  const artistName = (await artistLink.textContent()) ?? '';
  await artistLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artistName);
  const artistId = idIn(page, 'artist');
  await expect(page.getByRole('heading', { level: 2, name: 'Discography' })).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-artist');
  await expectAccessible(page);

  // Popular tracks: five, then ten.
  const popular = page.getByRole('list', { name: `Popular tracks of ${artistName}` });
  await expect(popular.getByRole('listitem')).toHaveCount(5);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(popular.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Show less' }).click();
  await expect(popular.getByRole('listitem')).toHaveCount(5);

  // Follow and unfollow, leaving the artist as they were.
  const followButton = page.getByRole('button', { name: 'Follow', exact: true });
  const followingButton = page.getByRole('button', { name: 'Following', exact: true });
  const wasFollowing = (await followedArtistIds(page)).includes(artistId);
  if (wasFollowing) {
    await followingButton.click();
    await expect(followButton).toBeVisible();
    await expect.poll(() => followedArtistIds(page)).not.toContain(artistId);
  }
  const followers = page.getByText(/^[\d,]+ followers?$/);
  const countOf = async () => Number(((await followers.textContent()) ?? '').replace(/\D/g, ''));
  const before = await countOf();
  await followButton.click();
  await expect(followingButton).toBeVisible();
  await expect.poll(countOf).toBe(before + 1);
  await expect.poll(() => followedArtistIds(page)).toContain(artistId);
  await saveScreen(page, testInfo, 'catalog-artist-following');
  await followingButton.click();
  await expect(followButton).toBeVisible();
  await expect.poll(countOf).toBe(before);
  await expect.poll(() => followedArtistIds(page)).not.toContain(artistId);
  if (wasFollowing) await followButton.click();
  await expect.poll(async () => (await followedArtistIds(page)).includes(artistId)).toBe(wasFollowing);

  // The discography, one group at a time.
  const filters = page.getByRole('group', { name: `Show releases of ${artistName}` });
  const groups = filters.getByRole('button');
  const groupCount = await groups.count();
  expect(groupCount).toBeGreaterThan(1);
  const lastGroup = groups.nth(groupCount - 1);
  const groupName = (await lastGroup.textContent()) ?? '';
  await lastGroup.click();
  await expect(lastGroup).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([groupName]);
  await saveScreen(page, testInfo, 'catalog-artist-discography');
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(groupCount - 1);
  await expect(page.getByRole('region', { name: 'Fans also like' }).getByRole('listitem').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a show lists its episodes with the listener’s progress, and an episode plays from where they stopped', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const errors = watchErrors(page);
  const shows = await graphql<{ me: { savedShows: { edges: { node: { id: string; name: string } }[] } } }>(
    page,
    '{ me { savedShows(first: 5) { edges { node { id name } } } } }',
  );
  const show = shows.me.savedShows.edges[0]?.node;
  expect(show, 'the demo listener follows a show').toBeDefined();
  await page.goto(`/show/${show?.id ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(show?.name ?? '', { timeout: 15_000 });
  const episodes = page.getByRole('list', { name: `Episodes of ${show?.name ?? ''}` });
  await expect(episodes.getByRole('listitem').first()).toBeVisible();
  await expect(episodes.getByText('Played', { exact: true }).first()).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-show');
  await expectAccessible(page);

  // An episode the listener stopped in the middle of.
  const started = episodes
    .getByRole('listitem')
    .filter({ hasText: / left$/ })
    .first();
  await expect(started.getByRole('progressbar', { name: 'Listened' })).toBeVisible();
  const episodeLink = started.getByRole('heading').getByRole('link');
  const episodeName = (await episodeLink.textContent()) ?? '';
  await episodeLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episodeName);
  const episodeId = idIn(page, 'episode');
  // The episode's page links to its show (the sidebar may list the show too, when saved).
  await expect(page.getByRole('main').getByRole('link', { name: show?.name ?? '', exact: true })).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-episode');
  await expectAccessible(page);

  const { episode } = await graphql<{ episode: { resumePoint: { resumePositionMs: number; fullyPlayed: boolean } } }>(
    page,
    'query ($id: ID!) { episode(id: $id) { resumePoint { resumePositionMs fullyPlayed } } }',
    { id: episodeId },
  );
  const resumeAt = episode.resumePoint.resumePositionMs;
  expect(episode.resumePoint.fullyPlayed).toBe(false);
  expect(resumeAt).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Resume ${episodeName}` }).click();
  await expect(playerBar(page).getByText(episodeName, { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pause ${episodeName}` })).toBeVisible();
  const state = (await graphql<PlayerStateData>(page, playerStateQuery)).player.state;
  expect(state?.item?.id).toBe(episodeId);
  // It starts where the listener stopped, not from the beginning.
  expect(state?.progressMs ?? 0).toBeGreaterThanOrEqual(resumeAt - 1000);
  expect(state?.progressMs ?? 0).toBeLessThan(resumeAt + 30_000);
  await saveScreen(page, testInfo, 'catalog-episode-playing');

  // An episode's controls jump 15 seconds back and on, as a podcast player's do; shuffle and repeat are music's.
  const bar = playerBar(page);
  await expect(bar.getByRole('button', { name: 'Shuffle' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: /^Repeat/ })).toHaveCount(0);
  const before = (await graphql<PlayerStateData>(page, playerStateQuery)).player.state?.progressMs ?? 0;
  await bar.getByRole('button', { name: 'Forward 15 seconds' }).click();
  await expect
    .poll(async () => (await graphql<PlayerStateData>(page, playerStateQuery)).player.state?.progressMs ?? 0)
    .toBeGreaterThanOrEqual(before + 15_000);
  const ahead = (await graphql<PlayerStateData>(page, playerStateQuery)).player.state?.progressMs ?? 0;
  await bar.getByRole('button', { name: 'Back 15 seconds' }).click();
  await expect
    .poll(async () => (await graphql<PlayerStateData>(page, playerStateQuery)).player.state?.progressMs ?? 0)
    .toBeLessThan(ahead - 10_000);
  await saveScreen(page, testInfo, 'catalog-episode-controls');
  await pause(page);

  await page.getByRole('link', { name: 'All episodes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(show?.name ?? '');
  expect(errors).toEqual([]);
});

test('an album, artist, show or episode that does not exist shows the plain not-found state', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  for (const [kind, path] of [
    ['album', '/album/AAAAAAAAAAAAAAAAAAAAAA'],
    ['artist', '/artist/AAAAAAAAAAAAAAAAAAAAAA'],
    ['show', '/show/AAAAAAAAAAAAAAAAAAAAAA'],
    ['episode', '/episode/AAAAAAAAAAAAAAAAAAAAAA'],
    // Not an id at all: a mistyped link.
    ['album', '/album/not-an-album'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`We could not find that ${kind}.`)).toBeVisible();
  }
  await saveScreen(page, testInfo, 'catalog-not-found');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Search instead' }).click();
  expect(new URL(page.url()).pathname).toBe('/search');
});

test('an album shows skeletons while it loads, an error with retry when the api fails, and loads on retry', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const { newReleases } = await graphql<{ newReleases: { edges: { node: { id: string; name: string } }[] } }>(
    page,
    '{ newReleases(first: 1) { edges { node { id name } } } }',
  );
  const album = newReleases.edges[0]?.node;
  const releaseTries = await holdConnectionTries(page);
  let failing = true;
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(graphqlRequests, async (route) => {
    if (failing && operationNameOf(route.request()) === 'AlbumPage') {
      // Held until the skeletons are on screen, then answered as an api that is down.
      await answered;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[]}' });
    } else {
      await route.fallback();
    }
  });
  await page.goto(`/album/${album?.id ?? ''}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the album' })).toBeAttached({ timeout: 15_000 });
  await saveScreen(page, testInfo, 'catalog-album-loading');
  answer();
  // A whole page load on a busy machine: the app, the screen's chunk, then the failing request.
  await expect(page.getByRole('alert').filter({ hasText: 'We could not load this album.' })).toBeVisible({
    timeout: 20_000,
  });
  await saveScreen(page, testInfo, 'catalog-album-error');
  await expectAccessible(page);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(album?.name ?? '');
  await releaseTries();
});
