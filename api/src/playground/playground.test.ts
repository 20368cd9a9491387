import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../../test-support/http';
import { productionSecrets } from '../../../test-support/secrets';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { playgroundFiles, playgroundPath } from './playground';

const webDist = mkdtempSync(join(tmpdir(), 'graphonic-playground-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Graphonic</title>');
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: productionSecrets.session,
  MUSIC_CLIENT_SECRET: productionSecrets.client,
  // This web client is a page without a build's operation manifest (trusted documents have their own tests).
  GRAPHQL_TRUSTED_DOCUMENTS: 'off',
};

/** Runs `check` against an api started with `env`, then stops it. */
async function withApi(env: NodeJS.ProcessEnv, check: (url: string) => Promise<void>): Promise<void> {
  const { app, stop } = await createApp(
    loadConfig({ WEB_DIST: webDist, SESSION_DIR: join(webDist, 'sessions'), ...env }),
  );
  const server = await listen(app);
  try {
    await check(server.url);
  } finally {
    await server.close();
    await stop();
  }
}

/** The local URLs a page or script refers to: `src`/`href` attributes, imports and worker file names. */
function references(text: string, base: string): string[] {
  const attributes = [...text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
  const imports = [...text.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1] ?? '');
  const workers = [...text.matchAll(/'([\w.]+\.worker\.[\w.]*bundle\.js)'/g)].map(
    (match) => `monacoeditorwork/${match[1] ?? ''}`,
  );
  return [...attributes, ...imports, ...workers].map((reference) => new URL(reference, base).href);
}

describe('the GraphQL playground', () => {
  it('serves its page and every asset it refers to from the api, with no external URL', async () => {
    await withApi({ NODE_ENV: 'test' }, async (url) => {
      const response = await fetch(`${url}${playgroundPath}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // The api's own policy applies: scripts from this origin only, no inline script.
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
      const page = await response.text();
      expect(page).not.toMatch(/https?:|\/\/[a-z]/i);
      expect(page).not.toMatch(/<script>|<style>| on[a-z]+="/i);

      const assets = references(page, `${url}${playgroundPath}`);
      expect(assets.map((asset) => new URL(asset).pathname)).toEqual([
        '/playground/assets/graphiql.css',
        '/playground/assets/playground.css',
        '/playground/assets/playground.js',
      ]);
      const script = await (await fetch(`${url}/playground/assets/playground.js`)).text();
      expect(script).toMatch(/endpoint: '\/graphql'/);
      expect(script).toMatch(/'apollo-require-preflight': 'true'/);
      const scriptAssets = references(script, `${url}/playground/assets/playground.js`);
      expect(scriptAssets).toHaveLength(1 + 3);

      for (const asset of [...assets, ...scriptAssets]) {
        const answer = await fetch(asset);
        expect(answer.status, asset).toBe(200);
        const type = answer.headers.get('content-type') ?? '';
        expect(type, asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^(text|application)\/javascript/);
        await answer.arrayBuffer();
      }
    });
  });

  it('answers 404 for anything else under its path', async () => {
    await withApi({ NODE_ENV: 'test' }, async (url) => {
      expect((await fetch(`${url}/playground/assets/missing.js`)).status).toBe(404);
      expect((await fetch(`${url}/playground/package.json`)).status).toBe(404);
      expect((await fetch(`${url}/playground/assets/%2e%2e/package.json`)).status).toBe(404);
    });
  });

  it('is not there in production unless enabled', async () => {
    await withApi(production, async (url) => {
      expect((await fetch(`${url}${playgroundPath}`)).status).toBe(404);
      expect((await fetch(`${url}/playground/assets/graphiql.css`)).status).toBe(404);
    });
    await withApi({ ...production, GRAPHQL_PLAYGROUND: 'true' }, async (url) => {
      expect((await fetch(`${url}${playgroundPath}`)).status).toBe(200);
    });
  });

  it('says what to do where it is on and its files are not installed', () => {
    const notInstalled = (id: string): string => {
      throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
    };
    const refusal = /GRAPHQL_PLAYGROUND.*@graphql-yoga\/graphiql is a development package.*GRAPHQL_PLAYGROUND=false/s;
    expect(() => playgroundFiles(notInstalled)).toThrow(refusal);
    expect(playgroundFiles()).toMatch(/@graphql-yoga[/\\]graphiql[/\\]dist$/);
  });

  it('leaves GET /graphql to Apollo, whose landing page stays off', async () => {
    await withApi({ NODE_ENV: 'test' }, async (url) => {
      const response = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('content-type')).not.toMatch(/html/);
      expect(await response.text()).not.toMatch(/<html|sandbox|cdn\./i);
    });
  });
});
