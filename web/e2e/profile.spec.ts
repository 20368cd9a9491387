import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';
import { demoListener, expectAccessible, signIn, watchErrors } from './support';

test("the listener's profile: who they are, their month, what they share, and the way out", async ({
  page,
}, testInfo) => {
  await signIn(page, '/profile');
  const errors = watchErrors(page);
  // The first reading of the listening history after the service starts can take a while.
  await expect(page.getByRole('heading', { level: 1, name: demoListener().displayName })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/\d+ public playlists? · \d+ followers? · \d+ following/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top artists this month' }).getByRole('listitem').first()).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Your top tracks this month' }).getByRole('listitem').first(),
  ).toBeVisible();
  // Only the listener's own public playlists: the followed and private ones stay off the profile.
  const shared = page.getByRole('region', { name: 'Public playlists' });
  await expect(shared.getByRole('link', { name: 'Morning Energy' })).toBeVisible();
  await expect(shared.getByRole('link', { name: 'Discoveries' })).toHaveCount(0);
  await expect(shared.getByRole('link', { name: 'Chill Essentials' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/auth/signout');
  await saveScreen(page, testInfo, 'profile');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  expect(errors).toEqual([]);
});

test("another listener's profile and public playlists, reached from a playlist's owner", async ({ page }, testInfo) => {
  await signIn(page, '/category/jazz');
  const errors = watchErrors(page);
  const card = page.getByRole('list', { name: 'Playlists of Jazz' }).getByRole('listitem').first();
  await card.getByRole('link', { name: 'Graphonic' }).click();
  await expect(page).toHaveURL(/\/user\/graphonic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
  await expect(page.getByText(/\d+ public playlists · \d+ followers?/)).toBeVisible();
  const playlists = page.getByRole('list', { name: 'Playlists of Graphonic' }).getByRole('listitem');
  await expect(playlists.nth(19)).toBeVisible();
  const before = await playlists.count();
  await page.getByRole('button', { name: 'More playlists' }).click();
  await expect.poll(() => playlists.count()).toBeGreaterThan(before);
  await saveScreen(page, testInfo, 'user');
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("one's own id opens one's profile; an unknown one is explained", async ({ page }, testInfo) => {
  const listener = demoListener();
  await signIn(page, `/user/${listener.username}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: listener.displayName })).toBeVisible({ timeout: 20_000 });

  await page.goto('/user/no-such-listener');
  await expect(page.getByRole('heading', { name: 'Listener not found' })).toBeVisible();
  await saveScreen(page, testInfo, 'user-not-found');
  await expectAccessible(page);
});
