import express, { type Router } from 'express';
import { getAuth, requireUser } from '../accounts/middleware';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import * as objects from './objects';
import { userIdParam } from './params';

interface UserRow {
  id: string;
  account_id: string;
  display_name: string | null;
  email: string | null;
  country: string;
  product: 'premium' | 'free';
  explicit_filter_enabled: boolean;
  explicit_filter_locked: boolean;
  followers: number;
}

async function loadUser(db: Queryable, id: string): Promise<objects.UserRecord | null> {
  const { rows } = await db.query<UserRow & Record<string, unknown>>(
    `SELECT u.id, u.account_id, u.display_name, u.email, u.country, u.product, u.explicit_filter_enabled,
            u.explicit_filter_locked, (SELECT count(*) FROM followed_users f WHERE f.followed_id = u.id) AS followers
     FROM users u WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    displayName: row.display_name,
    email: row.email,
    country: row.country,
    product: row.product,
    followers: row.followers,
    explicitFilterEnabled: row.explicit_filter_enabled,
    explicitFilterLocked: row.explicit_filter_locked,
  };
}

/** `/me` (the signed-in user, private fields by scope) and `/users/{id}` (anyone's public profile). */
export function userRoutes({ db, urls }: { db: Queryable; urls: objects.Urls }): Router {
  const router = express.Router();

  router.get('/me', requireUser, async (_req, res) => {
    const auth = getAuth(res);
    const user = auth.userId ? await loadUser(db, auth.userId) : null;
    if (!user) throw notFound('The user of this token no longer exists');
    res.json(objects.privateUser(urls, user, auth.scopes));
  });

  router.get('/users/:user_id', async (req, res) => {
    const user = await loadUser(db, userIdParam(req.params.user_id));
    if (!user) throw notFound('No such user');
    res.json(objects.publicUser(urls, user));
  });

  return router;
}
