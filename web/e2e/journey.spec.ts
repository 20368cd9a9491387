import { expect as baseExpect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { answerTo } from './faults';
import { saveScreen } from './screens';
import {
  addFirstFound,
  albumTracks,
  demoListener,
  expectAccessible,
  expectAudioPlaying,
  expectAudioStill,
  graphql,
  playRow,
  playlistOrder,
  stopLeftoverPlayback,
  watchErrors,
} from './support';

/**
 * A new listener's whole first visit, as one story: land, sign in through the music service's own
 * pages, find an album, play it in this browser, like a song, make a playlist, reload, sign out.
 * Every screen on the way is saved for people to look at, on a desktop and on a phone.
 */

// Whole-page loads (sign-in, reloads) on a busy machine take longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** The player bar at the bottom of every screen. */
const playerBar = (page: Page): Locator => page.getByRole('region', { name: 'Player' });

/** Where the full controls are: the player bar on a desktop, the now-playing view on a phone. */
async function controls(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!isPhone(testInfo)) return playerBar(page);
  await playerBar(page)
    .getByRole('link', { name: /^Now playing: / })
    .click();
  await expect(page).toHaveURL(/\/now-playing$/);
  return page.getByRole('region', { name: 'Playback controls' });
}

/** Follows a main navigation link: the sidebar on a desktop, the bottom bar on a phone. */
async function go(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** The liked songs, as the music service holds them. */
async function likedSongs(page: Page): Promise<string[]> {
  const data = await graphql<{ me: { savedTracks: { edges: { node: { name: string } }[] } } }>(
    page,
    'query JourneyLiked { me { savedTracks(first: 50) { edges { node { name } } } } }',
  );
  return data.me.savedTracks.edges.map((edge) => edge.node.name);
}

test('a new listener lands, signs in, finds and plays an album, likes a song, makes a playlist, and signs out', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const screen = (name: string) => saveScreen(page, testInfo, `journey-${name}`);

  // Land: what Graphonic is, and the way in.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Connected to Graphonic Music.');
  await screen('01-landing');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
  await screen('02-sign-in');

  // Sign in on the music service's own pages, with a demo account.
  const listener = demoListener();
  await page.getByRole('link', { name: 'Continue with Graphonic Music' }).click();
  await page.getByLabel('Username').fill(listener.username);
  await page.getByLabel('Password').fill(listener.password);
  await screen('03-music-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const agree = page.getByRole('button', { name: 'Agree' });
  // Signing in runs a slow key derivation on purpose; the consent page shows once per browser profile.
  await expect(agree.or(playerBar(page))).toBeVisible({ timeout: 30_000 });
  if (await agree.isVisible()) {
    await screen('04-consent');
    await agree.click();
  }
  await expect(playerBar(page)).toBeVisible();
  await stopLeftoverPlayback(page);
  const errors = watchErrors(page);

  // Home, with content from the first visit on.
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening|night)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently played' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your top artists' }).getByRole('listitem').first()).toBeVisible();
  await screen('05-home');
  await expectAccessible(page);

  // Search, and open an album from the results.
  await go(page, 'Search');
  const box = page.getByRole('searchbox', { name: 'What do you want to listen to?' });
  await box.fill('love');
  await expect(page).toHaveURL(/\/search\?q=love$/);
  // The music service builds its search index on the first search.
  await expect(page.getByRole('region', { name: 'Top result' })).toBeVisible({ timeout: 30_000 });
  await screen('06-search');
  await page.getByRole('tab', { name: 'Albums' }).click();
  const album = page.getByRole('list', { name: 'Albums for “love”' }).getByRole('link').first();
  const albumName = (await album.textContent()) ?? '';
  await album.click();
  await expect(page.getByRole('heading', { level: 1, name: albumName })).toBeVisible();
  const tracks = albumTracks(page, albumName);
  await expect(tracks.getByRole('listitem').first()).toBeVisible();
  await screen('07-album');
  await expectAccessible(page);

  // Play its first track: this browser is a device of the listener's, and its audio really plays.
  const first = await playRow(page, tracks.getByRole('listitem').first());
  await expect(playerBar(page).getByText(first, { exact: true }).filter({ visible: true })).toBeVisible();
  await expectAudioPlaying(page);
  await screen('08-playing');

  // Pause, then skip to the next track, which plays here too.
  let panel = await controls(page, testInfo);
  await panel.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectAudioStill(page);
  await panel.getByRole('button', { name: 'Next', exact: true }).click();
  const playing = async () =>
    (
      await graphql<{ player: { state: { item: { name: string } | null } | null } }>(
        page,
        'query JourneyNow { player { state { item { ... on Track { name } } } } }',
      )
    ).player.state?.item?.name ?? '';
  await expect.poll(playing).not.toBe(first);
  const next = await playing();
  // What plays shows where the controls are: in the player bar, or as the now-playing view's title.
  if (isPhone(testInfo)) await expect(page.getByRole('heading', { level: 1 })).toHaveText(next);
  else await expect(panel.getByRole('link', { name: next, exact: true }).filter({ visible: true })).toBeVisible();
  await expectAudioPlaying(page);
  await screen('09-next');

  // Like what plays now, and find it in Liked Songs.
  panel = isPhone(testInfo) ? page.getByRole('region', { name: 'Playback controls' }) : playerBar(page);
  const liked = next;
  const save = page.getByRole('button', { name: `Save ${liked} to your library` }).filter({ visible: true });
  const remove = page.getByRole('button', { name: `Remove ${liked} from your library` }).filter({ visible: true });
  // A run before this one may have liked it already: like it afresh, the removal answered before the like is sent.
  if (await remove.first().isVisible()) {
    const unliked = answerTo(page, 'RemoveFromLibrary');
    await remove.first().click();
    expect((await unliked).ok()).toBe(true);
  }
  const like = answerTo(page, 'SaveToLibrary');
  await save.first().click();
  await expect(remove.first()).toBeVisible();
  await panel.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectAudioStill(page);
  // The heart shows the like at once; Liked Songs, read from the music service, has it once it has answered.
  expect((await like).ok()).toBe(true);
  if (isPhone(testInfo)) {
    await go(page, 'Your Library');
    await page
      .getByRole('link', { name: /^Liked Songs/ })
      .first()
      .click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
  await expect(page.getByRole('main').getByText(liked, { exact: true }).first()).toBeVisible();
  await screen('10-liked-songs');
  await expectAccessible(page);

  // Make a playlist: named, three songs added, reordered by keyboard, one removed.
  await go(page, 'Your Library');
  await page.getByRole('main').getByRole('button', { name: 'Create playlist' }).click();
  const details = page.getByRole('dialog', { name: 'Edit details' });
  const name = `Journey ${testInfo.project.name} ${String(Date.now())}`;
  await details.getByLabel('Name').fill(name);
  const named = answerTo(page, 'UpdatePlaylistDetails');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The heading shows the name at once; the music service has it once it has answered.
  expect((await named).ok()).toBe(true);
  const items = page.getByRole('list', { name: `Items of ${name}` });
  const a = await addFirstFound(page, name, 'river');
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const b = await addFirstFound(page, name, 'summer');
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const c = await addFirstFound(page, name, 'love');
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect.poll(() => playlistOrder(items)).toEqual([a, b, c]);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  const handle = items.getByRole('button', { name: `Reorder ${c}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => playlistOrder(items)).toEqual([c, a, b]);
  await items.getByRole('button', { name: `More options for ${a}` }).click();
  // The playlist's edits reach the music service one after another: the removal, the last, is answered after the rest.
  const removed = answerTo(page, 'RemovePlaylistItems');
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect.poll(() => playlistOrder(items)).toEqual([c, b]);
  await screen('11-playlist');
  await expectAccessible(page);

  // A reload shows every change kept by the music service: the playlist and the like.
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(() => playlistOrder(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([c, b]);
  expect(await likedSongs(page)).toContain(liked);
  await screen('12-playlist-reloaded');

  // Leave the library as it was: the playlist deleted, the song unliked.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete from Your Library?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await graphql(
    page,
    'mutation JourneyUnlike($input: RemoveFromLibraryInput!) { removeFromLibrary(input: $input) { tracks { id } } }',
    {
      input: {
        uris: (
          await graphql<{ me: { savedTracks: { edges: { node: { uri: string; name: string } }[] } } }>(
            page,
            'query JourneyLikedUris { me { savedTracks(first: 50) { edges { node { uri name } } } } }',
          )
        ).me.savedTracks.edges
          .filter((edge) => edge.node.name === liked)
          .map((edge) => edge.node.uri),
      },
    },
  );

  // Sign out: asked first, posted, and the session is gone on the server.
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'graphonic.sid');
  expect(cookie).toBeDefined();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out of Graphonic?' })).toBeVisible();
  await screen('13-sign-out');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic', exact: true })).toBeVisible();
  if (cookie) await context.addCookies([cookie]);
  const me = await graphql<{ me: unknown }>(page, 'query JourneyAfter { me { id } }');
  expect(me.me).toBeNull();
  await screen('14-signed-out');
  expect(errors).toEqual([]);
});
