import { expect, test, type Page } from '@playwright/test';
import { failOperation } from './faults';
import { saveScreen } from './screens';
import { expectAccessible, signIn, watchErrors } from './support';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'What do you want to listen to?' });

/** The names of the songs a list shows, in order. */
async function songNames(page: Page, list: string): Promise<string[]> {
  const rows = page.getByRole('list', { name: list }).getByRole('listitem');
  return rows.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

test('a search as it is typed: results, the address, the tabs, more, a reload, and an album', async ({
  page,
}, testInfo) => {
  await signIn(page, '/search');
  const errors = watchErrors(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Browse all' }).getByRole('link').first()).toBeVisible();
  await saveScreen(page, testInfo, 'search-browse');
  await expectAccessible(page);

  await searchBox(page).fill('love');
  await expect(page).toHaveURL(/\/search\?q=love$/);
  const top = page.getByRole('region', { name: 'Top result' });
  // The music service builds its search index on the first search: that one may take a while.
  await expect(top.getByRole('link')).toHaveText('Love You', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Songs for “love”' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Albums' }).getByRole('listitem').first()).toBeVisible();
  await saveScreen(page, testInfo, 'search-all');
  await expectAccessible(page);

  // One type alone, in the address, with more of it on demand.
  await page.getByRole('tab', { name: 'Songs' }).click();
  await expect(page).toHaveURL(/\/search\?q=love&type=tracks$/);
  await expect(page.getByRole('tab', { name: 'Songs' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('list', { name: 'Songs for “love”' }).getByRole('listitem');
  await expect(rows.nth(9)).toBeVisible();
  const before = await rows.count();
  await page.getByRole('button', { name: 'More songs' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(before);
  await saveScreen(page, testInfo, 'search-songs');
  await expectAccessible(page);
  const firstSongs = (await songNames(page, 'Songs for “love”')).slice(0, 10);

  // The address alone brings the same search back.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('love');
  await expect(page.getByRole('tab', { name: 'Songs' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(9)).toBeVisible();
  expect((await songNames(page, 'Songs for “love”')).slice(0, 10)).toEqual(firstSongs);

  // An album from the results opens its page.
  await page.getByRole('tab', { name: 'Albums' }).click();
  await expect(page).toHaveURL(/\/search\?q=love&type=albums$/);
  const firstAlbum = page.getByRole('list', { name: 'Albums for “love”' }).getByRole('link').first();
  const albumName = (await firstAlbum.textContent()) ?? '';
  await saveScreen(page, testInfo, 'search-albums');
  await firstAlbum.click();
  await expect(page).toHaveURL(/\/album\/[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: albumName })).toBeVisible();

  // Back to the results, as they were.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=love&type=albums$/);
  await expect(page.getByRole('tab', { name: 'Albums' })).toHaveAttribute('aria-selected', 'true');

  // A word typed as it sounds finds the word as it is spelt.
  await searchBox(page).fill('midnite');
  await expect(page).toHaveURL(/\/search\?q=midnite/);
  const spelt = page.getByRole('list', { name: 'Albums for “midnite”' }).getByRole('link');
  await expect(spelt.first()).toBeVisible();
  expect((await spelt.allTextContents()).some((name) => /midnight/i.test(name))).toBe(true);
  await saveScreen(page, testInfo, 'search-spelt-as-it-sounds');
  expect(errors).toEqual([]);
});

test('a search that finds nothing says so, with a next step', async ({ page }, testInfo) => {
  await signIn(page, '/search?q=zzqqxxv');
  await expect(page.getByRole('heading', { name: 'No results found for “zzqqxxv”' })).toBeVisible();
  await expect(page.getByText('Check the spelling, or try fewer or different words.')).toBeVisible();
  await saveScreen(page, testInfo, 'search-empty');
  await expectAccessible(page);

  // Clearing the box goes back to browsing.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByRole('list', { name: 'Browse all' })).toBeVisible();
});

test('a failed search explains itself and tries again', async ({ page }, testInfo) => {
  await signIn(page, '/');
  const failing = await failOperation(page, 'SearchPage', 'unavailable');
  await page.goto('/search?q=blue');
  await expect(page.getByText('We could not search the catalog.')).toBeVisible();
  await saveScreen(page, testInfo, 'search-error');
  await expectAccessible(page);
  failing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Top result' })).toBeVisible();
  await failing.release();
});

test('the / key opens the search box from anywhere', async ({ page }) => {
  await signIn(page, '/');
  await page.locator('body').press('/');
  await expect(page).toHaveURL(/\/search$/);
  await expect(searchBox(page)).toBeFocused();
});

test('a category from the tiles lists its playlists', async ({ page }, testInfo) => {
  await signIn(page, '/search');
  const errors = watchErrors(page);
  await page.getByRole('list', { name: 'Browse all' }).getByRole('link', { name: 'Jazz' }).click();
  await expect(page).toHaveURL(/\/category\/jazz$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jazz' })).toBeVisible();
  const playlists = page.getByRole('list', { name: 'Playlists of Jazz' }).getByRole('listitem');
  await expect(playlists.first()).toBeVisible();
  await saveScreen(page, testInfo, 'category');
  await expectAccessible(page);

  // A playlist of the category opens its page.
  const first = playlists.first().getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/playlist\/[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown category is explained in plain words', async ({ page }, testInfo) => {
  await signIn(page, '/category/no-such-category');
  await expect(page.getByRole('heading', { name: 'Category not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all categories' })).toHaveAttribute('href', '/search');
  await saveScreen(page, testInfo, 'category-not-found');
  await expectAccessible(page);
});
