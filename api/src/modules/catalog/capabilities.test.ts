import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { MusicClient } from '../../music/client';
import { MusicApiError } from '../../music/errors';
import type { UpstreamCapabilities } from '../../music/loaders';
import { upstreamFeatures, withUpstreamFeature } from './capabilities';

const forbidden = (): MusicApiError =>
  new MusicApiError('Not in development mode', { code: 'FORBIDDEN', status: 403, operation: 'GET /x' });

function context(provider: 'local' | 'spotify', capabilities: UpstreamCapabilities = { multiGet: 'unknown' }) {
  return { capabilities, config: { provider } as Config };
}

/** A client whose every GET answers `answer` (a value, or an error to throw), counting the calls. */
function client(answer: unknown): MusicClient & { count: number } {
  const fake = {
    count: 0,
    get(): Promise<unknown> {
      fake.count += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return fake as unknown as MusicClient & { count: number };
}

describe('withUpstreamFeature', () => {
  it('learns a refusal, answers FEATURE_UNAVAILABLE, and does not ask again', async () => {
    const ctx = context('local');
    let calls = 0;
    const refuse = (): Promise<never> => {
      calls += 1;
      return Promise.reject(forbidden());
    };
    await expect(withUpstreamFeature(ctx, 'browse', refuse)).rejects.toMatchObject({
      extensions: { code: 'FEATURE_UNAVAILABLE' },
    });
    await expect(withUpstreamFeature(ctx, 'browse', refuse)).rejects.toMatchObject({
      extensions: { code: 'FEATURE_UNAVAILABLE' },
    });
    expect(calls).toBe(1);
    expect(ctx.capabilities.features).toEqual({ browse: false });
  });

  it('passes answers and other errors through', async () => {
    const ctx = context('local');
    await expect(withUpstreamFeature(ctx, 'browse', () => Promise.resolve(7))).resolves.toBe(7);
    expect(ctx.capabilities.features).toEqual({ browse: true });
    const notFound = new MusicApiError('No', { code: 'NOT_FOUND', status: 404, operation: 'GET /x' });
    await expect(withUpstreamFeature(ctx, 'browse', () => Promise.reject(notFound))).rejects.toBe(notFound);
  });
});

describe('upstreamFeatures', () => {
  it('takes Spotify for development mode without asking', async () => {
    const fake = client({});
    const features = await upstreamFeatures(context('spotify'), fake);
    expect(Object.values(features).every((value) => !value)).toBe(true);
    expect(fake.count).toBe(0);
  });

  it('asks another upstream once when nothing is known', async () => {
    const full = client({ genres: [] });
    const ctx = context('local');
    expect(Object.values(await upstreamFeatures(ctx, full)).every(Boolean)).toBe(true);
    await upstreamFeatures(ctx, full);
    expect(full.count).toBe(1);

    const development = client(forbidden());
    const devCtx = context('local');
    expect(Object.values(await upstreamFeatures(devCtx, development)).some(Boolean)).toBe(false);
    expect(development.count).toBe(1);
  });

  it('prefers what was learnt, feature by feature', async () => {
    const ctx = context('local', { multiGet: true, features: { recommendations: false, browse: true } });
    const fake = client({});
    expect(await upstreamFeatures(ctx, fake)).toMatchObject({
      multiGet: true,
      recommendations: false,
      browse: true,
      audioFeatures: false,
    });
    expect(fake.count).toBe(0);
  });
});
