import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { answerTo, failOperation, holdOperation } from './faults';
import { saveScreen } from './screens';
import { addFirstFound, expectAccessible, graphql, playlistOrder as order, signIn, watchErrors } from './support';

// Whole-page loads (sign-in, reloads) on a busy machine take longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Drags a row's handle to just past the middle of the row at another place in the list, with the pointer, in small
 * steps; then, as a person's eye would, aims again at where that place is now before letting go: the screen may have
 * moved under the pointer meanwhile (a scroll near the list's edge, a section that settled below it).
 */
async function drag(page: Page, handle: Locator, onto: Locator, below: boolean): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('The row to drag is not on screen.');
  const x = from.x + from.width / 2;
  const target = async (): Promise<number> => {
    const to = await onto.boundingBox();
    if (!to) throw new Error('The place to drag to is not on screen.');
    return to.y + to.height / 2 + (below ? 8 : -8);
  };
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, await target(), { steps: 12 });
  await page.mouse.move(x, await target());
  await page.mouse.up();
}

test('a listener makes a playlist, fills it, orders it, edits it, and deletes it; every change is kept', async ({
  page,
}, testInfo) => {
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
  const named = answerTo(page, 'UpdatePlaylistDetails');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The heading shows the name at once; the music service has it once it has answered.
  expect((await named).ok()).toBe(true);
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
  await page.getByRole('button', { name: `Undo removing ${second}` }).click();
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
  const detailed = answerTo(page, 'UpdatePlaylistDetails');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Songs for the long road & the night.')).toBeVisible();
  await expect(page.getByText('Public playlist')).toBeVisible();

  // A reload shows every change kept by the music service, once it has them all (the screen shows each before).
  await saved(items);
  expect((await detailed).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Songs for the long road & the night.')).toBeVisible();
  await expect(page.getByText('Public playlist')).toBeVisible();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([first, third]);
  if (testInfo.project.name === 'desktop') {
    await expect(
      page
        .getByRole('list', { name: 'Saved in Your Library' })
        .getByRole('link', { name: new RegExp(`^${name} Playlist · `) }),
    ).toBeVisible();
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
  const deleted = answerTo(page, 'UnfollowPlaylist');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Discoveries')).toBeVisible();
  await expect(everywhere).toHaveCount(0);
  // Gone for good once the music service has answered.
  expect((await deleted).ok()).toBe(true);
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
    // The button changes at once; the library, loaded afresh, shows the change once the music service has answered.
    const removed = answerTo(page, 'UnfollowPlaylist');
    await remove.click();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    expect((await removed).ok()).toBe(true);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Discoveries')).toBeVisible();
    await expect(link).toHaveCount(0);
    await page.goBack();
    const followed = answerTo(page, 'FollowPlaylist');
    await save.click();
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect((await followed).ok()).toBe(true);
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
  const failing = await failOperation(page, 'PlaylistPage', 'network');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Discoveries/ })
    .click();
  await expect(page.getByText('We could not load this playlist.')).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-error');
  await expectAccessible(page);
  failing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discoveries' })).toBeVisible();
  await failing.release();
});

/**
 * Makes an empty playlist of the listener's own from the library; answers its name, once the music service has it
 * (the heading shows it before), so that a page loaded later finds the playlist by it.
 */
async function newPlaylist(page: Page, prefix: string): Promise<string> {
  await page.getByRole('main').getByRole('button', { name: 'Create playlist' }).click();
  const details = page.getByRole('dialog', { name: 'Edit details' });
  const name = `${prefix} ${String(Date.now())}`;
  await details.getByLabel('Name').fill(name);
  const named = answerTo(page, 'UpdatePlaylistDetails');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect((await named).ok()).toBe(true);
  return name;
}

/** The URI of the item at a position of a playlist, as the music service now holds it. */
async function uriAt(page: Page, id: string, position: number): Promise<string> {
  const { playlist } = await graphql<{ playlist: { items: { edges: { node: { uri: string } }[] } } }>(
    page,
    'query($id: ID!, $first: Int!) { playlist(id: $id) { items(first: $first) { edges { node { ... on Track { uri } } } } } }',
    { id, first: position + 1 },
  );
  return playlist.items.edges[position]?.node.uri ?? '';
}

/**
 * Waits until every edit the list shows has reached the music service: until then the list says it is busy, and
 * the page asks before it is left or reloaded, since an edit still queued would be lost.
 */
async function saved(items: Locator): Promise<void> {
  await expect(items).not.toHaveAttribute('aria-busy', 'true');
}

/** Whether the page would ask before it is left or reloaded now. */
function asksBeforeLeaving(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    return leaving.defaultPrevented;
  });
}

test('removing one copy of a song removes that row only, and a playlist changed elsewhere is not edited blind', async ({
  page,
}, testInfo) => {
  await signIn(page, '/library');
  const errors = watchErrors(page);
  const name = await newPlaylist(page, 'Twice over');
  const items = page.getByRole('list', { name: `Items of ${name}` });
  const song = await addFirstFound(page, name, 'river');
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const other = await addFirstFound(page, name, 'summer');
  await expect(items.getByRole('listitem')).toHaveCount(2);
  // The search under the list says it is there already, and adds it again.
  await page.getByRole('searchbox', { name: `Search for songs to add to ${name}` }).fill('river');
  await expect(page.getByRole('button', { name: `Add ${song} to ${name}` }).first()).toHaveText('Add again');
  await addFirstFound(page, name, 'river');
  await expect.poll(() => order(items)).toEqual([song, other, song]);
  await page.getByRole('button', { name: 'Clear the search' }).click();

  // The second copy goes; the first stays where it was.
  await items
    .getByRole('button', { name: `More options for ${song}` })
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect.poll(() => order(items)).toEqual([song, other]);
  // Its Undo takes a press at once: it is one of the messages, and none covers it (that of the song just added).
  await page.getByRole('button', { name: `Undo removing ${song}` }).click({ trial: true, timeout: 2_000 });
  await saveScreen(page, testInfo, 'playlist-removed-one-copy');
  await saved(items);
  await page.reload();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([song, other]);

  // Undo puts that copy back at its place, beside the other. It is sent once the removal is made: until then the
  // list says it is busy, and the page asks before a reload, which would lose the undo.
  const releaseRemoval = await holdOperation(page, 'RemovePlaylistItems');
  await items
    .getByRole('button', { name: `More options for ${song}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect.poll(() => order(items)).toEqual([other]);
  await page.getByRole('button', { name: `Undo removing ${song}` }).click();
  await expect.poll(() => order(items)).toEqual([song, other]);
  await expect(items).toHaveAttribute('aria-busy', 'true');
  expect(await asksBeforeLeaving(page)).toBe(true);
  await releaseRemoval();
  await saved(items);
  expect(await asksBeforeLeaving(page)).toBe(false);
  await page.reload();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([song, other]);

  // Changed on another device meanwhile: the removal is refused, nothing is removed, and the screen says why.
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const uri = await uriAt(page, id, 0);
  await graphql(
    page,
    'mutation($id: ID!, $uri: String!) { addPlaylistItems(input: { playlistId: $id, uris: [$uri] }) { playlist { id } } }',
    { id, uri },
  );
  await items.getByRole('button', { name: `More options for ${other}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect(page.getByRole('alert').getByText(/changed since you opened it/)).toBeVisible();
  // The screen shows the playlist as it now is, with the other device's addition and nothing removed.
  await expect.poll(() => order(items)).toEqual([song, other, song]);
  await saveScreen(page, testInfo, 'playlist-remove-conflict');
  await expectAccessible(page);
  await page.reload();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([song, other, song]);

  // Another tab puts a copy of the other song at the top; this one still shows the order before it.
  const elsewhere = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    data: {
      query: `mutation($id: ID!) { addPlaylistItems(input: { playlistId: $id, uris: [${JSON.stringify(
        await uriAt(page, id, 1),
      )}], position: 0 }) { playlist { id } } }`,
      variables: { id },
    },
  });
  expect(((await elsewhere.json()) as { errors?: unknown }).errors).toBeUndefined();
  // Moving the first song to the end, from the keyboard, against the order this tab shows: blind, it would
  // move the other song that now stands first. It is refused, and the screen shows the latest order.
  const handle = items.getByRole('button', { name: `Reorder ${song}` }).first();
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('alert').getByText('This playlist changed elsewhere. It now shows the latest order; try again.'),
  ).toBeVisible();
  await expect.poll(() => order(items)).toEqual([other, song, other, song]);
  await saveScreen(page, testInfo, 'playlist-reorder-conflict');
  await expectAccessible(page);
  await saved(items);
  await page.reload();
  await expect
    .poll(() => order(page.getByRole('list', { name: `Items of ${name}` })))
    .toEqual([other, song, other, song]);
  expect(errors).toEqual([]);
});

test('adding a song that is already in the playlist asks first', async ({ page }, testInfo) => {
  await signIn(page, '/library');
  const errors = watchErrors(page);
  const name = await newPlaylist(page, 'Once only');
  const items = page.getByRole('list', { name: `Items of ${name}` });
  const song = await addFirstFound(page, name, 'river');
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear the search' }).click();

  // From the row's menu, to the same playlist: the dialog asks, and "Don't add" adds nothing.
  const addFromMenu = async () => {
    await items
      .getByRole('button', { name: `More options for ${song}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
    await page
      .getByRole('dialog', { name: `Add ${song} to a playlist` })
      .getByRole('button', { name })
      .click();
  };
  await addFromMenu();
  const ask = page.getByRole('alertdialog', { name: 'Already added' });
  await expect(ask.getByText(`This is already in ${name}.`)).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-already-added');
  await expectAccessible(page);
  await ask.getByRole('button', { name: "Don't add" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText(`Added to ${name}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: `Items of ${name}` }).getByRole('listitem')).toHaveCount(1);

  // "Add anyway" adds it a second time.
  await addFromMenu();
  await ask.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByText(`Added to ${name}`)).toBeVisible();
  await expect.poll(() => order(items)).toEqual([song, song]);
  await saved(items);
  await page.reload();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([song, song]);
  expect(errors).toEqual([]);
});

test('a deleted playlist shows as deleted when reached again, and comes back whole with Undo or Restore', async ({
  page,
}, testInfo) => {
  await signIn(page, '/library');
  const errors = watchErrors(page);
  const name = await newPlaylist(page, 'Come back');
  const items = page.getByRole('list', { name: `Items of ${name}` });
  const first = await addFirstFound(page, name, 'river');
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const second = await addFirstFound(page, name, 'summer');
  await expect.poll(() => order(items)).toEqual([first, second]);
  const address = new URL(page.url()).pathname;
  const sidebarLink = page.getByRole('link', { name: new RegExp(`^${name}`) });
  // Both songs are the music service's before the playlist is deleted: a restore brings back what it holds.
  await saved(items);

  // Deleted: Back finds it deleted, with nothing to edit and a way to restore it.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const deleted = answerTo(page, 'UnfollowPlaylist');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await expect(sidebarLink).toHaveCount(0);
  await page.goBack();
  await expect(page.getByText('This playlist was deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
  await saveScreen(page, testInfo, 'playlist-deleted');
  await expectAccessible(page);
  // The same after a reload, from the music service itself, once it has answered.
  expect((await deleted).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('This playlist was deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  // Restored from its page: the same playlist, its songs in their order, back in the library.
  const restored = answerTo(page, 'FollowPlaylist');
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('This playlist was deleted')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await expect.poll(() => order(items)).toEqual([first, second]);
  if (testInfo.project.name === 'desktop') await expect(sidebarLink).toBeVisible();
  // Restored at the music service before it is deleted again, so that the two reach it in that order.
  expect((await restored).ok()).toBe(true);

  // Deleted again, and taken back at once with the message's Undo.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  const undo = page.getByRole('button', { name: `Undo deleting ${name}` });
  await expect(undo).toBeVisible();
  await saveScreen(page, testInfo, 'playlist-deleted-undo');
  const undone = answerTo(page, 'FollowPlaylist');
  await undo.click();
  await expect(page.getByText(`Restored ${name}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  // The message may still be the first restore's: the playlist's page, loaded afresh, waits for this one's answer.
  expect((await undone).ok()).toBe(true);
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('This playlist was deleted')).toHaveCount(0);
  await expect.poll(() => order(items)).toEqual([first, second]);
  await page.reload();
  await expect.poll(() => order(page.getByRole('list', { name: `Items of ${name}` }))).toEqual([first, second]);
  expect(errors).toEqual([]);
});
