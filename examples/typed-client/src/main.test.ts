import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { describeGraphql } from '../../../api/src/__fixtures__/graphql';
import config from '../codegen';
import { createGraphonicClient, GraphonicRequestError } from './client';
import { printListener } from './main';

const exampleDir = join(import.meta.dirname, '..');

describeGraphql('the typed client example', (fixture) => {
  /** Creates a playlist of the listener's through the music v1 API, as any client of the music service would. */
  async function createPlaylist(token: string, name: string, isPublic: boolean): Promise<void> {
    const response = await fetch(`${fixture.musicUrl}/v1/me/playlists`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, public: isPublic }),
    });
    expect(response.status).toBe(201);
  }

  it("prints the listener's name and playlists, read with a bearer token", async () => {
    const listener = await fixture.listener({
      scopes: ['user-read-private', 'playlist-read-private', 'playlist-modify-public', 'playlist-modify-private'],
    });
    await createPlaylist(listener.token, 'Road Trip', true);
    await createPlaylist(listener.token, 'Focus', false);
    const { rows } = await fixture.db.query<{ display_name: string }>('SELECT display_name FROM users WHERE id = $1', [
      listener.id,
    ]);
    const name = rows[0]?.display_name ?? '';

    const lines: string[] = [];
    const client = createGraphonicClient({ url: `${fixture.apiUrl}/graphql`, token: listener.token });
    await printListener(client, (line) => lines.push(line));
    // Most recently added first.
    expect(lines).toEqual([
      `${name} (${listener.id})`,
      '2 playlists:',
      '  Focus (yours, private)',
      '  Road Trip (yours)',
    ]);
  });

  it('reports what the api refuses, with its error code', async () => {
    const client = createGraphonicClient({ url: `${fixture.apiUrl}/graphql`, token: 'not-a-token' });
    const failure = await printListener(client, () => undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphonicRequestError);
    const codes = (failure as GraphonicRequestError).errors.map((error) => error.extensions?.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['UNAUTHENTICATED']));
  });
});

describe("the example's generated types", () => {
  it('are what GraphQL Code Generator makes of schema/ and the operations today (commit them after `npm run codegen`)', async () => {
    const outputs = (await generate({ ...config, cwd: exampleDir, silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    const generated = join(exampleDir, '__generated__');
    expect(outputs.map((output) => join(exampleDir, output.filename)).sort()).toEqual(
      readdirSync(generated)
        .map((file) => join(generated, file))
        .sort(),
    );
    for (const output of outputs) {
      expect(readFileSync(join(exampleDir, output.filename), 'utf8'), output.filename).toBe(output.content);
    }
  });
});
