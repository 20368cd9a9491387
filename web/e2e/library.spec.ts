import { expect as baseExpect, test, type Locator, type Route } from '@playwright/test';
import { answerTo, failOperation, graphqlRequests, operationNameOf } from './faults';
import { saveScreen } from './screens';
import { expectAccessible, signIn, watchErrors } from './support';

// Whole-page loads (sign-in, reloads) on a busy machine take longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The names of the links of a list, in order (their first line: the name). */
async function linkNames(list: Locator): Promise<string[]> {
  return list
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.querySelector('span span')?.textContent ?? ''));
}

test('the library shows every kind, narrows, filters and sorts them, as a list or a grid', async ({
  page,
}, testInfo) => {
  await signIn(page, '/library');
  // From here on: the sign-in pages are the music service's, not the app's.
  const errors = watchErrors(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Liked Songs Playlist · \d+ songs$/ })).toBeVisible();
  for (const section of ['Playlists', 'Albums', 'Artists', 'Podcasts']) {
    await expect(main.getByRole('region', { name: section })).toBeVisible();
  }
  await saveScreen(page, testInfo, 'library');
  await expectAccessible(page);

  // One kind at a time, sorted by name with the listbox.
  const albumsChip = main.getByRole('button', { name: 'Albums', exact: true });
  await albumsChip.click();
  await expect(albumsChip).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByRole('region', { name: 'Playlists' })).toHaveCount(0);
  const albums = main.getByRole('region', { name: 'Albums' });
  await expect(albums.getByRole('link').first()).toBeVisible();
  await main.getByRole('button', { name: /^Sort by/ }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await saveScreen(page, testInfo, 'library-sort');
  await page.getByRole('option', { name: 'Alphabetical' }).click();
  await expect(main.getByRole('button', { name: /^Sort by/ })).toContainText('Alphabetical');
  const names = await linkNames(albums);
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  await saveScreen(page, testInfo, 'library-albums');
  // Narrowed and sorted, it stays so across a reload.
  await page.reload();
  await expect(albumsChip).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByRole('button', { name: /^Sort by/ })).toContainText('Alphabetical');
  expect(await linkNames(albums)).toEqual(names);

  // A grid of cards, remembered.
  await main.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await albumsChip.click();
  await expect(main.getByRole('region', { name: 'Playlists' })).toBeVisible();
  await saveScreen(page, testInfo, 'library-grid');
  await expectAccessible(page);
  await page.reload();
  await expect(main.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await main.getByRole('button', { name: 'List', exact: true }).click();

  // The filter finds by name or creator, and says when nothing matches.
  const filter = main.getByRole('searchbox', { name: 'Search in Your Library' });
  await filter.fill('deep cuts');
  const playlists = main.getByRole('region', { name: 'Playlists' });
  await expect(playlists.getByRole('link').first()).toBeVisible();
  for (const name of await linkNames(playlists)) expect(name.toLowerCase()).toContain('deep cuts');
  await expect(main.getByRole('region', { name: 'Albums' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'library-filtered');
  await page.reload();
  await expect(filter).toHaveValue('deep cuts');
  await expect(main.getByRole('region', { name: 'Albums' })).toHaveCount(0);
  await filter.fill('nothing is called this');
  await expect(main.getByRole('heading', { name: 'Nothing matches “nothing is called this”' })).toBeVisible();
  await saveScreen(page, testInfo, 'library-no-match');
  await expectAccessible(page);
  await main.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(filter).toHaveValue('');
  await expect(main.getByRole('region', { name: 'Albums' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the library says so when it cannot be loaded, and loads again on request', async ({ page }, testInfo) => {
  await signIn(page, '/');
  const failing = await failOperation(page, 'LibraryPage', 'network');
  // The sidebar reads the same lists, and the screen would find them in the cache: it fails too, from a fresh page.
  const sidebarFailing = await failOperation(page, 'SidebarLibrary', 'network');
  await page.reload();
  await page.getByRole('link', { name: 'Your Library' }).first().click();
  const main = page.getByRole('main');
  await expect(main.getByText('We could not load your library.')).toBeVisible();
  await saveScreen(page, testInfo, 'library-error');
  await expectAccessible(page);
  failing.heal();
  await main.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await failing.release();
  sidebarFailing.heal();
  await sidebarFailing.release();
});

test('a liked track shows in Liked Songs; unliked there, it leaves at once, and stays when a removal fails', async ({
  page,
}, testInfo) => {
  await signIn(page, '/library');
  const errors = watchErrors(page);
  const main = page.getByRole('main');

  // Like a track of a playlist.
  await main.getByRole('link', { name: /^Soft Punk Deep Cuts/ }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Soft Punk Deep Cuts' })).toBeVisible();
  const saveButton = /^Save .+ to your library$/;
  const row = main
    .getByRole('list', { name: 'Items of Soft Punk Deep Cuts' })
    .getByRole('listitem')
    // Until the pointer is over its row, an unsaved track's heart is hidden (on wide screens).
    .filter({ has: page.getByRole('button', { name: saveButton, includeHidden: true }) })
    .first();
  const like = row.getByRole('button', { name: saveButton, includeHidden: true });
  const label = (await like.getAttribute('aria-label')) ?? '';
  const name = label.slice('Save '.length, label.length - ' to your library'.length);
  const saved = answerTo(page, 'SaveToLibrary');
  await row.hover();
  await like.click();
  // The row now offers the removal (it no longer matches `row`).
  await expect(main.getByRole('button', { name: `Remove ${name} from your library` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // It is the newest of the liked songs, once the music service has it (the heart shows it before).
  expect((await saved).ok()).toBe(true);
  await page.goto('/collection/tracks');
  await expect(main.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
  const liked = main.getByRole('list', { name: 'Liked Songs' });
  const first = liked.getByRole('listitem').first();
  await expect(first).toContainText(name);
  const count = main.getByText(/^[\d,]+ songs$/);
  const before = Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  await saveScreen(page, testInfo, 'liked-songs');
  await expectAccessible(page);

  // A removal that fails puts the row back, and says why.
  const cutRemoval = async (route: Route) => {
    if (operationNameOf(route.request()) === 'RemoveFromLibrary') await route.abort('internetdisconnected');
    else await route.fallback();
  };
  await page.route(graphqlRequests, cutRemoval);
  await first.getByRole('button', { name: `Remove ${name} from your library` }).click();
  await expect(page.getByRole('alert').filter({ hasText: /offline|cannot be reached/ })).toBeVisible();
  await expect(first).toContainText(name);
  await expect(count).toHaveText(`${String(before)} songs`);
  await saveScreen(page, testInfo, 'liked-songs-rollback');
  await page.unroute(graphqlRequests, cutRemoval);

  // Unliked: it leaves at once, and is gone after a reload (once the music service has it).
  const removed = answerTo(page, 'RemoveFromLibrary');
  await first.getByRole('button', { name: `Remove ${name} from your library` }).click();
  await expect(count).toHaveText(`${String(before - 1)} songs`);
  await expect(liked.getByRole('listitem').first()).not.toContainText(name);
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(main.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
  await expect(count).toHaveText(`${String(before - 1)} songs`);
  await expect(liked.getByRole('listitem').first()).not.toContainText(name);
  // The failed removal's message is the one error this journey expects.
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/i.test(error))).toEqual([]);
});
