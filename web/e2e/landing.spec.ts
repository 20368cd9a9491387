import { expect, test, type Page } from '@playwright/test';
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

/** The animation a new element of `className` runs, as the page's styles and the browser's settings give it. */
function animationOf(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('div');
    probe.className = name;
    document.body.append(probe);
    const animation = getComputedStyle(probe).animationName;
    probe.remove();
    return animation;
  }, className);
}

test.describe('for a visitor who asks for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing moves: no growth under the pointer, no fading, no spinning or pulsing', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'a phone has no pointer to hover with; the desktop covers the styles');
    await page.goto('/');
    const signIn = page.getByRole('link', { name: 'Sign in' });
    await signIn.hover();
    await expect(signIn).toHaveCSS('scale', 'none');
    await expect(signIn).toHaveCSS('transition-duration', '0s');
    // The spinner, and the placeholders of a screen on its way.
    expect(await animationOf(page, 'animate-spin')).toBe('none');
    expect(await animationOf(page, 'animate-pulse')).toBe('none');

    // With motion allowed, the same page moves.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.mouse.move(0, 0);
    await signIn.hover();
    await expect(signIn).toHaveCSS('scale', '1.05');
    await expect(signIn).not.toHaveCSS('transition-duration', '0s');
    expect(await animationOf(page, 'animate-spin')).toBe('spin');
    expect(await animationOf(page, 'animate-pulse')).toBe('pulse');
  });
});
