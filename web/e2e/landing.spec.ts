import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';

test('the landing page shows the app and the music service it is connected to', async ({ page }, testInfo) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });

  await page.goto('/');
  await expect(page).toHaveTitle('Graphonic');
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Connected to Graphonic Music.');
  await saveScreen(page, testInfo, 'landing');
  expect(failures).toEqual([]);
});

test('a deep link loads the app shell instead of a server error', async ({ page }) => {
  const response = await page.goto('/album/some-album');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
});
