import type { Request, Response, Router } from 'express';
import type { AccountsContext } from './context';
import { deviceCodeGrantType, exchangeDeviceCode } from './device';
import { form } from './forms';
import {
  authenticateClient,
  clientCredentials,
  exchangeCode,
  Fields,
  introspectToken,
  OAuthError,
  refreshTokens,
  revokeToken,
} from './oauth';
import { openIdMetadata } from './openid-routes';
import { knownScopes } from './scopes';

/**
 * The OAuth endpoints: tokens, revocation and introspection, whose errors leave as
 * `{ error, error_description }`, and the authorization server's metadata.
 */
export function addOAuthRoutes(router: Router, ctx: AccountsContext): void {
  router.post(
    '/api/token',
    form,
    oauthEndpoint((req, res, fields) => token(ctx, req, res, fields)),
  );
  router.post(
    '/oauth/revoke',
    form,
    oauthEndpoint(async (req, res, fields) => {
      const client = await authenticateClient(ctx.db, req.get('authorization'), fields, { allowPublic: true });
      await revokeToken(ctx.db, client, fields.require('token'), fields.get('token_type_hint'), ctx.now());
      res.status(200).end();
    }),
  );
  router.post(
    '/oauth/introspect',
    form,
    oauthEndpoint(async (req, res, fields) => {
      // Only a client that can prove who it is learns anything about a token.
      const client = await authenticateClient(ctx.db, req.get('authorization'), fields, { allowPublic: false });
      res.json(
        await introspectToken(ctx.db, client, fields.require('token'), fields.get('token_type_hint'), ctx.now()),
      );
    }),
  );
  // One document for both: the OAuth metadata (RFC 8414) with OpenID Connect discovery's fields.
  router.get(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'], (_req, res) => {
    res
      .set('Cache-Control', 'public, max-age=300')
      .json({ ...serverMetadata(ctx.issuer), ...openIdMetadata(ctx.issuer) });
  });
}

function oauthError(res: Response, error: OAuthError): void {
  if (error.error === 'invalid_client') res.set('WWW-Authenticate', 'Basic realm="accounts", charset="UTF-8"');
  res.status(error.status).json({ error: error.error, error_description: error.description });
}

/** Runs an OAuth endpoint: its errors leave as `{ error, error_description }`. */
export function oauthEndpoint(handler: (req: Request, res: Response, fields: Fields) => Promise<void>) {
  return async (req: Request, res: Response): Promise<void> => {
    try {
      if (req.is('application/x-www-form-urlencoded') === false) {
        throw new OAuthError(400, 'invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
      }
      await handler(req, res, Fields.from(req.body));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      oauthError(res, error);
    }
  };
}

/** The token endpoint: a code, a refresh token, a device code or a client's own credentials for tokens. */
async function token(ctx: AccountsContext, req: Request, res: Response, fields: Fields): Promise<void> {
  const grantType = fields.get('grant_type');
  if (grantType === undefined) throw new OAuthError(400, 'invalid_request', 'The parameter grant_type is missing.');
  const client = await authenticateClient(ctx.db, req.get('authorization'), fields, { allowPublic: true });
  const context = { ttlSeconds: ctx.config.accessTokenTtl, now: ctx.now() };
  switch (grantType) {
    case 'authorization_code':
      // A code granted with openid also gets an ID token, signed with the current key.
      res.json(
        await exchangeCode(ctx.db, client, fields, {
          ...context,
          idTokens: { issuer: ctx.issuer, keys: ctx.signingKeys },
        }),
      );
      return;
    case 'refresh_token':
      res.json(await refreshTokens(ctx.db, client, fields, context));
      return;
    case 'client_credentials':
      res.json(await clientCredentials(ctx.db, client, context));
      return;
    case deviceCodeGrantType:
      res.json(await exchangeDeviceCode(ctx.db, client, fields, context));
      return;
    default:
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        `grant_type must be authorization_code, refresh_token, client_credentials or ${deviceCodeGrantType}.`,
      );
  }
}

/** The authorization server's metadata (RFC 8414). */
function serverMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/api/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    introspection_endpoint: `${issuer}/oauth/introspect`,
    device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', deviceCodeGrantType],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: Object.keys(knownScopes),
    authorization_response_iss_parameter_supported: true,
  };
}
