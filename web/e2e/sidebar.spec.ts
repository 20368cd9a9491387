import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { answerTo, failOperation } from './faults';
import { saveScreen } from './screens';
import { albumTracks, escapeRegExp, expectAccessible, graphql, signIn, unsavedShow, watchErrors } from './support';

// Whole-page loads (sign-in, reloads) on a busy machine take longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

const sidebar = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('region', { name: 'Your Library' });
const rows = (page: Page): Locator => sidebar(page).getByRole('list', { name: 'Saved in Your Library' });

interface Item {
  id: string;
  name: string;
  saved?: boolean;
}

/** A new release the listener has not saved. */
async function unsavedAlbum(page: Page): Promise<Item> {
  const data = await graphql<{ newReleases: { edges: { node: Item }[] } }>(
    page,
    'query SidebarJourneyAlbums { newReleases(first: 30) { edges { node { id name saved } } } }',
  );
  const album = data.newReleases.edges.map((edge) => edge.node).find((node) => !node.saved);
  if (!album) throw new Error('Every new release is saved already.');
  return album;
}

async function followed(page: Page, id: string): Promise<boolean> {
  const data = await graphql<{ artist: { following: boolean } }>(
    page,
    'query SidebarJourneyFollowing($id: ID!) { artist(id: $id) { following } }',
    { id },
  );
  return data.artist.following;
}

test('the sidebar is Your Library: what is saved or followed shows at once, and a chip narrows it across reloads', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  const errors = watchErrors(page);
  const library = sidebar(page);
  await expect(library.getByRole('heading', { name: 'Your Library' })).toBeVisible();
  await expect(rows(page).getByRole('link', { name: /^Liked Songs Playlist · \d+ songs?$/ })).toBeVisible();
  await expect(
    rows(page)
      .getByRole('link', { name: /Playlist · / })
      .nth(1),
  ).toBeVisible();
  await expect(
    rows(page)
      .getByRole('link', { name: /Podcast · / })
      .first(),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'sidebar');
  await expectAccessible(page);

  // An album saved from its page joins the sidebar at once, and its row is marked as the page shown.
  const album = await unsavedAlbum(page);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(album.name);
  const albumRow = rows(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(album.name)} Album · `) });
  await expect(albumRow).toHaveCount(0);
  const albumSaved = answerTo(page, 'SaveToLibrary');
  // The album's own button comes before its tracks', which a title track shares a name with.
  await page
    .getByRole('button', { name: `Save ${album.name} to your library` })
    .first()
    .click();
  await expect(albumRow).toBeVisible();
  await expect(albumRow).toHaveAttribute('aria-current', 'page');

  // An artist followed from their page: a round portrait, "Artist".
  const artistLink = albumTracks(page, album.name).getByRole('listitem').first().getByRole('link').first();
  const artistName = (await artistLink.textContent()) ?? '';
  await artistLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artistName);
  const artistId = new URL(page.url()).pathname.replace('/artist/', '');
  const wasFollowing = await followed(page, artistId);
  const artistRow = rows(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(artistName)} Artist$`) });
  if (wasFollowing) {
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(artistRow).toHaveCount(0);
  }
  const artistFollowed = answerTo(page, 'FollowArtists');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(artistRow).toBeVisible();
  await expect(artistRow).toHaveAttribute('aria-current', 'page');

  // A podcast saved from its page. The page loaded for it reads the library from the music service: the album and
  // the artist are there once it has answered (the sidebar showed them before).
  expect((await albumSaved).ok()).toBe(true);
  expect((await artistFollowed).ok()).toBe(true);
  const show = await unsavedShow(page);
  await page.goto(`/show/${show.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(show.name);
  const showRow = rows(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(show.name)} Podcast · `) });
  await expect(showRow).toHaveCount(0);
  const showSaved = answerTo(page, 'SaveToLibrary');
  await page.getByRole('button', { name: `Save ${show.name} to your library` }).click();
  await expect(showRow).toBeVisible();
  await saveScreen(page, testInfo, 'sidebar-saved');

  // The Albums chip narrows the list to albums, and a reload keeps it.
  const albumsChip = library.getByRole('button', { name: 'Albums', exact: true });
  await albumsChip.click();
  await expect(albumsChip).toHaveAttribute('aria-pressed', 'true');
  await expect(showRow).toHaveCount(0);
  await expect(artistRow).toHaveCount(0);
  await expect(albumRow).toBeVisible();
  for (const subtitle of await rows(page).getByRole('link').allTextContents()) expect(subtitle).toMatch(/Album · /);
  await saveScreen(page, testInfo, 'sidebar-albums');
  await expectAccessible(page);
  // The podcast is in the library the reload reads once the music service has answered.
  expect((await showSaved).ok()).toBe(true);
  await page.reload();
  await expect(albumsChip).toHaveAttribute('aria-pressed', 'true');
  await expect(albumRow).toBeVisible();
  await expect(showRow).toHaveCount(0);
  // A second click shows everything again.
  await albumsChip.click();
  await expect(library.getByRole('button', { name: 'Podcasts', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(showRow).toBeVisible();

  // Undone from the pages, they leave the sidebar at once: the listener's library is as it was.
  await page.getByRole('button', { name: `Remove ${show.name} from your library` }).click();
  await expect(showRow).toHaveCount(0);
  await page.goto(`/artist/${artistId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artistName);
  if (!wasFollowing) {
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(artistRow).toHaveCount(0);
  }
  await page.goto(`/album/${album.id}`);
  await page.getByRole('button', { name: `Remove ${album.name} from your library` }).click();
  await expect(albumRow).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the sidebar says when Your Library cannot be loaded, and loads it again on request', async ({
  page,
}, testInfo) => {
  await signIn(page, '/search');
  const failing = await failOperation(page, 'SidebarLibrary', 'network');
  await page.reload();
  const library = sidebar(page);
  await expect(library.getByText('We could not load your library.')).toBeVisible();
  await saveScreen(page, testInfo, 'sidebar-error');
  await expectAccessible(page);
  failing.heal();
  await library.getByRole('button', { name: 'Try again' }).click();
  await expect(rows(page).getByRole('link', { name: /^Liked Songs/ })).toBeVisible();
  await failing.release();
});
