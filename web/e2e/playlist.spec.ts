import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { saveScreen } from './screens';
import { addFirstFound, expectAccessible, playlistOrder as order, signIn, watchErrors } from './support';

// Whole-page loads (sign-in, reloads) on a busy machine take longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Drags a row's handle to the middle of another row, with the pointer, in small steps. */
async function drag(page: Page, handle: Locator, onto: Locator, below: boolean): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await onto.boundingBox();
  if (!from || !to) throw new Error('The rows to drag between are not on screen.');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + (below ? 8 : -8), { steps: 12 });
  await page.mouse.up();
}

test('a listener makes a playlist, fills it, orders it, edits it, and deletes it; every change is kept', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, '/library');
  // From here on: the sign-in pages are the music service's, not the app's.
  const errors = watchErrors(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();

  // Made from the library, it opens with its details to edit, checked before they are sent.
  await page.getByRole('main').getByRole('button', { name: 'Create playlist' }).click();
  // The dialog's own box holds nothing: its panel is what shows.
  const details = page.getByRole('dialog', { name: 'Edit details' });
  await expect(details.getByLabel('Name')).toBeVisible();
  await expect(details.getByLabel('Name')).toHaveValue(/^My Playlist #\d+$/);
  await details.getByLabel('Name').fill('   ');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Give the playlist a name.')).toBeVisible();
  await expect(details.getByLabel('Name')).toBeFocused();
  await saveScreen(page, testInfo, 'playlist-details-invalid');
  await expectAccessible(page);
  const name = `Road trip ${String(Date.now())}`;
  await details.getByLabel('Name').fill(name);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Private playlist')).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-empty');
  await expectAccessible(page);

  // Three songs from the search under the list; each shows at once.
  const items = page.getByRole('list', { name: `Items of ${name}` });
  const first = await addFirstFound(page, name, 'river');
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const second = await addFirstFound(page, name, 'summer');
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const third = await addFirstFound(page, name, 'love');
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect.poll(() => order(items)).toEqual([first, second, third]);
  await expect(page.getByText(/3 songs, \d+ min/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await saveScreen(page, testInfo, 'playlist-own');
  await expectAccessible(page);

  // By keyboard: pick the third up, carry it to the top, drop it; each step is announced.
  const thirdHandle = items.getByRole('button', { name: `Reorder ${third}` });
  await thirdHandle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${third}, position 3 of 3.`, { exact: false })).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(thirdHandle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${third} moved to position 1 of 3.`)).toBeAttached();
  await expect.poll(() => order(items)).toEqual([third, first, second]);

  // By dragging: the top row to the bottom.
  await drag(page, items.getByRole('button', { name: `Reorder ${third}` }), items.getByRole('listitem').nth(2), true);
  await expect.poll(() => order(items)).toEqual([first, second, third]);

  // Removed from the row's menu, with a moment to undo it.
  await items.getByRole('button', { name: `More options for ${second}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect.poll(() => order(items)).toEqual([first, third]);
  await expect(page.getByText(`Removed ${second}.`)).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-removed-undo');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => order(items)).toEqual([first, second, third]);
  await items.getByRole('button', { name: `More options for ${second}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect.poll(() => order(items)).toEqual([first, third]);

  // Its details: a description, and public.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(details.getByLabel('Description')).toBeVisible();
  await details.getByLabel('Description').fill('x'.repeat(301));
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('The description is 301 characters long; 300 at most.')).toBeVisible();
  await details.getByLabel('Description').fill('Songs for the long road & the night.');
  await details.getByRole('switch', { name: 'Public' }).click();
  await saveScreen(page, testInfo, 'playlist-details');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Songs for the long road & the night.')).toBeVisible();
  await expect(page.getByText('Public playlist')).toBeVisible();

  // A reload shows every change kept by the music service.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Songs for the long road & the night.')).toBeVisible();
  await expect(page.getByText('Public playlist')).toBeVisible();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([first, third]);
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('list', { name: 'Your playlists' }).getByRole('link', { name })).toBeVisible();
  }

  // Deleted after a confirmation (what the library shows then: see the next test).
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete from Your Library?' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-delete-confirm');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a deleted playlist leaves the library and the sidebar at once, and for good', async ({ page }) => {
  await signIn(page, '/library');
  await page.getByRole('main').getByRole('button', { name: 'Create playlist' }).click();
  const details = page.getByRole('dialog', { name: 'Edit details' });
  const name = `Short-lived ${String(Date.now())}`;
  await details.getByLabel('Name').fill(name);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const everywhere = page.getByRole('link', { name: new RegExp(`^${name}`) });
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Discoveries')).toBeVisible();
  await expect(everywhere).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('main').getByText('Discoveries')).toBeVisible();
  await expect(everywhere).toHaveCount(0);
});

test("someone else's playlist plays and can be saved or removed, but not changed", async ({ page }, testInfo) => {
  await signIn(page, '/library');
  // From here on: the sign-in pages are the music service's, not the app's.
  const errors = watchErrors(page);
  const link = page.getByRole('main').getByRole('link', { name: /Soft Punk Deep Cuts/ });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soft Punk Deep Cuts' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByText(/65 songs, about \d+ hr/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'playlist-other');
  await expectAccessible(page);

  // Infinite scroll brings the rest of its 65 items.
  const items = page.getByRole('list', { name: 'Items of Soft Punk Deep Cuts' });
  await expect(items.getByRole('listitem')).toHaveCount(50);
  await items.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await expect(items.getByRole('listitem')).toHaveCount(65);

  const remove = page.getByRole('button', { name: 'Remove Soft Punk Deep Cuts from your library' });
  const save = page.getByRole('button', { name: 'Save Soft Punk Deep Cuts to your library' });
  try {
    await remove.click();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Discoveries')).toBeVisible();
    await expect(link).toHaveCount(0);
    await page.goBack();
    await save.click();
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/library');
    await expect(link).toBeVisible();
  } finally {
    // The demo listener follows it again, whatever happened above.
    await page.request.post('/graphql', {
      headers: { 'apollo-require-preflight': 'true' },
      data: {
        query: 'mutation($id: ID!) { followPlaylist(input: { playlistId: $id }) { playlist { id } } }',
        variables: { id },
      },
    });
  }
  expect(errors).toEqual([]);
});

test('a playlist that does not exist, or that cannot be reached, says so', async ({ page }, testInfo) => {
  await signIn(page, '/');
  await page.goto('/playlist/0000000000000000000000');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-not-found');
  await expectAccessible(page);

  // The api cannot be reached: the screen explains, and retries once it can.
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'PlaylistPage') await route.abort('internetdisconnected');
    else await route.fallback();
  });
  await page
    .getByRole('main')
    .getByRole('link', { name: /Discoveries/ })
    .click();
  await expect(page.getByText('We could not load this playlist.')).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-error');
  await expectAccessible(page);
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discoveries' })).toBeVisible();
});
