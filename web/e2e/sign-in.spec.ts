import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';
import { accountCookieName, demoListener, signIn } from './support';

test('a person signs in with the demo account through the music service and comes back', async ({
  page,
  context,
}, testInfo) => {
  const listener = demoListener();
  await page.goto('/auth/signin?returnTo=/library');
  await page.getByRole('link', { name: 'Continue with Graphonic Music' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue to Graphonic');
  await saveScreen(page, testInfo, 'music-sign-in');

  await page.getByLabel('Username').fill(listener.username);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That username and password do not match.');
  await saveScreen(page, testInfo, 'music-sign-in-error');

  await page.getByLabel('Password').fill(listener.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const consent = page.getByRole('heading', { level: 1, name: 'Allow Graphonic to use your account?' });
  const player = page.getByRole('region', { name: 'Player' });
  await expect(consent.or(player)).toBeVisible();
  // The consent page appears once per browser profile; a later run may skip it.
  if (await consent.isVisible()) {
    await saveScreen(page, testInfo, 'consent');
    await page.getByRole('button', { name: 'Agree' }).click();
  }
  await expect(player).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/library');
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'graphonic.sid');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
});

test('signing out asks first, posts, and ends the session', async ({ page, context }, testInfo) => {
  await signIn(page);
  const before = (await context.cookies()).find((cookie) => cookie.name === 'graphonic.sid');
  expect(before).toBeDefined();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out of Graphonic?' })).toBeVisible();
  await saveScreen(page, testInfo, 'sign-out');
  const logout = page.waitForRequest((request) => request.url().endsWith('/auth/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await logout).method()).toBe('POST');
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic', exact: true })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'graphonic.sid')).toBeUndefined();
  // The old session is gone on the server: its cookie, sent again, is answered as a visitor's.
  if (before) await context.addCookies([before]);
  const me = await page.evaluate(async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    return ((await response.json()) as { data: { me: unknown } }).data.me;
  });
  expect(me).toBeNull();
});

test('after signing out, Continue with asks for the account again instead of signing the same one back in', async ({
  browser,
  page,
}, testInfo) => {
  const listener = demoListener();
  await signIn(page);
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic', exact: true })).toBeVisible();

  // Signing out ended the sign-in at the music service too: it asks who is there, as the next person may be someone else.
  await page.goto('/auth/signin?returnTo=/library');
  await page.getByRole('link', { name: /^Continue with / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue to Graphonic');
  await expect(page.getByLabel('Password')).toBeVisible();
  await saveScreen(page, testInfo, 'sign-in-after-sign-out');

  await page.getByLabel('Username').fill(listener.username);
  await page.getByLabel('Password').fill(listener.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Asked again, the consent says what signing out does.
  await expect(page.getByRole('heading', { level: 1, name: 'Allow Graphonic to use your account?' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Signing out of Graphonic ends its access from this browser')).toBeVisible();
  await expect(page.getByText(/change your mind/)).toHaveCount(0);
  await saveScreen(page, testInfo, 'consent-after-sign-out');
  await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/library');

  // Signed in again: the next sign-in is an ordinary one, without the password. It is made in a new context
  // that carries over only the sign-in at the music service, as a new browser window would: in this one, a
  // change sent to outlive its page (`keepalive`) can renew the app's session cookie after it is cleared.
  const account = (await page.context().cookies()).filter((cookie) => cookie.name === accountCookieName);
  expect(account).toHaveLength(1);
  const next = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await next.addCookies(account);
    const again = await next.newPage();
    await again.goto('/auth/signin?returnTo=/library');
    await again.getByRole('link', { name: /^Continue with / }).click();
    await expect(again.getByRole('region', { name: 'Player' })).toBeVisible({ timeout: 30_000 });
    expect(new URL(again.url()).pathname).toBe('/library');
  } finally {
    await next.close();
  }
});
