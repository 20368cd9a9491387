import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { answerTo, failOperation } from './faults';
import { saveScreen } from './screens';
import {
  audio,
  expectAccessible,
  expectAudioPlaying,
  expectAudioStill,
  graphql,
  keepDevice,
  signIn,
  unsavedShow,
  watchErrors,
} from './support';

/**
 * The player, end to end against the local music service: this browser registers itself as a
 * device and plays the audio in an <audio> element, following the music service's clock. Each
 * test makes this browser the active device, starts an album from its page, and leaves playback
 * paused.
 */

// Each test stands on its own (its own sign-in, device and album), so the file's tests spread over the workers: as
// the longest file, run whole on one worker it ended the run alone while the others waited.
test.describe.configure({ mode: 'parallel' });

interface Album {
  id: string;
  name: string;
  uri: string;
  totalTracks: number;
}

/** A new release with a few tracks, to play through. */
async function pickAlbum(page: Page): Promise<Album> {
  const data = await graphql<{ newReleases: { edges: { node: Album }[] } }>(
    page,
    'query PlayerJourneyAlbums { newReleases(first: 30) { edges { node { id name uri totalTracks } } } }',
  );
  // The last that fits: the first releases are the likeliest to be played by other journeys.
  const album = data.newReleases.edges
    .map((edge) => edge.node)
    .filter((node) => node.totalTracks >= 4)
    .at(-1);
  if (!album) throw new Error('No new release has four tracks or more.');
  return album;
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Makes this browser the device playback is on, paused, so that the album's play button starts it here; answers its id. */
async function playHere(page: Page): Promise<string> {
  await page.goto('/devices');
  // This browser registers itself as a device on arrival, and keeps its id for the tab's life.
  const devices = page.getByRole('list', { name: 'Your devices' });
  await expect(devices.getByText('This browser', { exact: true })).toBeVisible({ timeout: 15_000 });
  const deviceId = await page.evaluate((): string | undefined => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('graphonic.playbackDevice.'));
    return key === undefined ? undefined : (sessionStorage.getItem(key) ?? undefined);
  });
  if (!deviceId) throw new Error('This browser did not register itself as a device.');
  await graphql(
    page,
    'mutation PlayerJourneyHere($input: TransferPlaybackInput!) { transferPlayback(input: $input) { player { __typename } } }',
    { input: { deviceId, play: false } },
  );
  return deviceId;
}

/** Signs in, makes this browser the device, and starts an album from its page; answers the album. */
async function startAlbum(page: Page): Promise<Album> {
  await signIn(page, '/devices');
  await playHere(page);
  const album = await pickAlbum(page);
  await page.goto(`/album/${album.id}`);
  // Paused where an earlier journey left it, it resumes; otherwise it starts.
  await page
    .getByRole('button', { name: `Play ${album.name}`, exact: true })
    .first()
    .click();
  await expect(page.getByRole('button', { name: `Pause ${album.name}`, exact: true }).first()).toBeVisible();
  await expectAudioPlaying(page);
  return album;
}

/** Where the full controls are: the player bar on a desktop, the now-playing view on a phone. */
async function openControls(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!isPhone(testInfo)) return page.getByRole('region', { name: 'Player' });
  // The phone's compact bar opens the full-screen player.
  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('link', { name: /^Now playing: / })
    .click();
  await expect(page).toHaveURL(/\/now-playing$/);
  return page.getByRole('region', { name: 'Playback controls' });
}

/** What plays, as the controls' screen shows it. */
async function expectTitle(page: Page, testInfo: TestInfo, title: string, timeout = 5_000): Promise<void> {
  if (isPhone(testInfo)) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout });
  } else {
    await expect(
      page.getByRole('region', { name: 'Player' }).getByRole('link', { name: title, exact: true }),
    ).toBeVisible({ timeout });
  }
  // The system's media controls (lock screen, media keys) show it too.
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(title);
}

/** The artists of the track that plays, as the tab's title credits them. */
async function playingArtists(page: Page): Promise<string> {
  const data = await graphql<{ player: { state: { item: { artists?: { name: string }[] } | null } | null } }>(
    page,
    'query PlayerJourneyArtists { player { state { item { ... on Track { artists { name } } } } } }',
  );
  return (data.player.state?.item?.artists ?? []).map((artist) => artist.name).join(', ');
}

/** The names in a track list, as its rows show them. */
async function namesIn(list: Locator): Promise<string[]> {
  await list.getByRole('listitem').first().waitFor();
  return list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent ?? ''));
}

/** Leaves playback paused, as every test must. */
async function pauseAtTheEnd(page: Page, controls: Locator): Promise<void> {
  const pause = controls.getByRole('button', { name: 'Pause', exact: true });
  const play = controls.getByRole('button', { name: 'Play', exact: true });
  await expect(pause.or(play)).toBeVisible();
  if (await pause.isVisible()) await pause.click();
  await expect(play).toBeVisible();
  await expectAudioStill(page);
}

/** The screen scrolls inside the app's main area: to its end, for a screenshot of what is below. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.locator('main').evaluate((main) => {
    main.scrollTop = main.scrollHeight;
  });
}

const elapsedSeconds = async (seek: Locator): Promise<number> => {
  const text = (await seek.getAttribute('aria-valuetext')) ?? '';
  const [minutes = '0', seconds = '0'] = text.split(' of ')[0]?.split(':') ?? [];
  return Number(minutes) * 60 + Number(seconds);
};

test('an album plays in the browser: pause, play, next, previous and seek', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await startAlbum(page);
  const errors = watchErrors(page);

  // What plays and what follows, as the queue says.
  await page.goto('/queue');
  const [first] = await namesIn(page.getByRole('list', { name: 'Now playing' }));
  const [second] = await namesIn(page.getByRole('list', { name: 'Next up' }));
  if (!first || !second) throw new Error('The queue shows no current or next item.');

  const controls = await openControls(page, testInfo);
  await expectTitle(page, testInfo, first);
  // The tab names what plays while it plays; the screen is still what is announced on arriving.
  const screenName = isPhone(testInfo) ? 'Now playing' : 'Queue';
  await expect(page).toHaveTitle(`${first} • ${await playingArtists(page)} – Graphonic`);
  if (isPhone(testInfo)) await expect(page.locator('#screen-announcer')).toHaveText(screenName);

  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expectAudioStill(page);
  // Paused, the tab names the screen again.
  await expect(page).toHaveTitle(`${screenName} – Graphonic`);
  await saveScreen(page, testInfo, 'player-paused');

  await controls.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(controls.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const playing = await expectAudioPlaying(page);

  await controls.getByRole('button', { name: 'Next', exact: true }).click();
  await expectTitle(page, testInfo, second);
  await expect.poll(async () => (await audio(page)).src).not.toBe(playing.src);
  await expectAudioPlaying(page);

  // Paused at the very start, "previous" goes back to the item before (further in, it starts this one over).
  const seek = controls.getByRole('slider', { name: 'Seek' });
  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  await seek.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => elapsedSeconds(seek)).toBe(0);
  // Pressed at once: the seek reaches the music service first, so Previous goes back an item.
  await controls.getByRole('button', { name: 'Previous', exact: true }).click();
  await expectTitle(page, testInfo, first);
  await expect.poll(async () => (await audio(page)).src).toBe(playing.src);
  await expectAudioPlaying(page);

  // A click at 60% of the seek bar: the bar, the time and the audio jump there.
  const durationMs = Number(await seek.getAttribute('max'));
  const box = await seek.boundingBox();
  if (!box) throw new Error('The seek bar has no box.');
  await seek.click({ position: { x: box.width * 0.6, y: box.height / 2 } });
  const target = (durationMs / 1000) * 0.6;
  await expect.poll(() => elapsedSeconds(seek)).toBeGreaterThan(target - 5);
  await expect.poll(async () => (await audio(page)).time, { timeout: 10_000 }).toBeGreaterThan(target - 5);
  const after = await expectAudioPlaying(page);
  expect(after.time).toBeLessThan(target + 10);
  await saveScreen(page, testInfo, 'player-playing');
  await expectAccessible(page);

  // A moment before its end: when the item ends, the next one follows, and plays here.
  await seek.click({ position: { x: box.width * 0.985, y: box.height / 2 } });
  await expectTitle(page, testInfo, second, 20_000);
  await expect.poll(async () => (await audio(page)).src, { timeout: 20_000 }).not.toBe(playing.src);
  await expectAudioPlaying(page);

  await pauseAtTheEnd(page, controls);
  expect(errors).toEqual([]);
});

test('shuffle, repeat, volume and the keyboard shortcuts', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await startAlbum(page);
  const controls = await openControls(page, testInfo);

  const shuffle = controls.getByRole('button', { name: 'Shuffle', exact: true });
  const wasShuffled = (await shuffle.getAttribute('aria-pressed')) === 'true';
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', String(!wasShuffled));
  // The music service kept it: a fresh read agrees.
  await expect
    .poll(
      async () =>
        (await graphql<{ player: { state: { shuffle: boolean } } }>(page, '{ player { state { shuffle } } }')).player
          .state.shuffle,
    )
    .toBe(!wasShuffled);
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', String(wasShuffled));

  const cycle = ['Repeat: off', 'Repeat: all', 'Repeat: this one'];
  const repeat = controls.getByRole('button', { name: /^Repeat: / });
  const start = cycle.indexOf((await repeat.getAttribute('aria-label')) ?? '');
  expect(start).toBeGreaterThanOrEqual(0);
  for (let step = 1; step <= 3; step += 1) {
    await repeat.click();
    await expect(repeat).toHaveAttribute('aria-label', cycle[(start + step) % 3] ?? '');
  }

  // The volume goes to the music service once the hand rests, and the audio follows it.
  const volume = controls.getByRole('slider', { name: 'Volume' });
  await volume.focus();
  await page.keyboard.press('End');
  await expect(volume).toHaveAttribute('aria-valuetext', '100%');
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(1, 2);
  await page.keyboard.press('PageDown');
  await expect(volume).toHaveAttribute('aria-valuetext', '90%');
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.9, 2);
  await page.keyboard.press('End');
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(1, 2);

  // Space pauses and plays, away from any button; ? lists the shortcuts.
  await page.locator('main').focus();
  await page.keyboard.press('Space');
  await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expectAudioStill(page);
  await page.keyboard.press('Space');
  await expect(controls.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expectAudioPlaying(page);
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  // Keys belong to the dialog while it is open: Space does not pause.
  await page.keyboard.press('Space');
  await page.waitForTimeout(500);
  expect((await audio(page)).paused).toBe(false);
  await saveScreen(page, testInfo, 'shortcuts');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await pauseAtTheEnd(page, controls);
});

test('the queue shows what plays, what the listener queued and what follows; a queued item can be taken out', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await startAlbum(page);
  await page.goto('/queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  const nowPlaying = page.getByRole('list', { name: 'Now playing' });
  const queued = page.getByRole('list', { name: 'Next in queue' });
  const next = page.getByRole('list', { name: 'Next up' });
  const [current] = await namesIn(nowPlaying);
  const [following] = await namesIn(next);
  if (!current || !following) throw new Error('Nothing shows as playing, or nothing follows.');
  // Nothing queued yet: only what follows from the album.
  await expect(queued).toHaveCount(0);
  await saveScreen(page, testInfo, 'queue');
  await expectAccessible(page);

  // Adding to the queue from a row's menu puts it under "Next in queue", before the album's next track.
  const add = async (list: Locator, name: string) => {
    await list
      .getByRole('button', { name: `More options for ${name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect(page.getByText('Added to queue')).toBeVisible();
  };
  await add(nowPlaying, current);
  await expect.poll(() => namesIn(queued)).toEqual([current]);
  await add(next, following);
  await expect.poll(() => namesIn(queued)).toEqual([current, following]);
  expect((await namesIn(next))[0]).toBe(following);
  await saveScreen(page, testInfo, 'queue-added');
  await expectAccessible(page);

  // One queued item taken out: only that one goes, and the album's tracks stay.
  await queued.getByRole('button', { name: `More options for ${current}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from queue' }).click();
  await expect(page.getByText(`Removed ${current} from your queue`)).toBeVisible();
  await expect.poll(() => namesIn(queued)).toEqual([following]);
  expect((await namesIn(next))[0]).toBe(following);

  // Clearing the queue leaves what follows from the album.
  await page.getByRole('button', { name: 'Clear queue' }).click();
  await expect(queued).toHaveCount(0);
  await expect(page.getByText('Cleared your queue')).toBeVisible();
  expect((await namesIn(next))[0]).toBe(following);
  await saveScreen(page, testInfo, 'queue-cleared');

  // A queued copy plays next: skipping to it takes it off the queue again.
  await add(nowPlaying, current);
  await expect.poll(() => namesIn(queued)).toEqual([current]);
  const controls = await openControls(page, testInfo);
  await controls.getByRole('button', { name: 'Next', exact: true }).click();
  await expectTitle(page, testInfo, current);
  await page.goto('/queue');
  await expect(next.getByRole('listitem').first()).toBeVisible();
  await expect(queued).toHaveCount(0);

  // The music service failing: the screen says so and offers to try again.
  const queueFailing = await failOperation(page, 'PlayerQueue', 'music');
  await page.reload();
  await expect(page.getByText('We could not load your queue.')).toBeVisible();
  await saveScreen(page, testInfo, 'queue-error');
  await expectAccessible(page);
  queueFailing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(next.getByRole('listitem').first()).toBeVisible();
  await queueFailing.release();

  await pauseAtTheEnd(page, await openControls(page, testInfo));
});

test('the now-playing view: the full controls and what the track sounds like', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await startAlbum(page);
  if (isPhone(testInfo)) {
    await openControls(page, testInfo);
  } else {
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: 'Now playing view' }).click();
  }
  await expect(page).toHaveURL(/\/now-playing$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).not.toBeEmpty();
  const controls = page.getByRole('region', { name: 'Playback controls' });
  for (const name of ['Shuffle', 'Previous', 'Pause', 'Next']) {
    await expect(controls.getByRole('button', { name, exact: true })).toBeEnabled();
  }
  await expect(page.getByText(/^Playing from album /)).toBeVisible();

  // The chart is one image to assistive technology, with a table of every value beside it.
  const chart = page.getByRole('img', { name: /^How .+ measures, from 0 to 100%$/ });
  await expect(chart).toBeVisible();
  const table = page.getByRole('table', { name: /^Audio features of / });
  await expect(table.getByRole('rowheader')).toHaveText([
    'Energy',
    'Danceability',
    'Positivity',
    'Acousticness',
    'Instrumentalness',
    'Speechiness',
    'Liveness',
  ]);
  await expect(table.getByRole('cell').first()).toHaveText(/^\d{1,3}%$/);
  await expect(page.getByText(/^\d+ BPM$/)).toBeVisible();
  await expect(page.getByText(/^([A-G](♯\/[A-G]♭)?( major| minor)?|No key detected)$/)).toBeVisible();
  await saveScreen(page, testInfo, 'now-playing');
  await expectAccessible(page);
  await scrollToEnd(page);
  await saveScreen(page, testInfo, 'now-playing-features');

  // The features failing to load: the section says so; the player above goes on.
  const featuresFailing = await failOperation(page, 'NowPlayingPage', 'music');
  await page.reload();
  await expect(page.getByText('We could not measure this track.')).toBeVisible();
  await expect(controls.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await scrollToEnd(page);
  await saveScreen(page, testInfo, 'now-playing-error');
  await expectAccessible(page);
  featuresFailing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(chart).toBeVisible();
  await featuresFailing.release();

  await pauseAtTheEnd(page, controls);
});

test('the devices: this browser marked, playback moved, an old browser forgotten', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const album = await startAlbum(page);
  // Another browser of this listener, open in another window and idle there.
  const name = `Firefox on Windows ${String(Date.now()).slice(-6)}`;
  const { registerPlaybackDevice } = await graphql<{ registerPlaybackDevice: { device: { id: string } } }>(
    page,
    'mutation RegisterOld($input: RegisterPlaybackDeviceInput!) { registerPlaybackDevice(input: $input) { device { id } } }',
    {
      input: { name, type: 'Computer' },
    },
  );
  // That browser says it is still there, as an open tab does, until the test forgets it.
  const stillThere = keepDevice(page, registerPlaybackDevice.device.id);

  await page.goto('/devices');
  const devices = page.getByRole('list', { name: 'Your devices' });
  const here = devices.getByRole('listitem').filter({ hasText: 'This browser' });
  const old = devices.getByRole('listitem').filter({ hasText: name });
  await expect(here).toContainText('Playing');
  await expect(here.getByRole('slider', { name: 'Volume of this browser' })).toBeVisible();
  await expect(old).toContainText('Available');
  await saveScreen(page, testInfo, 'devices');
  await expectAccessible(page);

  // Playing there: this browser falls silent, and the old browser is the active one.
  await old.getByRole('button', { name: `Play on ${name}` }).click();
  await expect(old).toContainText('Playing');
  await expect(here).toContainText('Available');
  await expectAudioStill(page);

  // Back here: the audio plays in this page again.
  await here.getByRole('button', { name: 'Play on this browser' }).click();
  await expect(here).toContainText('Playing');
  await expectAudioPlaying(page);

  // Playback moved to the old browser, then the old browser forgotten: nothing plays any more.
  await old.getByRole('button', { name: `Play on ${name}` }).click();
  await expect(old).toContainText('Playing');
  stillThere.stop();
  await old.getByRole('button', { name: `Forget ${name}` }).click();
  await expect(page.getByText(`Forgot ${name}`)).toBeVisible();
  await expect(old).toHaveCount(0);
  await page.reload();
  await expect(devices.getByText('This browser', { exact: true })).toBeVisible();
  await expect(devices.getByText(name)).toHaveCount(0);

  // With nothing playing, the queue and the now-playing view say what to do.
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Nothing is playing' })).toBeVisible();
  await saveScreen(page, testInfo, 'queue-empty');
  await expectAccessible(page);
  await page.goto('/now-playing');
  await expect(page.getByRole('heading', { name: 'Nothing is playing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find something to play' })).toBeVisible();
  await saveScreen(page, testInfo, 'now-playing-empty');
  await expectAccessible(page);

  // The device list failing to load, with no live connection to push the devices either (both down at once:
  // a live push would otherwise show the list, as it should).
  let socketsRefused = true;
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    if (socketsRefused) void socket.close({ code: 1011, reason: 'Unavailable' });
    else void socket.connectToServer();
  });
  const devicesFailing = await failOperation(page, 'DevicesPage', 'music');
  await page.goto('/devices');
  await expect(page.getByText('We could not list your devices.')).toBeVisible();
  await saveScreen(page, testInfo, 'devices-error');
  await expectAccessible(page);
  // The button brings the list back. The live connection stays down until it has: coming back first, it would
  // push the list itself and take the button away before the click.
  devicesFailing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(devices.getByText('This browser', { exact: true })).toBeVisible();
  socketsRefused = false;
  await devicesFailing.release();

  // The album again, here, then paused.
  await page.goto(`/album/${album.id}`);
  await page
    .getByRole('button', { name: `Play ${album.name}`, exact: true })
    .first()
    .click();
  await expectAudioPlaying(page);
  await pauseAtTheEnd(page, await openControls(page, testInfo));
});

test('an episode plays at the speed chosen, and keeps it across a reload', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, '/devices');
  const deviceId = await playHere(page);
  const errors = watchErrors(page);
  // A show the listener does not follow: where they stopped in the ones they follow stays as it was.
  const show = await unsavedShow(page);
  await graphql(
    page,
    'mutation PlayerJourneyEpisode($input: StartPlaybackInput!) { startPlayback(input: $input) { player { __typename } } }',
    { input: { contextUri: show.uri, deviceId } },
  );
  const rate = () =>
    page.locator('audio[data-player="browser"]').evaluate((element: HTMLMediaElement) => element.playbackRate);

  const controls = await openControls(page, testInfo);
  await expectAudioPlaying(page, { timeout: 30_000, seconds: 2 });
  const speed = (label: string) => controls.getByRole('button', { name: `Playback speed, ${label}`, exact: true });
  await expect(speed('1×')).toBeVisible();
  await expectAccessible(page);
  await speed('1×').click();
  const menu = page.getByRole('menu', { name: 'Playback speed, 1×' });
  await expect(menu.getByRole('menuitemradio', { name: '1×', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(9);
  await saveScreen(page, testInfo, 'player-episode-speed-menu');
  await expectAccessible(page, { within: '[role="menu"]' });
  const sped = answerTo(page, 'SetPlaybackSpeed');
  await menu.getByRole('menuitemradio', { name: '1.5×', exact: true }).click();
  await expect(speed('1.5×')).toBeVisible();
  await expect.poll(rate).toBe(1.5);
  // The music service's clock moves at the speed too: the seek bar keeps up with the audio.
  const seek = controls.getByRole('slider', { name: 'Seek' });
  const from = await elapsedSeconds(seek);
  await page.waitForTimeout(4_000);
  expect(await elapsedSeconds(seek)).toBeGreaterThanOrEqual(from + 5);

  // Kept by the player: after a reload the control says it, and the audio plays at it. The control and the audio
  // show the speed at once; the music service has it once it has answered.
  expect((await sped).ok()).toBe(true);
  await page.reload();
  // A phone reloads the now-playing view itself.
  const again = page.getByRole('region', { name: isPhone(testInfo) ? 'Playback controls' : 'Player' });
  await expect(again.getByRole('button', { name: 'Playback speed, 1.5×', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expectAudioPlaying(page, { timeout: 30_000, seconds: 2 });
  await expect.poll(rate).toBe(1.5);

  // Back to 1× for whatever plays an episode next, answered before the pause below is sent (a command's answer
  // that comes after a later command was sent can show its older state for a moment: see docs/decisions/039).
  await again.getByRole('button', { name: 'Playback speed, 1.5×', exact: true }).click();
  const answered = answerTo(page, 'SetPlaybackSpeed');
  await page.getByRole('menuitemradio', { name: '1×', exact: true }).click();
  await answered;
  await expect(again.getByRole('button', { name: 'Playback speed, 1×', exact: true })).toBeVisible();
  await expect.poll(rate).toBe(1);
  await pauseAtTheEnd(page, again);
  expect(errors).toEqual([]);
});
