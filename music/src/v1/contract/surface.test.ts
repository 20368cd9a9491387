import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { knownScopes } from '../../accounts/scopes';
import { describeService } from '../__fixtures__/service';

/** Every operation of the published API document, as `METHOD /template`. */
const document = JSON.parse(readFileSync(join(import.meta.dirname, 'spotify-v1-shapes.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
  Object.keys(methods).map((method) => ({ method: method.toUpperCase(), template })),
);

await describeService('the whole music v1 surface', (service) => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    const first = async (sql: string) => (await service.db.query<{ id: string }>(sql)).rows[0]?.id ?? '';
    ids = {
      albums: await first('SELECT id FROM albums ORDER BY id LIMIT 1'),
      artists: await first('SELECT id FROM artists ORDER BY id LIMIT 1'),
      shows: await first('SELECT id FROM shows ORDER BY id LIMIT 1'),
      episodes: await first('SELECT id FROM episodes ORDER BY id LIMIT 1'),
      tracks: await first('SELECT id FROM tracks ORDER BY id LIMIT 1'),
      playlists: await first('SELECT id FROM playlists ORDER BY id LIMIT 1'),
      categories: await first('SELECT id FROM categories ORDER BY id LIMIT 1'),
      'audio-features': await first('SELECT id FROM tracks ORDER BY id LIMIT 1'),
      'audio-analysis': await first('SELECT id FROM tracks ORDER BY id LIMIT 1'),
    };
  });

  it(`serves each of the ${operations.length} documented operations`, async () => {
    const { id, token } = await service.listener(Object.keys(knownScopes));
    const unserved: string[] = [];
    for (const { method, template } of operations) {
      const collection = template.split('/')[1] ?? '';
      const path = template
        .replace('{playlist_id}', ids.playlists ?? '')
        .replace('{category_id}', ids.categories ?? '')
        .replace('{user_id}', id)
        .replace('{id}', ids[collection] ?? '7iHfbu1YPACw6oZPAFJtqe');
      const response = await fetch(`${service.url}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      // The answer of a path the service has no route for, and of a failure on its side.
      if (text.includes('Service not found') || response.status >= 500) {
        unserved.push(`${method} ${template} → ${response.status}`);
      }
    }
    expect(unserved).toEqual([]);
  });
});
