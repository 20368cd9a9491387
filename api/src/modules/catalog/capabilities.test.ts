import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { MusicClient } from '../../music/client';
import { MusicApiError } from '../../music/errors';
import { UpstreamCapabilities } from '../../music/upstream-capabilities';
import { upstreamFeatures, withUpstreamFeature } from './capabilities';

const forbidden = (): MusicApiError =>
  new MusicApiError('Not in development mode', { code: 'FORBIDDEN', status: 403, operation: 'GET /x' });

function context(provider: 'local' | 'spotify', capabilities = new UpstreamCapabilities()) {
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

/** An upstream that refuses browse, counting how often it is asked. */
function refusing(): { refuse: () => Promise<never>; calls: number } {
  const upstream = {
    calls: 0,
    refuse: (): Promise<never> => {
      upstream.calls += 1;
      return Promise.reject(forbidden());
    },
  };
  return upstream;
}

/** Asks for browse through `withUpstreamFeature`, which must answer FEATURE_UNAVAILABLE. */
async function unavailableBrowse(ctx: ReturnType<typeof context>, call: () => Promise<never>): Promise<void> {
  await expect(withUpstreamFeature(ctx, 'browse', call)).rejects.toMatchObject({
    extensions: { code: 'FEATURE_UNAVAILABLE' },
  });
}

describe('withUpstreamFeature', () => {
  it('learns a refusal, answers FEATURE_UNAVAILABLE, and does not ask again', async () => {
    const ctx = context('local');
    const upstream = refusing();
    await unavailableBrowse(ctx, upstream.refuse);
    await unavailableBrowse(ctx, upstream.refuse);
    expect(upstream.calls).toBe(1);
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

describe('what was learnt', () => {
  it('holds for its time to live, then the upstream is asked again', async () => {
    let now = 0;
    const ctx = context('local', new UpstreamCapabilities({ ttlMs: 600_000, now: () => now }));
    const upstream = refusing();
    await unavailableBrowse(ctx, upstream.refuse);
    now = 599_999;
    await unavailableBrowse(ctx, upstream.refuse);
    expect(upstream.calls).toBe(1);
    // Ten minutes on, the refusal is forgotten: the upstream (which may have gained the feature) is asked again.
    now = 600_000;
    expect(ctx.capabilities.features).toEqual({});
    await expect(withUpstreamFeature(ctx, 'browse', () => Promise.resolve('served'))).resolves.toBe('served');
    expect(ctx.capabilities.features).toEqual({ browse: true });
  });

  it('forgets whether the upstream has multi-gets after the same time', () => {
    let now = 0;
    const capabilities = new UpstreamCapabilities({ ttlMs: 1000, now: () => now });
    capabilities.learnMultiGet(false);
    now = 999;
    expect(capabilities.multiGet).toBe(false);
    now = 1000;
    expect(capabilities.multiGet).toBe('unknown');
    expect(capabilities.anyKnown).toBe(false);
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
    const capabilities = new UpstreamCapabilities();
    capabilities.learnMultiGet(true);
    capabilities.learn('recommendations', false);
    capabilities.learn('browse', true);
    const ctx = context('local', capabilities);
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
