import type { Request, Response, Router } from 'express';
import type { AccountsContext } from './context';
import { form, formExpired, formValue, sendPage } from './forms';
import { readIdTokenHint, supportedClaims, userClaims, type IdTokenHint } from './id-token';
import { findClient, lookUpAccessToken, type ClientRow } from './oauth';
import { endSessionPage, errorPage, signedOutPage } from './pages';
import { csrfValid, type AccountSession } from './sessions';
import { idTokenAlgorithm } from './signing-keys';
import { displayName } from './store';

/**
 * OpenID Connect on top of the authorization server: the published signing keys, the UserInfo
 * endpoint and sign-out requested by an application (RP-initiated logout). ID tokens themselves
 * come from the token endpoint (oauth.ts).
 */

export const jwksPath = '/jwks.json';
export const userinfoPath = '/userinfo';
export const endSessionPath = '/oauth/logout';

/** OpenID Connect discovery's fields, served with the OAuth metadata in one document. */
export function openIdMetadata(issuer: string) {
  return {
    userinfo_endpoint: `${issuer}${userinfoPath}`,
    jwks_uri: `${issuer}${jwksPath}`,
    end_session_endpoint: `${issuer}${endSessionPath}`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [idTokenAlgorithm],
    claims_supported: supportedClaims,
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}

export function addOpenIdRoutes(router: Router, ctx: AccountsContext): void {
  router.get(jwksPath, async (_req, res) => {
    // Short caching: a client that meets an unknown key id fetches the set again.
    res.set('Cache-Control', 'public, max-age=300').json({ keys: await ctx.signingKeys.publicKeys() });
  });
  router.get(userinfoPath, async (req, res) => {
    await userinfo(ctx, req, res);
  });
  router.post(userinfoPath, async (req, res) => {
    await userinfo(ctx, req, res);
  });
  router.get(endSessionPath, async (req, res) => {
    await endSession(ctx, new URL(req.originalUrl, 'http://localhost').searchParams, req, res, { confirmed: false });
  });
  router.post(endSessionPath, form, async (req, res) => {
    await confirmEndSession(ctx, req, res);
  });
}

// RFC 6750's token68 syntax.
const bearerPattern = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

function bearerChallenge(res: Response, status: 401 | 403, error?: { code: string; description: string }): void {
  const attributes = ['realm="accounts"'];
  if (error) {
    attributes.push(`error="${error.code}"`, `error_description="${error.description}"`);
    if (error.code === 'insufficient_scope') attributes.push('scope="openid"');
  }
  res.set('WWW-Authenticate', `Bearer ${attributes.join(', ')}`);
  res.status(status).json(error ? { error: error.code, error_description: error.description } : {});
}

/** UserInfo (OpenID Connect Core 5.3): `sub` and the claims the token's scopes grant; the token goes in the header. */
async function userinfo(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const header = req.get('authorization');
  if (header === undefined) {
    bearerChallenge(res, 401);
    return;
  }
  const token = bearerPattern.exec(header)?.[1];
  const row = token === undefined ? null : await lookUpAccessToken(ctx.db, token);
  if (row === null || row.revoked || row.expires_at.getTime() <= ctx.now()) {
    bearerChallenge(res, 401, { code: 'invalid_token', description: 'The access token is not valid.' });
    return;
  }
  // A token without a user (client credentials) cannot carry openid: the same answer.
  if (row.user_id === null || !row.scopes.includes('openid')) {
    bearerChallenge(res, 403, { code: 'insufficient_scope', description: 'The token was not granted openid.' });
    return;
  }
  res.json({ sub: row.user_id, ...(await userClaims(ctx.db, row.user_id, row.scopes)) });
}

/** The end-session request's parameters, each sent at most once. */
const endSessionParams = ['id_token_hint', 'client_id', 'post_logout_redirect_uri', 'state'] as const;

/**
 * A post-logout redirect URI the client may use: one of its redirect URIs exactly, or the home page
 * (origin and `/`) of one, so that an application can land its people on its front page.
 */
export function allowedPostLogoutUri(client: ClientRow, uri: string): boolean {
  return client.redirect_uris.some((registered) => {
    if (registered === uri) return true;
    const home = `${new URL(registered).origin}/`;
    return home === uri;
  });
}

interface EndSessionRequest {
  hint: IdTokenHint | null;
  client: ClientRow | null;
  postLogoutRedirectUri: string | undefined;
  state: string | undefined;
  /** The parameters as a query string, carried through the confirmation form. */
  query: string;
}

/** Checks a sign-out request; answers an error page and resolves null when it cannot be honoured. */
async function validateEndSession(
  ctx: AccountsContext,
  params: URLSearchParams,
  res: Response,
): Promise<EndSessionRequest | null> {
  const refuse = (message: string) => {
    sendPage(res, 400, errorPage('This sign-out link is not valid', message, 'Go back to the application.'));
    return null;
  };
  for (const name of endSessionParams) {
    if (params.getAll(name).length > 1) return refuse(`The parameter ${name} was sent more than once.`);
  }
  const given = (name: (typeof endSessionParams)[number]) => params.get(name) || undefined;
  const hintToken = given('id_token_hint');
  const hint = hintToken === undefined ? null : await readIdTokenHint(ctx.signingKeys, ctx.issuer, hintToken);
  if (hintToken !== undefined && hint === null) return refuse('The ID token it carries was not issued here.');
  const clientId = given('client_id');
  if (hint !== null && clientId !== undefined && clientId !== hint.clientId) {
    return refuse('The client_id does not match the ID token.');
  }
  const client = await findClient(ctx.db, hint?.clientId ?? clientId);
  if ((hint?.clientId ?? clientId) !== undefined && client === null) return refuse('The application is not known.');
  const postLogoutRedirectUri = given('post_logout_redirect_uri');
  if (postLogoutRedirectUri !== undefined) {
    // Never redirect to an address the application did not register.
    if (client === null) return refuse('A return address needs the application: send id_token_hint or client_id.');
    if (!allowedPostLogoutUri(client, postLogoutRedirectUri)) {
      return refuse(`The address ${client.name} wants to send you back to is not one it registered.`);
    }
  }
  const query = new URLSearchParams();
  for (const name of endSessionParams) {
    const value = given(name);
    if (value !== undefined) query.set(name, value);
  }
  return { hint, client, postLogoutRedirectUri, state: given('state'), query: query.toString() };
}

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). The browser's sign-in here ends at
 * once when the request proves, with an ID token of ours, that it comes from an application the
 * signed-in person used; otherwise the person is asked first, so that a link on another site
 * cannot sign anyone out.
 */
async function endSession(
  ctx: AccountsContext,
  params: URLSearchParams,
  req: Request,
  res: Response,
  { confirmed }: { confirmed: boolean },
): Promise<void> {
  const request = await validateEndSession(ctx, params, res);
  if (request === null) return;
  const session = await ctx.sessions.load(req);
  const signedIn = session !== null && session.userId !== null;
  const proven = request.hint !== null && (!signedIn || request.hint.userId === session.userId);
  if (signedIn && !confirmed && !proven) {
    sendPage(
      res,
      200,
      endSessionPage({
        csrf: session.csrf,
        request: request.query,
        clientName: request.client?.name ?? null,
        userName: await displayName(ctx.db, session.userId ?? ''),
      }),
    );
    return;
  }
  if (session !== null) await ctx.sessions.destroy(session, res);
  afterEndSession(request, res);
}

async function confirmEndSession(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session: AccountSession | null = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf'))) {
    formExpired(res);
    return;
  }
  await endSession(ctx, new URLSearchParams(formValue(req, 'request') ?? ''), req, res, { confirmed: true });
}

function afterEndSession(request: EndSessionRequest, res: Response): void {
  if (request.postLogoutRedirectUri === undefined) {
    sendPage(res, 200, signedOutPage());
    return;
  }
  const target = new URL(request.postLogoutRedirectUri);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  res.redirect(303, target.toString());
}
