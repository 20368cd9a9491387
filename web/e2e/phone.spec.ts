import { expect, test, type Page } from '@playwright/test';
import { saveScreen } from './screens';
import { expectAccessible, graphql, signIn, stopLeftoverPlayback } from './support';

/**
 * The app on a phone (the `phone` project only): no screen is wider than the phone, every button and
 * link is at least 44×44 CSS pixels (WCAG 2.5.5, Apple's guidelines), and home is a few shelves that
 * scroll sideways rather than grids many screens tall.
 */

test.skip(({ isMobile }) => !isMobile, 'The phone layout, at a phone’s width.');

/** The smallest target a finger can hit reliably, in CSS pixels. */
const thumb = 44;

interface Catalog {
  album: { id: string; name: string; artistId: string };
  playlistId: string;
  showId: string;
  episodeId: string;
}

async function catalog(page: Page): Promise<Catalog> {
  const data = await graphql<{
    newReleases: { edges: { node: { id: string; name: string; artists: { id: string }[] } }[] };
    me: {
      playlists: { edges: { node: { id: string } }[] };
      savedShows: { edges: { node: { id: string; episodes: { edges: { node: { id: string } }[] } } }[] };
    };
  }>(
    page,
    `
      query PhoneCatalog {
        newReleases(first: 1) {
          edges {
            node {
              id
              name
              artists {
                id
              }
            }
          }
        }
        me {
          playlists(first: 1) {
            edges {
              node {
                id
              }
            }
          }
          savedShows(first: 1) {
            edges {
              node {
                id
                episodes(first: 1) {
                  edges {
                    node {
                      id
                    }
                  }
                }
              }
            }
          }
        }
      }
    `,
  );
  const album = data.newReleases.edges[0]?.node;
  const playlist = data.me.playlists.edges[0]?.node;
  const show = data.me.savedShows.edges[0]?.node;
  const episode = show?.episodes.edges[0]?.node;
  if (!album || !playlist || !show || !episode) throw new Error('The demo catalog lacks an album, playlist or show.');
  return {
    album: { id: album.id, name: album.name, artistId: album.artists[0]?.id ?? '' },
    playlistId: playlist.id,
    showId: show.id,
    episodeId: episode.id,
  };
}

async function isPlaying(page: Page): Promise<boolean> {
  const { player } = await graphql<{ player: { state: { isPlaying: boolean } | null } }>(
    page,
    'query PhonePlaying { player { state { isPlaying } } }',
  );
  return player.state?.isPlaying ?? false;
}

/** Opens a screen and waits until it has drawn its content, not its skeleton. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** How far the page, and the scrolling main area, reach past the screen's right edge. */
async function overflow(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

/**
 * Every visible button and link smaller than a thumb, by name and size. A link inside a run of text (a
 * sentence, a line of credits) is exempt, as WCAG exempts it: its size is the line's.
 */
async function smallTargets(page: Page): Promise<string[]> {
  const targets = page
    .locator('a[href], button, [role="button"], [role="tab"], [role="link"], [role="switch"]')
    .filter({ visible: true });
  // Each target's bounding box, as boundingBox() measures it, read in one pass over the page.
  return targets.evaluateAll(
    (elements, thumb) =>
      elements.flatMap((element) => {
        const parent = element.parentElement;
        const inText =
          getComputedStyle(element).display === 'inline' &&
          parent !== null &&
          [...parent.childNodes].some(
            (node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          );
        // Shown only to a keyboard (a skip link until focused): clipped away, where no finger meets it.
        const clipped = getComputedStyle(element).clipPath === 'inset(50%)';
        const box = element.getBoundingClientRect();
        // A stand-in replaced as its code arrives (a row's menu button): its replacement is the one to measure.
        if (!element.isConnected) return [];
        if (inText || clipped || (box.width >= thumb - 0.5 && box.height >= thumb - 0.5)) return [];
        const name = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 40);
        return [
          `${element.tagName.toLowerCase()} "${name}" ${String(Math.round(box.width))}×${String(Math.round(box.height))}`,
        ];
      }),
    thumb,
  );
}

test('every main screen fits the phone’s width, and every button and link on it is big enough for a thumb', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, '/');
  const { album, playlistId, showId, episodeId } = await catalog(page);

  // Something plays, paused, so that now playing shows a track and what it sounds like, and the queue lists.
  await open(page, `/album/${album.id}`);
  await page
    .getByRole('button', { name: `Play ${album.name}`, exact: true })
    .first()
    .click();
  await expect.poll(() => isPlaying(page), { timeout: 15_000 }).toBe(true);
  await stopLeftoverPlayback(page);

  const screens = [
    '/',
    '/search',
    '/search?q=blue',
    '/library',
    `/album/${album.id}`,
    `/artist/${album.artistId}`,
    `/playlist/${playlistId}`,
    '/collection/tracks',
    `/show/${showId}`,
    `/episode/${episodeId}`,
    '/now-playing',
    '/queue',
    '/devices',
    '/profile',
  ];
  const wide: Record<string, { page: number; main: number }> = {};
  const small: Record<string, string[]> = {};
  for (const path of screens) {
    await open(page, path);
    if (path === '/now-playing') {
      await expect(page.getByRole('heading', { name: 'What it sounds like' })).toBeVisible();
      await expect(page.getByRole('img', { name: /^How .* measures/ })).toBeVisible();
    }
    const reach = await overflow(page);
    if (reach.page > 0 || reach.main > 0) wide[path] = reach;
    const targets = await smallTargets(page);
    if (targets.length > 0) small[path] = targets;
  }
  expect.soft(wide, 'screens wider than the phone (pixels past its edge)').toEqual({});
  expect(small, 'buttons and links smaller than 44×44').toEqual({});

  await open(page, '/now-playing');
  await saveScreen(page, testInfo, 'layout-now-playing');
  await expectAccessible(page);
  await open(page, `/album/${album.id}`);
  await saveScreen(page, testInfo, 'layout-album');
  await expectAccessible(page);
});

test('home is a few shelves that scroll sideways, each a titled region a keyboard walks through', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  await open(page, '/');
  const shelf = page.getByRole('region', { name: 'New releases' });
  const cards = shelf.getByRole('listitem');
  await expect(shelf.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(3);

  // One row of cards: every card at the first one's height, the later ones past the screen's edge.
  const first = await cards.first().boundingBox();
  const last = await cards.last().boundingBox();
  expect(first && last && Math.abs(first.y - last.y)).toBe(0);
  const viewport = page.viewportSize();
  expect(last?.x ?? 0).toBeGreaterThan(viewport?.width ?? 0);
  const list = shelf.getByRole('list');
  await expect(list).toHaveCSS('overflow-x', 'auto');
  await expect(list).toHaveCSS('scroll-snap-type', 'x mandatory');

  // A keyboard reaches the last card through its link, and the shelf scrolls it into view.
  const lastLink = cards.last().getByRole('link');
  await cards.first().getByRole('link').focus();
  for (let step = 0; step < 40 && !(await lastLink.evaluate((link) => link === document.activeElement)); step++) {
    await page.keyboard.press('Tab');
  }
  await expect(lastLink).toBeFocused();
  await expect(lastLink).toBeInViewport();
  expect(await list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  // The whole of home: a few screens, not seven.
  const height = await page.evaluate(() => document.querySelector('main')?.scrollHeight ?? 0);
  expect(height).toBeLessThanOrEqual((viewport?.height ?? 0) * 3);
  await saveScreen(page, testInfo, 'layout-home');
  await expectAccessible(page);
});
