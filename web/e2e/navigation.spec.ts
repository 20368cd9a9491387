import { expect, test, type Page } from '@playwright/test';
import { saveScreen } from './screens';
import { albumTracks, expectAccessible, graphql, signIn, watchErrors } from './support';

/**
 * Moving around the app by keyboard and screen reader: a track list plays from the keyboard, each screen
 * names itself in the tab's title and takes focus at its heading, and Back and Forward bring a screen back
 * where it was scrolled.
 */

interface Album {
  id: string;
  name: string;
  totalTracks: number;
}

/** A new release with a few tracks, from the end of the list: the likeliest to be left alone by other tests. */
async function pickAlbum(page: Page): Promise<Album> {
  const data = await graphql<{ newReleases: { edges: { node: Album }[] } }>(
    page,
    'query NavigationAlbums { newReleases(first: 30) { edges { node { id name totalTracks } } } }',
  );
  const album = data.newReleases.edges
    .map((edge) => edge.node)
    .filter((node) => node.totalTracks >= 3)
    .at(-2);
  if (!album) throw new Error('No new release has three tracks or more.');
  return album;
}

/** Makes this browser the device playback is on, paused, so that a row's Enter starts it here. */
async function playHere(page: Page): Promise<void> {
  await page.goto('/devices');
  const devices = page.getByRole('list', { name: 'Your devices' });
  await expect(devices.getByText('This browser', { exact: true })).toBeVisible({ timeout: 15_000 });
  const deviceId = await page.evaluate((): string | undefined => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('graphonic.playbackDevice.'));
    return key === undefined ? undefined : (sessionStorage.getItem(key) ?? undefined);
  });
  if (!deviceId) throw new Error('This browser did not register itself as a device.');
  await graphql(
    page,
    'mutation NavigationPlayHere($input: TransferPlaybackInput!) { transferPlayback(input: $input) { player { __typename } } }',
    { input: { deviceId, play: false } },
  );
}

/** How far the app's main area is scrolled. */
const scrollTop = (page: Page) => page.locator('main#main').evaluate((main) => main.scrollTop);

/** What the screen reader is told on arriving at a screen. */
const announcer = (page: Page) => page.locator('#screen-announcer');

test('a track list plays from the keyboard alone: Tab to a row, Enter plays it, arrows move between rows', async ({
  page,
}, testInfo) => {
  await signIn(page, '/devices');
  const errors = watchErrors(page);
  await playHere(page);
  const album = await pickAlbum(page);
  await page.goto(`/album/${album.id}`);
  const list = albumTracks(page, album.name);
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Every row's play button is in the accessibility tree, named by the track and its artists.
  const rows = await list.getByRole('listitem').count();
  const buttons = list.getByRole('button', { name: /^Play .+ by .+/ });
  await expect(buttons).toHaveCount(rows);

  // From the top of the page, Tab alone comes to a row of the list.
  await page.locator('body').focus();
  let reached = false;
  for (let step = 0; step < 40 && !reached; step++) {
    await page.keyboard.press('Tab');
    reached = await list
      .getByRole('listitem')
      .first()
      .evaluate((row) => row === document.activeElement);
  }
  expect(reached, 'Tab reaches the first row of the track list').toBe(true);

  // The arrow key moves to the second row; Enter plays it.
  await page.keyboard.press('ArrowDown');
  const second = list.getByRole('listitem').nth(1);
  await expect(second).toBeFocused();
  const label = (await second.getByRole('button', { name: /^Play / }).getAttribute('aria-label')) ?? '';
  const track = label.replace(/^Play /, '').replace(/ by .*$/, '');
  await expect(second.getByRole('button', { name: /^Play / })).toHaveCSS('opacity', '1');
  await page.screenshot({ path: testInfo.outputPath('track-row-focused.png') });
  await page.keyboard.press('Enter');

  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('link', { name: track, exact: true })).toBeVisible({ timeout: 15_000 });
  const pause = player.getByRole('button', { name: 'Pause', exact: true });
  await expect(pause).toBeVisible({ timeout: 15_000 });
  await expect(second.getByRole('button', { name: `Pause ${track} by`, exact: false })).toBeAttached();
  // While it plays, the tab names the track and its artists, as Spotify's does.
  const artists = label.slice(`Play ${track} by `.length);
  await expect(page).toHaveTitle(`${track} • ${artists} – Graphonic`);
  await expectAccessible(page);

  // Left paused, as every test leaves it: the tab names the screen again.
  await pause.click();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${album.name} – Graphonic`);
  expect(errors).toEqual([]);
});

test('each screen names itself in the title, takes focus at its heading and is announced', async ({ page }) => {
  // The sign-in page, before signing in: its own title, heading and main landmark.
  await page.goto('/auth/signin');
  await expect(page).toHaveTitle('Sign in – Graphonic');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
  await expectAccessible(page);

  await signIn(page, '/');
  const errors = watchErrors(page);
  await expect(page).toHaveTitle('Home – Graphonic');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav
    .getByRole('link', { name: /^Liked Songs/ })
    .first()
    .click();
  const liked = page.getByRole('heading', { level: 1, name: 'Liked Songs' });
  await expect(liked).toBeFocused();
  await expect(page).toHaveTitle('Liked Songs – Graphonic');
  await expect(announcer(page)).toHaveText('Liked Songs');

  await nav.getByRole('link', { name: 'Your Library' }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /Soft Punk Deep Cuts/ })
    .click();
  const playlist = page.getByRole('heading', { level: 1, name: 'Soft Punk Deep Cuts' });
  await expect(playlist).toBeFocused();
  await expect(page).toHaveTitle('Soft Punk Deep Cuts – Graphonic');
  await expect(announcer(page)).toHaveText('Soft Punk Deep Cuts');

  // Back names the screen it returns to.
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeFocused();
  await expect(page).toHaveTitle('Your Library – Graphonic');
  await expect(announcer(page)).toHaveText('Your Library');

  // The search shortcut puts the cursor in the search box: the screen keeps that focus.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox').first()).toBeFocused();
  await expect(page).toHaveTitle('Search – Graphonic');
  await expect(announcer(page)).toHaveText('Search');

  // An album by a link to it.
  const album = await pickAlbum(page);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeVisible();
  await expect(page).toHaveTitle(`${album.name} – Graphonic`);

  // An id that names nothing, and a path that names no screen: each says so in a heading of its own.
  await page.goto('/album/0000000000000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page).toHaveTitle('Not found – Graphonic');
  await expectAccessible(page);
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found – Graphonic');
  await expectAccessible(page);
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test('Back and Forward bring a long list back where it was scrolled; a new screen starts at its top', async ({
  page,
}, testInfo) => {
  await signIn(page, '/library');
  const errors = watchErrors(page);
  const back = page.getByRole('button', { name: 'Go back' });
  const forward = page.getByRole('button', { name: 'Go forward' });
  // A page just opened: nothing of the app before it or after it.
  await expect(back).toBeDisabled();
  await expect(forward).toBeDisabled();

  await page
    .getByRole('main')
    .getByRole('link', { name: /Soft Punk Deep Cuts/ })
    .click();
  const items = page.getByRole('list', { name: 'Items of Soft Punk Deep Cuts' });
  await expect(items.getByRole('listitem')).toHaveCount(50);
  await expect(back).toBeEnabled();
  await expect(forward).toBeDisabled();

  // 2,000 px down the list, open the artist of the row at the top of the view.
  await page.locator('main#main').evaluate((main) => main.scrollTo({ top: 2_000 }));
  await expect.poll(() => scrollTop(page)).toBe(2_000);
  // A row in the middle of the view, so that clicking it scrolls nothing.
  const middle = await items
    .getByRole('listitem')
    .evaluateAll((rows) => rows.findIndex((row) => row.getBoundingClientRect().top > window.innerHeight / 3));
  const row = items.getByRole('listitem').nth(middle);
  const artist = row.getByRole('link').first();
  const artistName = (await artist.textContent()) ?? '';
  await artist.click();
  await expect(page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
  expect(middle).toBeGreaterThan(20);
  // A new screen starts at its top.
  expect(await scrollTop(page)).toBe(0);
  await expect(forward).toBeDisabled();

  // Back: the list, where it was.
  await back.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soft Punk Deep Cuts' })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(2_000);
  await expect(forward).toBeEnabled();
  // The view as it is (a full-page screenshot would stretch the page, and the list with it).
  await page.screenshot({ path: testInfo.outputPath('scroll-restored.png') });

  // Forward: the artist, at its top; Back again: the list, where it was.
  await forward.click();
  await expect(page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(0);
  await expect(forward).toBeDisabled();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Soft Punk Deep Cuts' })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(2_000);

  // After a reload, the entry keeps its place and its way forward.
  await page.reload();
  await expect(items.getByRole('listitem')).toHaveCount(50);
  await expect(forward).toBeEnabled();
  await expect(back).toBeEnabled();

  // A new screen from here: at its top, and nothing ahead of it any more.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Liked Songs/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
  expect(await scrollTop(page)).toBe(0);
  await expect(forward).toBeDisabled();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the screens stay accessible at a phone's width, and every row's play button is named", async ({
    page,
  }, testInfo) => {
    await page.goto('/auth/signin');
    // Checked once drawn: before it, the page has neither its landmark nor its heading.
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
    await expectAccessible(page);
    await signIn(page, '/collection/tracks');
    await expect(page).toHaveTitle('Liked Songs – Graphonic');
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
    await expectAccessible(page);
    const album = await pickAlbum(page);
    await page.goto(`/album/${album.id}`);
    const list = albumTracks(page, album.name);
    await expect(list.getByRole('listitem')).toHaveCount(album.totalTracks);
    await expect(list.getByRole('button', { name: /^Play .+ by .+/ })).toHaveCount(album.totalTracks);
    await expect(page).toHaveTitle(`${album.name} – Graphonic`);
    await saveScreen(page, testInfo, 'phone-album');
    await expectAccessible(page);
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });
});
