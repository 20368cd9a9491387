import { expect, test, type Page } from '@playwright/test';
import { saveScreen } from './screens';

/** Signs in with the demo account, so that the playground's requests carry a session. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/auth/login?returnTo=/');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const consent = page.getByRole('heading', { level: 1, name: 'Allow Graphonic to use your account?' });
  // The consent page appears once per browser profile; a later run may skip it.
  await expect(consent.or(page.getByRole('heading', { level: 1, name: 'Graphonic' }))).toBeVisible();
  if (await consent.isVisible()) await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Graphonic' })).toBeVisible();
}

test('the playground runs a query as the signed-in person and shows the answer', async ({ page }, testInfo) => {
  // GraphiQL is a desktop tool: on a phone its editor and result share a width too narrow to read.
  test.skip(testInfo.project.name === 'phone', 'GraphiQL has no narrow layout');
  await signIn(page);

  const failures: string[] = [];
  const external: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    // A Content-Security-Policy violation is reported as a console error.
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url()).origin)) external.push(request.url());
  });

  await page.goto(`/playground?query=${encodeURIComponent('{ upstream { name } }')}`);
  await expect(page).toHaveTitle('Graphonic GraphQL playground');
  const run = page.getByRole('button', { name: /Execute query/ });
  await expect(run).toBeVisible();

  const request = page.waitForRequest(
    (candidate) => candidate.url().endsWith('/graphql') && !!candidate.postData()?.includes('upstream'),
  );
  await run.click();
  const sent = await request;
  const headers = await sent.allHeaders();
  // The session cookie goes along, and the header that Apollo's CSRF prevention asks of a page.
  expect(headers.cookie).toMatch(/graphonic\.sid=/);
  expect(headers['apollo-require-preflight']).toBe('true');

  const result = page.locator('.graphiql-response');
  await expect(result).toContainText('"name": "Graphonic Music"');
  await saveScreen(page, testInfo, 'playground');
  expect(external).toEqual([]);
  expect(failures).toEqual([]);
});
