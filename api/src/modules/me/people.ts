import DataLoader from 'dataloader';
import { musicOf, type Context } from '../../context';
import { profileFreshMs } from '../../music/answer-cache';
import type { V1PrivateUser, V1PublicUser } from '../../music/v1';
import { featureUnavailable, isRefusal } from '../common/features';

/**
 * The signed-in listener's profile and other listeners' profiles, fetched at most once per
 * request. They belong to one listener's request, so they are kept per context, never shared
 * with another listener. The listener's own profile is also kept in their part of the answer
 * cache for `profileFreshMs`, with the token it was read with: read once per session, again on
 * that timer or as soon as the token is refreshed, not on every operation.
 */

const profiles = new WeakMap<Context, Promise<V1PrivateUser>>();
const users = new WeakMap<Context, DataLoader<string, V1PublicUser | V1PrivateUser>>();

/** `GET /me`, once per request. */
export function meOf(context: Context): Promise<V1PrivateUser> {
  const { music } = musicOf(context);
  let profile = profiles.get(context);
  if (!profile) {
    profile = music.get('/me', { reuse: { freshForMs: profileFreshMs } });
    profiles.set(context, profile);
  }
  return profile;
}

/**
 * Listeners' public profiles by id (`GET /users/{id}`, once per id and request). Where the
 * upstream has no other users' profiles (development mode), the signed-in listener's own
 * profile still comes from `/me`, and anyone else's is FEATURE_UNAVAILABLE.
 */
export function userLoader(context: Context): DataLoader<string, V1PublicUser | V1PrivateUser> {
  const { music } = musicOf(context);
  let loader = users.get(context);
  if (!loader) {
    loader = new DataLoader<string, V1PublicUser | V1PrivateUser>((ids) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            return await music.get('/users/{user_id}', { path: { user_id: id } });
          } catch (error) {
            if (!isRefusal(error)) return error instanceof Error ? error : new Error(String(error));
            const me = await meOf(context).catch(() => null);
            return me?.id === id ? me : featureUnavailable("other listeners' profiles", error);
          }
        }),
      ),
    );
    users.set(context, loader);
  }
  return loader;
}
