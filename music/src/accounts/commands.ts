import { parseArgs } from 'node:util';
import type { Queryable } from '../db/types';
import {
  AccountError,
  checkNewClient,
  checkNewUser,
  checkTokenRequest,
  createClient,
  createUser,
  issueTokens,
  type NewClient,
  type NewUser,
  type PasswordOptions,
} from './service';

/**
 * The accounts service's command-line commands, for `npm run music -- <command> …`. Each
 * takes the arguments after its name and resolves with what to print; a mistake in the
 * arguments or a refused request rejects with an `AccountError` whose message is for the user.
 */

export const accountsUsage = `  users add   --id NAME [--password P] [--email E] [--display-name N] [--country CC] [--product premium|free]
  clients add --name NAME --redirect-uri URI [--redirect-uri URI …] [--id ID] [--public]
  clients add --name NAME --device [--id ID]   (a public client that signs in by device code)
  token       --user NAME [--scopes "scope scope …"] [--client ID] [--ttl SECONDS] [--no-refresh]`;

function parse<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  argv: string[],
  options: T,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new AccountError(error instanceof Error ? error.message : String(error));
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new AccountError(`${flag} is required.`);
  return value;
}

/** What `users add`'s arguments ask for; a mistake in them is an AccountError. */
function userAddRequest(argv: string[]): NewUser {
  const values = parse(argv, {
    id: { type: 'string' },
    password: { type: 'string' },
    email: { type: 'string' },
    'display-name': { type: 'string' },
    country: { type: 'string' },
    product: { type: 'string' },
  });
  const product = values.product;
  if (product !== undefined && product !== 'premium' && product !== 'free') {
    throw new AccountError('--product is "premium" or "free".');
  }
  return {
    id: required(values.id, '--id'),
    ...(values.password === undefined ? {} : { password: values.password }),
    ...(values.email === undefined ? {} : { email: values.email }),
    ...(values['display-name'] === undefined ? {} : { displayName: values['display-name'] }),
    ...(values.country === undefined ? {} : { country: values.country }),
    ...(product === undefined ? {} : { product }),
  };
}

/** `user add --id ana --password … --email …`, the password hashed at the configured cost. */
export async function userAddCommand(db: Queryable, argv: string[], options: PasswordOptions = {}): Promise<string> {
  const user = await createUser(db, userAddRequest(argv), options);
  return `Created user ${user.id} (account id ${user.accountId}).`;
}

/** What `clients add`'s arguments ask for; a mistake in them is an AccountError. */
function clientAddRequest(argv: string[]): NewClient & { device: boolean } {
  const values = parse(argv, {
    name: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    id: { type: 'string' },
    public: { type: 'boolean' },
    device: { type: 'boolean' },
  });
  const device = values.device === true;
  return {
    name: required(values.name, '--name'),
    redirectUris: values['redirect-uri'] ?? [],
    confidential: values.public !== true && !device,
    device,
    ...(values.id === undefined ? {} : { clientId: values.id }),
  };
}

/**
 * `client add --name "My app" --redirect-uri https://… [--public]`: prints the secret once.
 * `--device`: a public client that signs in by device code, with no redirect URI needed.
 */
export async function clientAddCommand(db: Queryable, argv: string[]): Promise<string> {
  const request = clientAddRequest(argv);
  const client = await createClient(db, request);
  if (request.device) return `Created device client ${client.clientId}. It has no secret: it signs in by device code.`;
  return client.clientSecret === null
    ? `Created public client ${client.clientId}. It has no secret: it must use PKCE.`
    : `Created client ${client.clientId}.\nIts secret, shown only this once: ${client.clientSecret}`;
}

/** What `token`'s arguments ask for; a mistake in them is an AccountError. */
function tokenRequest(argv: string[]) {
  const values = parse(argv, {
    user: { type: 'string' },
    scopes: { type: 'string' },
    client: { type: 'string' },
    ttl: { type: 'string' },
    'no-refresh': { type: 'boolean' },
  });
  return {
    userId: required(values.user, '--user'),
    clientId: values.client,
    scopes: (values.scopes ?? '').split(/[\s,]+/).filter(Boolean),
    ttlSeconds: values.ttl === undefined ? undefined : Number(values.ttl),
    withRefreshToken: values['no-refresh'] !== true,
  };
}

/**
 * `token --user ana --scopes "user-read-private streaming"`: a token as if the user had
 * consented, printed as the token endpoint's JSON. The client is the configured one unless
 * `--client` says otherwise.
 */
export async function tokenCommand(
  db: Queryable,
  argv: string[],
  defaults: { clientId: string; ttlSeconds: number },
): Promise<string> {
  const request = tokenRequest(argv);
  const tokens = await issueTokens(db, {
    ...request,
    clientId: request.clientId ?? defaults.clientId,
    ttlSeconds: request.ttlSeconds ?? defaults.ttlSeconds,
  });
  return JSON.stringify(tokens, null, 2);
}

/**
 * Checks an accounts command's arguments without a store: what can be told from them alone (an unknown or missing
 * option, a malformed username, e-mail address or redirect URI, a short password, an unknown scope) is refused
 * before anything is opened. What needs the store (a taken id, an unknown user or client) is refused when the
 * command runs.
 */
export function checkAccountsArgs(command: 'users add' | 'clients add' | 'token', argv: string[]): void {
  if (command === 'users add') checkNewUser(userAddRequest(argv));
  else if (command === 'clients add') checkNewClient(clientAddRequest(argv));
  else checkTokenRequest(tokenRequest(argv));
}
