import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';
import { expectAccessible, watchErrors } from './support';

test('a visitor sees the landing page, which invites them to sign in', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Graphonic');
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Connected to Graphonic Music.');
  await saveScreen(page, testInfo, 'landing');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Graphonic Music' })).toBeVisible();
  await saveScreen(page, testInfo, 'sign-in-page');
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test('a deep link of a visitor leads to sign-in, and back to that screen after it', async ({ page }) => {
  const response = await page.goto('/library');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/library');
});

test('the sign-in error page explains each failure in plain words', async ({ page }, testInfo) => {
  await page.goto('/auth/error?code=access_denied');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You did not allow Graphonic in');
  await saveScreen(page, testInfo, 'sign-in-error-access-denied');
  await expectAccessible(page);
  await page.goto('/auth/error?code=state_mismatch');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('That sign-in link had expired');
  await page.goto('/auth/error?code=something-else');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in did not work');
  await page.getByRole('link', { name: 'Try signing in again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Graphonic' })).toBeVisible();
});
