import { expect, test, type Locator, type Page } from '@playwright/test';
import { OwnServers } from './outage-servers';
import { saveScreen } from './screens';
import { expectAccessible, signIn } from './support';

/**
 * An outage is not a sign-out: with the music service or the api stopped (real processes of this
 * file's own, on ports of their own), the listener stays on their screen, reads one message, and
 * comes back without a reload once the service is back.
 */
const servers = new OwnServers(
  Number(process.env.E2E_OUTAGE_PORT ?? 4610),
  Number(process.env.E2E_OUTAGE_MUSIC_PORT ?? 4611),
);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: servers.baseUrl });

test.beforeAll(async () => {
  // Both first starts, each given up to 180 s (outage-servers.ts).
  test.setTimeout(400_000);
  await servers.startMusic();
  await servers.startApi();
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await servers.stopAll();
});

/** Every test starts with both running, whatever the one before left. */
test.beforeEach(async () => {
  await servers.ensureRunning();
});

const banner = (page: Page, words: RegExp): Locator => page.getByRole('status').filter({ hasText: words });
const music = /Can't reach the music service/;
const api = /Can't reach Graphonic/;
/** Alerts that say something (the toasts' live region is there, empty, all along). */
const alerts = (page: Page): Locator => page.getByRole('alert').filter({ hasText: /\S/ });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a reload while the music service is down says it cannot be reached, not signed out, and comes in by itself', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  await servers.stopMusic();
  await page.reload();

  const outage = banner(page, music);
  await expect(outage).toBeVisible();
  await expect(outage).toContainText('Retrying');
  await expect(outage.getByRole('button', { name: 'Try now' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByText('Sign in to Graphonic')).toHaveCount(0);
  await expect(alerts(page)).toHaveCount(0);
  await saveScreen(page, testInfo, 'outage-first-load');
  await expectAccessible(page);

  // Back by itself, without a reload: the next try (at most 30 s away) finds it.
  await servers.startMusic();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(outage).toHaveCount(0);
  await expect(alerts(page)).toHaveCount(0);
  await saveScreen(page, testInfo, 'outage-first-load-recovered');
});

test('Liked Songs opened while the music service is down keeps the screen, with one message, and loads once it is back', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  // A screen whose answer is not in the cache yet (the library's lists are: the sidebar shows them).
  const likedSongs = page.getByRole('region', { name: 'Your Library' }).getByRole('link', { name: /^Liked Songs/ });
  await expect(likedSongs).toBeVisible();
  await servers.stopMusic();
  await likedSongs.click();

  const outage = banner(page, music);
  await expect(outage).toBeVisible();
  await expect(page).toHaveURL(/\/collection\/tracks$/);
  await expect(page.getByText('Sign in to Graphonic')).toHaveCount(0);
  // One message for one failure: no error screen's alert, no toast on top of the banner.
  await expect(alerts(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /reach/ })).toHaveCount(1);
  // Nothing the outage left unanswered is said to be missing: the sidebar's library waits too.
  await expect(page.getByRole('heading', { name: 'Not found' })).toHaveCount(0);
  // The player cannot know what plays: it does not say that nothing does.
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toBeVisible();
  await expect(player).not.toContainText('Nothing is playing');
  await saveScreen(page, testInfo, 'outage-liked-songs');
  await expectAccessible(page);

  // Back by itself at its next try (Try now is disabled while a try of its own is on its way, so a click
  // here could meet a banner that is just going away).
  await servers.startMusic();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible({ timeout: 45_000 });
  await expect(outage).toHaveCount(0);
  await expect(player).toContainText('Nothing is playing');
  await saveScreen(page, testInfo, 'outage-liked-songs-recovered');
});

test('a screen whose code cannot be fetched while the api is down waits for it, not for a new version, and a search asks again', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, '/');
  await servers.stopApi();
  // Search's code has not been fetched yet: it cannot be while the api is down.
  await mainNav(page).getByRole('link', { name: 'Search' }).click();

  const outage = banner(page, api);
  await expect(outage).toBeVisible();
  await expect(page.getByText('This screen loads by itself as soon as Graphonic can be reached.')).toBeVisible();
  await expect(page.getByText(/updated while you were here/)).toHaveCount(0);
  await expect(alerts(page)).toHaveCount(0);
  await saveScreen(page, testInfo, 'outage-api-screen');
  await expectAccessible(page);

  await servers.startApi();
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible({ timeout: 45_000 });
  await expect(outage).toHaveCount(0);

  // A search typed while the api is down is answered once it is back, without typing it again.
  await servers.stopApi();
  await page.getByRole('searchbox', { name: 'What do you want to listen to?' }).fill('love');
  await expect(outage).toBeVisible();
  await expect(alerts(page)).toHaveCount(0);
  await servers.startApi();
  await expect(page.getByRole('region', { name: 'Top result' }).getByRole('link')).toHaveText('Love You', {
    timeout: 45_000,
  });
  await expect(outage).toHaveCount(0);
  await saveScreen(page, testInfo, 'outage-search-recovered');
});
