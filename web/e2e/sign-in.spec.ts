import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';

test('a person signs in with the demo account through the music service and comes back', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/auth/login?returnTo=/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue to Graphonic');
  await saveScreen(page, testInfo, 'sign-in');

  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That username and password do not match.');
  await saveScreen(page, testInfo, 'sign-in-error');

  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const consent = page.getByRole('heading', { level: 1, name: 'Allow Graphonic to use your account?' });
  // The consent page appears once per browser profile; a later run may skip it.
  if (await consent.isVisible()) {
    await saveScreen(page, testInfo, 'consent');
    await page.getByRole('button', { name: 'Agree' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'graphonic.sid');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
});
