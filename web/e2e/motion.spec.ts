import { expect, test, type Page } from '@playwright/test';

/*
 * The client's motion against the browser's request for less of it, on the landing page a visitor sees first. On the
 * desktop layout only: the motion checked is growth under a pointer, which a phone does not have.
 */

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

  test('nothing moves: no growth under the pointer, no fading, no spinning or pulsing', async ({ page }) => {
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
