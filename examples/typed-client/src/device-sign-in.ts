/**
 * Signs a listener in from a program with no browser of its own, by the OAuth 2.0 device authorization
 * grant (RFC 8628): the music service gives a code, the listener types it on the service's page from any
 * browser and agrees, and the program polls the token endpoint until then. Plain `fetch`, no OAuth library.
 */

/** The code to show the listener, and where. */
export interface DeviceCode {
  userCode: string;
  verificationUri: string;
  /** The same page with the code filled in: a link to open, or a QR code to scan. */
  verificationUriComplete: string | undefined;
  /** Seconds the code lasts. */
  expiresIn: number;
}

/** The music service's tokens, as its token endpoint answers them. */
export interface Tokens {
  access_token: string;
  token_type: string;
  scope?: string;
  expires_in: number;
  refresh_token?: string;
}

/** Signing in did not end with tokens: `code` is the OAuth error (`access_denied`, `expired_token` …). */
export class DeviceSignInError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceSignInError';
  }
}

export interface DeviceSignInOptions {
  /** The music service's address (its OAuth issuer), such as `http://127.0.0.1:4100`. */
  issuer: string;
  /** The client registered at the music service for device sign-in. */
  clientId: string;
  /** The scopes of what the program will read, space-separated. */
  scope: string;
  /** Tells the listener where to go and which code to type. */
  show: (code: DeviceCode) => void;
  /** Waits between polls; a test passes one that does not really wait. */
  wait?: (ms: number) => Promise<void>;
}

interface OAuthErrorBody {
  error?: string;
  error_description?: string;
}

/** What the service's metadata (RFC 8414) says, of what this client uses. */
interface ServerMetadata {
  token_endpoint?: string;
  device_authorization_endpoint?: string;
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  };
}

async function json<T>(response: Response): Promise<T & OAuthErrorBody> {
  return (await response.json().catch(() => ({}))) as T & OAuthErrorBody;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks for a code, shows it, and polls until the listener agrees; resolves with the tokens. */
export async function signInWithDevice(options: DeviceSignInOptions): Promise<Tokens> {
  const wait = options.wait ?? realWait;
  const metadata = await json<ServerMetadata>(await fetch(`${options.issuer}/.well-known/oauth-authorization-server`));
  const { device_authorization_endpoint: deviceEndpoint, token_endpoint: tokenEndpoint } = metadata;
  if (!deviceEndpoint || !tokenEndpoint) {
    throw new DeviceSignInError('unsupported', `${options.issuer} does not offer device sign-in.`);
  }

  const started = await fetch(deviceEndpoint, form({ client_id: options.clientId, scope: options.scope }));
  const code = await json<{
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete?: string;
    expires_in: number;
    interval?: number;
  }>(started);
  if (!started.ok) {
    throw new DeviceSignInError(code.error ?? 'error', code.error_description ?? `HTTP ${String(started.status)}`);
  }
  options.show({
    userCode: code.user_code,
    verificationUri: code.verification_uri,
    verificationUriComplete: code.verification_uri_complete,
    expiresIn: code.expires_in,
  });

  // Five seconds when the service names no interval (RFC 8628 section 3.2).
  let intervalMs = (code.interval ?? 5) * 1000;
  for (;;) {
    await wait(intervalMs);
    const polled = await fetch(
      tokenEndpoint,
      form({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: code.device_code,
        client_id: options.clientId,
      }),
    );
    const body = await json<Tokens>(polled);
    if (polled.ok) return body;
    switch (body.error) {
      case 'authorization_pending':
        continue;
      case 'slow_down':
        // Polled too soon: from now on five seconds longer between polls, as the service now expects.
        intervalMs += 5000;
        continue;
      case 'access_denied':
        throw new DeviceSignInError('access_denied', 'Sign-in was cancelled on the music service.');
      case 'expired_token':
        throw new DeviceSignInError('expired_token', 'The code expired before it was approved: run the sign-in again.');
      default:
        throw new DeviceSignInError(
          body.error ?? 'error',
          body.error_description ?? `The token endpoint answered HTTP ${String(polled.status)}.`,
        );
    }
  }
}
