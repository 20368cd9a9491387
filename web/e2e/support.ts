import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Cookie, type Locator, type Page } from '@playwright/test';

export interface DemoListener {
  username: string;
  password: string;
  displayName: string;
}

/**
 * This worker's demo listener (`demo`, `demo2`…; the music service creates one per worker): tests
 * that run side by side never share a library or a player.
 */
export function demoListener(): DemoListener {
  const number = test.info().parallelIndex + 1;
  return number === 1
    ? { username: 'demo', password: 'demo', displayName: 'Demo Listener' }
    : { username: `demo${String(number)}`, password: 'demo', displayName: `Demo Listener ${String(number)}` };
}

/** The music service's cookie that keeps a browser signed in there (the `__Host-` one only over HTTPS). */
export const accountCookieName = 'graphonic_account';

/**
 * This worker's sign-in at each music service it met (the main one, and the outage test's own), by the app's
 * origin: the first sign-in of a worker there goes through the pages, the later ones reuse it.
 */
const accountCookies = new Map<string, Cookie>();

/**
 * Signs this worker's demo listener in and waits for the app to show `returnTo` signed in. The worker's first
 * sign-in goes through the music service's real sign-in and consent pages, from the app's own sign-in page. Later
 * ones carry that sign-in at the music service over to the new browser context, as a browser that signed in there
 * earlier would, and follow the app's own OAuth redirects (state, PKCE, code, session) without drawing the pages
 * between: each test still gets a session of its own. The sign-in pages themselves are tested in sign-in.spec.ts
 * and journey.spec.ts.
 */
export async function signIn(page: Page, returnTo = '/'): Promise<void> {
  // The app this page's context talks to (a file may use its own, see outage.spec.ts).
  const app = new URL((await page.request.get('/healthz')).url()).origin;
  const account = accountCookies.get(app);
  if (!account || !(await signInAgain(page, app, returnTo, account))) {
    await signInThroughPages(page, returnTo);
    const cookie = (await page.context().cookies()).find((each) => each.name === accountCookieName);
    if (cookie) accountCookies.set(app, cookie);
  }
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible({ timeout: 30_000 });
  await stopLeftoverPlayback(page);
}

/**
 * Signs in with a sign-in the music service already knows: the redirects of "Continue with" end back at the app
 * when it still knows it and the consent was given. Answers false, with nothing signed in, when they end at its
 * sign-in page instead.
 */
async function signInAgain(page: Page, app: string, returnTo: string, account: Cookie): Promise<boolean> {
  await page.context().addCookies([account]);
  const answer = await page.request.get(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (!answer.ok() || new URL(answer.url()).origin !== app) return false;
  await page.goto(returnTo);
  return true;
}

/** Signs in through the app's sign-in page and the music service's sign-in and consent pages. */
async function signInThroughPages(page: Page, returnTo: string): Promise<void> {
  const listener = demoListener();
  await page.goto(`/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole('link', { name: /^Continue with / }).click();
  await page.getByLabel('Username').fill(listener.username);
  await page.getByLabel('Password').fill(listener.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const agree = page.getByRole('button', { name: 'Agree' });
  const player = page.getByRole('region', { name: 'Player' });
  // The consent page appears once per listener. Signing in runs a key derivation on purpose: on a loaded machine
  // it takes longer than an assertion's usual wait.
  await expect(agree.or(player)).toBeVisible({ timeout: 30_000 });
  if (await agree.isVisible()) await agree.click();
}

/**
 * Pauses what an earlier test left playing for this listener: its tab is closed, but the music service
 * still counts the device it played on as active, so a new Play would go there. Each test starts from
 * silence.
 */
export async function stopLeftoverPlayback(page: Page): Promise<void> {
  const { player } = await graphql<{ player: { state: { isPlaying: boolean } | null } }>(
    page,
    'query LeftoverPlayback { player { state { isPlaying } } }',
  );
  if (player.state?.isPlaying) {
    await graphql(page, 'mutation StopLeftoverPlayback { pausePlayback(input: {}) { player { __typename } } }');
  }
}

/** The impacts of axe-core's findings that fail a test: every one but a minor best practice. */
const failingImpacts = new Set(['moderate', 'serious', 'critical']);

/**
 * Fails on any moderate, serious or critical accessibility violation that axe-core finds on the page as it is, or
 * only `within` an open menu: a menu makes the rest of the page inert while it is open, so the page's own landmarks
 * and headings are checked with it closed.
 */
export async function expectAccessible(page: Page, { within }: { within?: string } = {}): Promise<void> {
  // Every node of each violation, and one example of what passed: the passes in full made each check's answer ten
  // times larger (590 kB for the library), and cost the test worker a third more processor time. In one run in the
  // page (legacy mode): the app has no frames to gather findings from, and the default mode's merge of the frames'
  // findings in a blank page of its own took a scan three times the processor time, for the same findings.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const results = await (within === undefined ? builder : builder.include(within)).analyze();
  const serious = results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
    );
  expect(serious).toEqual([]);
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An album's track lists on its page: "Tracks of <album>", or one list a disc ("Disc 1 of <album>", …) when it has
 * more than one. Any album's when no name is given. Its rows, in order, are `albumTracks(page).getByRole('listitem')`.
 */
export function albumTracks(page: Page, albumName?: string): Locator {
  const album = albumName === undefined ? '.+' : escapeRegExp(albumName);
  return page.getByRole('list', { name: new RegExp(`^(Tracks|Disc \\d+) of ${album}$`) });
}

/** Collects page errors and console errors, to assert that a journey had none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Runs an operation with the page's own session, as the app does; fails on any GraphQL error. */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await page.evaluate(
    async ([query, variables]) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: unknown; errors?: unknown };
    },
    [query, variables] as const,
  );
  if (answer.errors) throw new Error(`GraphQL answered errors: ${JSON.stringify(answer.errors)}`);
  return answer.data as T;
}

/** A podcast show in the catalog. */
export interface ShowItem {
  id: string;
  name: string;
  uri: string;
}

/**
 * A podcast show the listener does not follow. A test that plays one leaves the listener's progress in the shows they
 * follow as the music service furnished it, which the show page's test reads (catalog.spec.ts).
 */
export async function unsavedShow(page: Page): Promise<ShowItem> {
  const data = await graphql<{ search: { shows: { edges: { node: ShowItem & { saved: boolean } }[] } } }>(
    page,
    'query UnsavedShows { search(query: "with", types: [SHOW], first: 10) { shows { edges { node { id name uri saved } } } } }',
  );
  const show = data.search.shows.edges.map((edge) => edge.node).find((node) => !node.saved);
  if (!show) throw new Error('Every podcast found is saved already.');
  return { id: show.id, name: show.name, uri: show.uri };
}

/**
 * Says every two seconds that a device registered by the test is still there, as its tab would (the
 * e2e server lets a device lapse quickly, see playwright.config.ts). Through the page's own session,
 * across its navigations, until stopped.
 */
export function keepDevice(page: Page, deviceId: string): { stop: () => void } {
  const keep = () =>
    void page.request
      .post('/graphql', {
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        data: {
          query:
            'mutation KeepTestDevice($input: KeepPlaybackDeviceInput!) { keepPlaybackDevice(input: $input) { device { id } } }',
          variables: { input: { deviceId } },
        },
      })
      .catch(() => undefined);
  keep();
  const timer = setInterval(keep, 2_000);
  const stop = () => clearInterval(timer);
  page.once('close', stop);
  return { stop };
}

export interface AudioState {
  time: number;
  paused: boolean;
  src: string;
  volume: number;
}

/** The browser's own audio element, as the page plays it. */
export async function audio(page: Page): Promise<AudioState> {
  return page.locator('audio[data-player="browser"]').evaluate((element) => {
    if (!(element instanceof HTMLMediaElement)) throw new Error('The browser player is not a media element.');
    return { time: element.currentTime, paused: element.paused, src: element.currentSrc, volume: element.volume };
  });
}

/**
 * The audio really plays: the same audio's time advances by more than a second and a half. The count starts
 * again when the audio changes or goes back, as it does when the item that was loaded gives way to the one asked
 * for: only the audio that plays on counts. A long episode's audio may take longer to start on a busy machine:
 * `timeout` gives it longer, and `seconds` asks for more than a second and a half.
 */
export async function expectAudioPlaying(page: Page, { timeout = 15_000, seconds = 1.5 } = {}): Promise<AudioState> {
  await expect.poll(async () => (await audio(page)).paused, { timeout }).toBe(false);
  let from = await audio(page);
  let now = from;
  await expect
    .poll(
      async () => {
        now = await audio(page);
        if (now.src !== from.src || now.time < from.time) from = now;
        return now.paused ? 'paused' : now.time - from.time;
      },
      { timeout },
    )
    .toBeGreaterThan(seconds);
  return now;
}

/**
 * The audio stands still: paused, and at the same time over a second and a half. A pause may first bring the
 * audio once to where the music service paused (a seek, when the audio ran behind its clock): the stillness
 * is measured after it, by samples 1.5 s apart until two agree. Audio that plays never gives two that agree.
 */
export async function expectAudioStill(page: Page): Promise<void> {
  await expect.poll(async () => (await audio(page)).paused, { timeout: 10_000 }).toBe(true);
  // The first sample only starts the count: each later one is compared with the one 1.5 s before it.
  let before: AudioState | undefined;
  await expect
    .poll(
      async () => {
        const now = await audio(page);
        const still =
          before !== undefined && now.paused && now.src === before.src && Math.abs(now.time - before.time) < 0.05;
        before = now;
        return still;
      },
      { intervals: [1_500], timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Starts a row of a track list the way a keyboard does: from the row's first link back to its play button
 * ("Play Song by Artist"). Answers the name of what it started.
 */
export async function playRow(page: Page, row: Locator): Promise<string> {
  const play = row.getByRole('button', { name: /^Play / });
  const label = (await play.getAttribute('aria-label')) ?? '';
  const name = await rowName(row);
  await row.getByRole('link').first().focus();
  await page.keyboard.press('Shift+Tab');
  await expect(row.getByRole('button', { name: label, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  return name;
}

/** The name of what a row of a track list holds, as its first line shows it. */
export async function rowName(row: Locator): Promise<string> {
  return row.evaluate((element) => element.querySelector('p')?.textContent ?? '');
}

/** The names of a playlist's rows, in order, read from their reorder handles. */
export async function playlistOrder(list: Locator): Promise<string[]> {
  return list
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((buttons) =>
      buttons.map((button) => (button.getAttribute('aria-label') ?? '').slice('Reorder '.length)),
    );
}

/** Adds the first song found for `words` from the search under a playlist; answers its name. */
export async function addFirstFound(page: Page, playlist: string, words: string): Promise<string> {
  const search = page.getByRole('searchbox', { name: `Search for songs to add to ${playlist}` });
  await search.fill(words);
  const add = page
    .getByRole('list', { name: `Songs found for ${words}` })
    .getByRole('button', { name: /^Add / })
    .first();
  const label = (await add.getAttribute('aria-label')) ?? '';
  const name = label.slice('Add '.length, label.length - ` to ${playlist}`.length);
  await add.click();
  return name;
}
