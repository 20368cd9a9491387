import { expect, test } from '@playwright/test';
import { saveScreen } from './screens';
import { signIn } from './support';

test('the playground runs a query as the signed-in person and shows the answer', async ({ page }, testInfo) => {
  // GraphiQL is a desktop tool: on a phone its editor and result share a width too narrow to read.
  test.skip(testInfo.project.name === 'phone', 'GraphiQL has no narrow layout');
  await signIn(page);
  const origin = new URL(page.url()).origin;
  // The screen signed in on may still be fetching its covers (from the music service): leave it first.
  await page.goto('about:blank');

  const failures: string[] = [];
  const external: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    // A Content-Security-Policy violation is reported as a console error.
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) external.push(request.url());
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
