import { describe, expect, it } from 'vitest';
import { envExamplePlaceholders, productionSecrets, weakSecrets } from '../../test-support/secrets';
import { developmentClientSecret, loadMusicConfig } from './config';
import { examplePlaceholders, isPlaceholder } from '@graphonic/ops';

/** What production needs, with a secret it accepts. */
const production = { NODE_ENV: 'production', MUSIC_CLIENT_SECRET: productionSecrets.client };
const secretNames = ['MUSIC_CLIENT_SECRET', 'METRICS_TOKEN'];

describe('secrets in production', () => {
  it('are accepted when long and varied', () => {
    expect(loadMusicConfig({ ...production, METRICS_TOKEN: productionSecrets.metrics }).env).toBe('production');
  });

  it.each(secretNames)('refuse %s set to the published development default', (name) => {
    expect(() => loadMusicConfig({ ...production, [name]: developmentClientSecret })).toThrow(
      new RegExp(`${name}: is the published development default`),
    );
  });

  it.each(examplePlaceholders.flatMap((value) => secretNames.map((name) => [name, value])))(
    'refuse %s set to the placeholder %s',
    (name, value) => {
      expect(() => loadMusicConfig({ ...production, [name]: value })).toThrow(
        new RegExp(`${name}: is the placeholder of .env.example`),
      );
    },
  );

  it('refuse a database password that is the placeholder of .env.example', () => {
    const database = (password: string) => `postgres://graphonic:${password}@postgres:5432/graphonic`;
    expect(() =>
      loadMusicConfig({ ...production, DATABASE_URL: database('change-me-postgres-password-of-32-chars-or-more') }),
    ).toThrow(/DATABASE_URL: has the placeholder password of .env.example/);
    expect(loadMusicConfig({ ...production, DATABASE_URL: database(productionSecrets.metrics) }).databaseUrl).toBe(
      database(productionSecrets.metrics),
    );
  });

  it('know every placeholder .env.example ships with', () => {
    for (const value of envExamplePlaceholders()) {
      expect(examplePlaceholders).toContain(value);
      expect(isPlaceholder(value)).toBe(true);
    }
  });

  it.each(weakSecrets)('refuse a secret %s', (_name, value, message) => {
    for (const name of secretNames) {
      expect(() => loadMusicConfig({ ...production, [name]: value }), name).toThrow(
        new RegExp(`${name}: ${message.source}`),
      );
    }
  });
});

describe('the listening address outside production', () => {
  it('is loopback unless ALLOW_REMOTE_DEVELOPMENT says otherwise', () => {
    for (const env of ['development', 'test']) {
      expect(() => loadMusicConfig({ NODE_ENV: env, MUSIC_HOST: '0.0.0.0' })).toThrow(
        /MUSIC_HOST: is 0\.0\.0\.0, beyond this machine: .*demo account.*ALLOW_REMOTE_DEVELOPMENT=true/,
      );
      const allowed = loadMusicConfig({ NODE_ENV: env, MUSIC_HOST: '0.0.0.0', ALLOW_REMOTE_DEVELOPMENT: 'true' });
      expect(allowed.host).toBe('0.0.0.0');
      expect(allowed.publicUrl).toBe('http://127.0.0.1:4100');
    }
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(loadMusicConfig({ MUSIC_HOST: host }).host).toBe(host);
  });

  it('is anything in production', () => {
    expect(loadMusicConfig({ ...production, MUSIC_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
