import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MusicApiError } from '../../music/errors';
import { featureUnavailable, isRefusal, withFeature } from './features';

const upstream = (code: 'FORBIDDEN' | 'NOT_FOUND' | 'PREMIUM_REQUIRED', status: number) =>
  new MusicApiError('refused', { code, status, operation: 'GET /v1/recommendations' });

describe('features', () => {
  it('turns an upstream refusal into FEATURE_UNAVAILABLE', async () => {
    const failure = withFeature('recommendations', () => Promise.reject(upstream('FORBIDDEN', 403)));
    await expect(failure).rejects.toMatchObject({
      extensions: { code: 'FEATURE_UNAVAILABLE' },
      message: 'This music service does not offer recommendations.',
    });
  });

  it('lets every other outcome through', async () => {
    await expect(withFeature('recommendations', () => Promise.resolve(3))).resolves.toBe(3);
    const missing = upstream('NOT_FOUND', 404);
    await expect(withFeature('recommendations', () => Promise.reject(missing))).rejects.toBe(missing);
    const premium = upstream('PREMIUM_REQUIRED', 403);
    await expect(withFeature('Playback', () => Promise.reject(premium))).rejects.toBe(premium);
  });

  it('recognises refusals only among upstream errors', () => {
    expect(isRefusal(upstream('FORBIDDEN', 403))).toBe(true);
    expect(isRefusal(new GraphQLError('no', { extensions: { code: 'FORBIDDEN' } }))).toBe(false);
    expect(featureUnavailable('Browse').extensions.code).toBe('FEATURE_UNAVAILABLE');
  });
});
