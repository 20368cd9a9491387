import express, { type Request, type Response, type Router } from 'express';
import type { MusicConfig } from '../config';
import type { Database, Queryable } from '../db/types';
import { pkceChallenge, randomToken, sameString, tokenHash, verifySecret } from './crypto';
import { consentPage, messagePage, signInPage, stylesheet } from './pages';
import { knownScopes, parseScopes } from './scopes';
import { issueTokens, revokeFamily } from './service';

export const accountCookie = 'graphonic_account';
const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
const codeLifetimeMs = 60_000;
const failureWindowMs = 15 * 60_000;
const maxFailuresPerUser = 5;
const maxFailuresPerAddress = 20;

interface ClientRow {
  client_id: string;
  secret_hash: string | null;
  name: string;
  redirect_uris: string[];
}

interface AccountSession {
  idHash: string;
  userId: string | null;
  csrf: string;
}

interface AuthorizeRequest {
  client: ClientRow;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge: string | null;
  showDialog: boolean;
  /** The validated query string, carried through the sign-in and consent forms. */
  query: string;
}

class OAuthRedirect extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Sign-in pages, consent and the token endpoint: an OAuth 2.0 server in Spotify's accounts shape. */
export function createAccountsRouter({ db, config }: { db: Database; config: MusicConfig }): Router {
  const router = express.Router();
  const secure = config.publicUrl.startsWith('https:');

  router.use(['/authorize', '/login', '/logout', '/accounts'], (_req, res, next) => {
    // The pages run no scripts and may not be framed; their forms and answers are never cached.
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    next();
  });

  router.get('/accounts/assets/accounts.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(stylesheet);
  });

  function cookieOf(req: Request): string | undefined {
    const header = req.get('cookie') ?? '';
    for (const part of header.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === accountCookie) return rest.join('=');
    }
    return undefined;
  }

  function setCookie(res: Response, value: string, maxAgeMs: number): void {
    res.cookie(accountCookie, value, {
      // Scripts never read it; cross-site requests other than top-level navigations never carry it.
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: maxAgeMs,
    });
  }

  async function loadSession(req: Request): Promise<AccountSession | null> {
    const value = cookieOf(req);
    if (!value) return null;
    const idHash = tokenHash(value);
    const { rows } = await db.query<{ user_id: string | null; csrf_token: string } & Record<string, unknown>>(
      'SELECT user_id, csrf_token FROM account_sessions WHERE id_hash = $1 AND expires_at > now()',
      [idHash],
    );
    const row = rows[0];
    return row ? { idHash, userId: row.user_id, csrf: row.csrf_token } : null;
  }

  /** A session for the forms: the existing one, or a new anonymous one with its CSRF token. */
  async function formSession(req: Request, res: Response): Promise<AccountSession> {
    const existing = await loadSession(req);
    if (existing) return existing;
    return newSession(res, null);
  }

  async function newSession(res: Response, userId: string | null, tx: Queryable = db): Promise<AccountSession> {
    const value = randomToken();
    const session = { idHash: tokenHash(value), userId, csrf: randomToken() };
    await tx.query('INSERT INTO account_sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)', [
      session.idHash,
      userId,
      session.csrf,
      new Date(Date.now() + sessionLifetimeMs),
    ]);
    setCookie(res, value, sessionLifetimeMs);
    return session;
  }

  function csrfValid(session: AccountSession | null, body: unknown): session is AccountSession {
    const token = (body as Record<string, unknown> | undefined)?.csrf;
    return session !== null && typeof token === 'string' && sameString(token, session.csrf);
  }

  async function findClient(clientId: unknown): Promise<ClientRow | null> {
    if (typeof clientId !== 'string' || clientId === '') return null;
    const { rows } = await db.query<ClientRow & Record<string, unknown>>(
      'SELECT client_id, secret_hash, name, redirect_uris FROM oauth_clients WHERE client_id = $1',
      [clientId],
    );
    return rows[0] ?? null;
  }

  /** Validates an authorization request. Null (with the page sent) when it must not redirect. */
  async function readAuthorizeRequest(params: URLSearchParams, res: Response): Promise<AuthorizeRequest | null> {
    const client = await findClient(params.get('client_id'));
    const redirectUri = params.get('redirect_uri') ?? '';
    // Never redirect to an address the client did not register: show the error here instead.
    if (!client || !client.redirect_uris.includes(redirectUri)) {
      res
        .status(400)
        .send(
          messagePage(
            'This sign-in link is not valid',
            client ? 'The redirect address does not match the application.' : 'The application is unknown.',
          ),
        );
      return null;
    }
    const state = params.get('state') ?? undefined;
    const fail = (error: string, description: string): null => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (state !== undefined) target.searchParams.set('state', state);
      res.redirect(303, target.toString());
      return null;
    };
    if (params.get('response_type') !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    const scopes = parseScopes(params.get('scope') ?? '');
    if (!scopes) return fail('invalid_scope', 'An unknown scope was requested.');
    const challenge = params.get('code_challenge');
    const method = params.get('code_challenge_method');
    if (challenge !== null || method !== null) {
      if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
      if (!challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(challenge))
        return fail('invalid_request', 'The code_challenge is malformed.');
    } else if (client.secret_hash === null) {
      return fail('invalid_request', 'This application must use PKCE (code_challenge).');
    }
    const query = new URLSearchParams();
    for (const key of [
      'client_id',
      'response_type',
      'redirect_uri',
      'state',
      'scope',
      'code_challenge',
      'code_challenge_method',
      'show_dialog',
    ]) {
      const value = params.get(key);
      if (value !== null) query.set(key, value);
    }
    return {
      client,
      redirectUri,
      state,
      scopes,
      codeChallenge: challenge,
      showDialog: params.get('show_dialog') === 'true',
      query: query.toString(),
    };
  }

  async function issueCode(request: AuthorizeRequest, userId: string, res: Response): Promise<void> {
    const code = randomToken();
    await db.query(
      `INSERT INTO authorization_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        tokenHash(code),
        request.client.client_id,
        userId,
        request.redirectUri,
        request.scopes,
        request.codeChallenge,
        new Date(Date.now() + codeLifetimeMs),
      ],
    );
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    res.redirect(303, target.toString());
  }

  async function displayName(userId: string): Promise<string> {
    const { rows } = await db.query<{ display_name: string | null }>('SELECT display_name FROM users WHERE id = $1', [
      userId,
    ]);
    return rows[0]?.display_name ?? userId;
  }

  async function continueAuthorization(
    request: AuthorizeRequest,
    session: AccountSession,
    res: Response,
  ): Promise<void> {
    const userId = session.userId;
    if (!userId) {
      res.send(signInPage({ csrf: session.csrf, continueTo: request.query, clientName: request.client.name }));
      return;
    }
    const { rows } = await db.query<{ scopes: string[] }>(
      'SELECT scopes FROM consents WHERE user_id = $1 AND client_id = $2',
      [userId, request.client.client_id],
    );
    const granted = new Set(rows[0]?.scopes ?? []);
    if (!request.showDialog && rows.length > 0 && request.scopes.every((scope) => granted.has(scope))) {
      await issueCode(request, userId, res);
      return;
    }
    res.send(
      consentPage({
        csrf: session.csrf,
        request: request.query,
        clientName: request.client.name,
        userName: await displayName(userId),
        scopes: request.scopes,
      }),
    );
  }

  router.get('/authorize', async (req, res) => {
    const request = await readAuthorizeRequest(new URLSearchParams(req.url.split('?')[1] ?? ''), res);
    if (!request) return;
    await continueAuthorization(request, await formSession(req, res), res);
  });

  router.post('/login', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const session = await loadSession(req);
    const body = req.body as Record<string, unknown>;
    const continueTo = typeof body.continue === 'string' ? body.continue : '';
    if (!csrfValid(session, body)) {
      res.status(403).send(messagePage('Please try again', 'The sign-in form expired. Go back and sign in again.'));
      return;
    }
    const request = await readAuthorizeRequest(new URLSearchParams(continueTo), res);
    if (!request) return;
    const username = typeof body.username === 'string' ? body.username.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const address = req.ip ?? 'unknown';
    const since = new Date(Date.now() - failureWindowMs);
    const { rows: counts } = await db.query<{ by_user: number; by_address: number }>(
      `SELECT count(*) FILTER (WHERE username = $1) AS by_user, count(*) FILTER (WHERE address = $2) AS by_address
       FROM sign_in_failures WHERE failed_at > $3 AND (username = $1 OR address = $2)`,
      [username, address, since],
    );
    const count = counts[0];
    if (count && (count.by_user >= maxFailuresPerUser || count.by_address >= maxFailuresPerAddress)) {
      res
        .status(429)
        .set('Retry-After', String(failureWindowMs / 1000))
        .send(messagePage('Too many attempts', 'Too many failed sign-ins. Wait 15 minutes, then try again.'));
      return;
    }
    const { rows } = await db.query<{ id: string; password_hash: string | null }>(
      'SELECT id, password_hash FROM users WHERE id = $1',
      [username],
    );
    const user = rows[0];
    const ok = user?.password_hash ? await verifySecret(password, user.password_hash) : false;
    if (!user || !ok) {
      await db.query('INSERT INTO sign_in_failures (username, address) VALUES ($1, $2)', [username, address]);
      // One message whether or not the username exists.
      res.status(401).send(
        signInPage({
          csrf: session.csrf,
          continueTo: request.query,
          username,
          error: 'That username and password do not match.',
          clientName: request.client.name,
        }),
      );
      return;
    }
    await db.query('DELETE FROM sign_in_failures WHERE username = $1', [username]);
    // A new session id at sign-in: one planted before sign-in is worthless after it.
    await db.query('DELETE FROM account_sessions WHERE id_hash = $1', [session.idHash]);
    const signedIn = await newSession(res, user.id);
    await continueAuthorization(request, signedIn, res);
  });

  router.post('/authorize/decision', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const session = await loadSession(req);
    const body = req.body as Record<string, unknown>;
    if (!csrfValid(session, body) || !session.userId) {
      res
        .status(403)
        .send(messagePage('Please try again', 'The form expired. Go back to the application and sign in again.'));
      return;
    }
    const request = await readAuthorizeRequest(
      new URLSearchParams(typeof body.request === 'string' ? body.request : ''),
      res,
    );
    if (!request) return;
    if (body.decision !== 'allow') {
      const target = new URL(request.redirectUri);
      target.searchParams.set('error', 'access_denied');
      if (request.state !== undefined) target.searchParams.set('state', request.state);
      res.redirect(303, target.toString());
      return;
    }
    await db.query(
      `INSERT INTO consents (user_id, client_id, scopes) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, client_id) DO UPDATE SET scopes = ARRAY(SELECT DISTINCT unnest(consents.scopes || EXCLUDED.scopes)), granted_at = now()`,
      [session.userId, request.client.client_id, request.scopes],
    );
    await issueCode(request, session.userId, res);
  });

  router.post('/logout', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const session = await loadSession(req);
    if (!csrfValid(session, req.body)) {
      res.status(403).send(messagePage('Please try again', 'The form expired.'));
      return;
    }
    await db.query('DELETE FROM account_sessions WHERE id_hash = $1', [session.idHash]);
    res.clearCookie(accountCookie, { path: '/' });
    res.send(messagePage('Signed out', 'You are signed out of Graphonic Music.'));
  });

  router.post('/api/token', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const body = req.body as Record<string, string | undefined>;
    const oauthError = (status: number, error: string, description: string): void => {
      if (error === 'invalid_client') res.set('WWW-Authenticate', 'Basic realm="accounts"');
      res.status(status).json({ error, error_description: description });
    };

    // Client authentication: HTTP Basic, or the body's client_id (and secret).
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = id !== undefined ? decodeURIComponent(id) : undefined;
      clientSecret = secret !== undefined ? decodeURIComponent(secret) : undefined;
    }
    const client = await findClient(clientId);
    if (!client) {
      oauthError(401, 'invalid_client', 'Invalid client');
      return;
    }
    if (client.secret_hash !== null) {
      if (!clientSecret || !(await verifySecret(clientSecret, client.secret_hash))) {
        oauthError(401, 'invalid_client', 'Invalid client secret');
        return;
      }
    }
    const confidential = client.secret_hash !== null;

    try {
      switch (body.grant_type) {
        case 'authorization_code': {
          const response = await db.transaction(async (tx) => {
            const { rows } = await tx.query<
              {
                client_id: string;
                user_id: string;
                redirect_uri: string;
                scopes: string[];
                code_challenge: string | null;
                expires_at: Date;
                used_at: Date | null;
                family_id: string | null;
              } & Record<string, unknown>
            >('SELECT * FROM authorization_codes WHERE code_hash = $1 FOR UPDATE', [tokenHash(body.code ?? '')]);
            const code = rows[0];
            if (!code || code.client_id !== client.client_id)
              throw new OAuthRedirect('invalid_grant', 'Invalid authorization code');
            if (code.used_at) {
              // A code presented twice was stolen or replayed: what it issued stops working.
              // The revocation must commit, so this returns instead of throwing.
              if (code.family_id) await revokeFamily(tx, code.family_id);
              return 'replayed' as const;
            }
            if (code.expires_at.getTime() <= Date.now())
              throw new OAuthRedirect('invalid_grant', 'Authorization code expired');
            if (code.redirect_uri !== body.redirect_uri)
              throw new OAuthRedirect('invalid_grant', 'Invalid redirect URI');
            if (code.code_challenge !== null) {
              const verifier = body.code_verifier ?? '';
              if (
                !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) ||
                !sameString(pkceChallenge(verifier), code.code_challenge)
              ) {
                throw new OAuthRedirect('invalid_grant', 'code_verifier was incorrect');
              }
            } else if (!confidential) {
              throw new OAuthRedirect('invalid_grant', 'code_verifier required');
            }
            const tokens = await issueTokens(tx, {
              userId: code.user_id,
              clientId: client.client_id,
              scopes: code.scopes,
              ttlSeconds: config.accessTokenTtl,
              withRefreshToken: true,
            });
            await tx.query(
              `UPDATE authorization_codes SET used_at = now(),
                 family_id = (SELECT family_id FROM access_tokens WHERE token_hash = $2) WHERE code_hash = $1`,
              [tokenHash(body.code ?? ''), tokenHash(tokens.access_token)],
            );
            return tokens;
          });
          if (response === 'replayed') {
            oauthError(400, 'invalid_grant', 'Invalid authorization code');
            return;
          }
          res.json(response);
          return;
        }
        case 'refresh_token': {
          const response = await db.transaction(async (tx) => {
            const { rows } = await tx.query<
              {
                family_id: string;
                used_at: Date | null;
                client_id: string;
                user_id: string | null;
                scopes: string[];
                expires_at: Date;
                revoked_at: Date | null;
              } & Record<string, unknown>
            >(
              `SELECT r.family_id, r.used_at, f.client_id, f.user_id, f.scopes, f.expires_at, f.revoked_at
               FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.token_hash = $1 FOR UPDATE OF r`,
              [tokenHash(body.refresh_token ?? '')],
            );
            const token = rows[0];
            if (!token || token.client_id !== client.client_id || token.revoked_at) {
              throw new OAuthRedirect('invalid_grant', 'Invalid refresh token');
            }
            if (token.used_at) {
              // Reuse of a rotated refresh token: the family is compromised.
              await revokeFamily(tx, token.family_id);
              return 'reused' as const;
            }
            if (token.expires_at.getTime() <= Date.now())
              throw new OAuthRedirect('invalid_grant', 'Refresh token expired');
            await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
              tokenHash(body.refresh_token ?? ''),
            ]);
            return issueTokens(tx, {
              userId: token.user_id,
              clientId: client.client_id,
              scopes: token.scopes,
              ttlSeconds: config.accessTokenTtl,
              withRefreshToken: true,
              familyId: token.family_id,
            });
          });
          if (response === 'reused') {
            oauthError(400, 'invalid_grant', 'Refresh token revoked');
            return;
          }
          res.json(response);
          return;
        }
        case 'client_credentials': {
          if (!confidential) {
            oauthError(400, 'unauthorized_client', 'Public clients cannot use client credentials');
            return;
          }
          const { refresh_token: _unused, ...tokens } = await issueTokens(db, {
            userId: null,
            clientId: client.client_id,
            scopes: [],
            ttlSeconds: config.accessTokenTtl,
            withRefreshToken: false,
          });
          res.json(tokens);
          return;
        }
        default:
          oauthError(
            400,
            'unsupported_grant_type',
            'grant_type must be authorization_code, refresh_token or client_credentials',
          );
      }
    } catch (error) {
      if (error instanceof OAuthRedirect) {
        oauthError(400, error.error, error.description);
        return;
      }
      throw error;
    }
  });

  router.get('/.well-known/oauth-authorization-server', (_req, res) => {
    res.json({
      issuer: config.publicUrl,
      authorization_endpoint: `${config.publicUrl}/authorize`,
      token_endpoint: `${config.publicUrl}/api/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: Object.keys(knownScopes),
    });
  });

  return router;
}
