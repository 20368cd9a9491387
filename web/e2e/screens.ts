import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const dir = resolve(import.meta.dirname, '../test-results/screens');

/**
 * Whether the screens are saved for people to look at: on a developer's machine, and in CI only when asked
 * (`E2E_SCREENS=1`), where nobody looks at them and each full-page screenshot costs the run time. A failing test
 * saves its own screenshot and trace either way (playwright.config.ts).
 */
const saving = process.env.E2E_SCREENS === '1' || (!process.env.CI && process.env.E2E_SCREENS !== '0');

/** Saves a full-page screenshot of the current screen, named by project (desktop, phone) and screen. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!saving) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: resolve(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}
