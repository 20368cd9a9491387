import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const dir = resolve(import.meta.dirname, '../test-results/screens');

/** Saves a full-page screenshot of the current screen, named by project (desktop, phone) and screen. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: resolve(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}
