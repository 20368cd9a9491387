import type { OutboxMessage } from './mail';
import { knownScopes } from './scopes';

/** Server-rendered pages of the sign-in flow: plain HTML, no scripts, one stylesheet. */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

export const stylesheetPath = '/accounts/assets/accounts.css';
export const iconPath = '/accounts/assets/icon.svg';

/** The app's icon (a note on the green accent), so the sign-in pages look like the app in a tab. */
export const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#10b981"/>' +
  '<path d="M11 22.5a3.5 3.5 0 1 1-2-3.16V8l14-3v14.5a3.5 3.5 0 1 1-2-3.16V9.56L11 11.7z" fill="#0a0a0a"/></svg>';

function layout(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Graphonic</title>
<link rel="icon" type="image/svg+xml" href="${iconPath}">
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main class="card${options.wide ? ' wide' : ''}">
<p class="brand"><span aria-hidden="true">♫ </span>Graphonic</p>
${body}
</main>
</body>
</html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** An input described by an error message when there is one. */
function input(options: {
  id: string;
  label: string;
  type?: string;
  autocomplete: string;
  value?: string;
  errorId?: string;
}): string {
  const attributes = [
    `id="${options.id}"`,
    `name="${options.id}"`,
    `type="${options.type ?? 'text'}"`,
    `autocomplete="${options.autocomplete}"`,
    'required',
    options.value ? `value="${escapeHtml(options.value)}"` : '',
    options.errorId ? `aria-invalid="true" aria-describedby="${options.errorId}"` : '',
  ].filter(Boolean);
  return `<label for="${options.id}">${escapeHtml(options.label)}</label>
<input ${attributes.join(' ')}>`;
}

export interface SignInPageOptions {
  csrf: string;
  /** The authorization request to continue after sign-in ('' for none). */
  continueTo: string;
  /** The application asking, or null when signing in to the service itself. */
  clientName: string | null;
  username?: string;
  email?: string;
  error?: { field: 'password' | 'email'; message: string };
  /** Whether sign-in by e-mail link is offered. */
  emailLinks: boolean;
}

export function signInPage(options: SignInPageOptions): string {
  const passwordError = options.error?.field === 'password' ? options.error.message : undefined;
  const emailError = options.error?.field === 'email' ? options.error.message : undefined;
  const heading = options.clientName ? `Sign in to continue to ${options.clientName}` : 'Sign in to Graphonic';
  const alert = (id: string, message: string | undefined) =>
    message ? `<p id="${id}" class="error" role="alert">${escapeHtml(message)}</p>\n` : '';
  const emailForm = options.emailLinks
    ? `<div class="divider"><span>or</span></div>
<form method="post" action="/login/email">
${hidden({ csrf: options.csrf, continue: options.continueTo })}
${alert('email-error', emailError)}${input({
        id: 'email',
        label: 'E-mail address',
        type: 'email',
        autocomplete: 'email',
        value: options.email,
        errorId: emailError ? 'email-error' : undefined,
      })}
<button type="submit" class="secondary">E-mail me a sign-in link</button>
</form>`
    : '';
  return layout(
    'Sign in',
    `<h1>${escapeHtml(heading)}</h1>
<form method="post" action="/login">
${hidden({ csrf: options.csrf, continue: options.continueTo })}
${alert('sign-in-error', passwordError)}${input({
      id: 'username',
      label: 'Username',
      autocomplete: 'username',
      value: options.username,
      errorId: passwordError ? 'sign-in-error' : undefined,
    })}
${input({
  id: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'current-password',
  errorId: passwordError ? 'sign-in-error' : undefined,
})}
<button type="submit">Sign in</button>
</form>
${emailForm}`,
  );
}

export interface ConsentPageOptions {
  csrf: string;
  /** The validated authorization request, carried through the form. */
  request: string;
  clientName: string;
  userName: string;
  scopes: readonly string[];
}

/**
 * What a consent asks: the scopes the client will have, the decision posted to `action` with
 * `fields`, and the way to sign in as someone else (continuing to `continueTo`).
 */
function consentQuestion(options: {
  csrf: string;
  clientName: string;
  userName: string;
  scopes: readonly string[];
  action: string;
  fields: Record<string, string>;
  continueTo: string;
  /** Said after the scopes, before the decision. */
  note?: string;
}): string {
  const items = options.scopes.length
    ? options.scopes.map((scope) => `<li>${escapeHtml(knownScopes[scope] ?? scope)}</li>`).join('\n')
    : '<li>See your public profile and playlists</li>';
  return `<p>Signed in as <strong>${escapeHtml(options.userName)}</strong>. ${escapeHtml(options.clientName)} will be able to:</p>
<ul class="scopes">
${items}
</ul>
${options.note ?? ''}<form method="post" action="${options.action}">
${hidden({ csrf: options.csrf, ...options.fields })}
<div class="actions">
<button type="submit" name="decision" value="allow">Agree</button>
<button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
</div>
</form>
<form method="post" action="/logout" class="switch">
${hidden({ csrf: options.csrf, continue: options.continueTo })}
<button type="submit" class="link">Not ${escapeHtml(options.userName)}? Sign in as someone else</button>
</form>`;
}

export function consentPage(options: ConsentPageOptions): string {
  const question = consentQuestion({
    ...options,
    action: '/authorize/decision',
    fields: { request: options.request },
    continueTo: options.request,
    note: `<p class="small">Your answer is kept for ${escapeHtml(options.clientName)}. Signing out of ${escapeHtml(options.clientName)} ends its access from this browser, and signing in there again asks for your password.</p>\n`,
  });
  return layout(
    'Allow access',
    `<h1>Allow ${escapeHtml(options.clientName)} to use your account?</h1>
${question}`,
  );
}

export function signedInPage(options: { csrf: string; userName: string }): string {
  return layout(
    'Signed in',
    `<h1>You are signed in</h1>
<p>Signed in to Graphonic as <strong>${escapeHtml(options.userName)}</strong>. You can go back to the application.</p>
<form method="post" action="/logout">
${hidden({ csrf: options.csrf })}
<button type="submit" class="secondary">Sign out</button>
</form>`,
  );
}

export function signedOutPage(): string {
  return layout(
    'Signed out',
    `<h1>You are signed out</h1>
<p role="status">You are signed out of Graphonic's sign-in pages. Applications you allowed keep their access until you sign out of them.</p>`,
  );
}

export interface EndSessionPageOptions {
  csrf: string;
  /** The sign-out request's parameters, carried through the form and checked again. */
  request: string;
  /** The application that asks, when it said which it is. */
  clientName: string | null;
  userName: string;
}

/** OpenID Connect sign-out an application asked for without proof of who signed in: the person confirms. */
export function endSessionPage(options: EndSessionPageOptions): string {
  const asker = options.clientName === null ? 'An application' : escapeHtml(options.clientName);
  return layout(
    'Sign out',
    `<h1>Sign out of Graphonic?</h1>
<p>${asker} asks to sign you out. You are signed in as <strong>${escapeHtml(options.userName)}</strong>.</p>
<form method="post" action="/oauth/logout">
${hidden({ csrf: options.csrf, request: options.request })}
<div class="actions">
<button type="submit" name="decision" value="sign-out">Sign out</button>
</div>
</form>`,
  );
}

export function checkEmailPage(email: string): string {
  return layout(
    'Check your e-mail',
    `<h1>Check your e-mail</h1>
<p role="status">If <strong>${escapeHtml(email)}</strong> belongs to an account, a sign-in link is on its way. It works once, for 10 minutes.</p>
<p class="small">Nothing after a few minutes? Check the spam folder, or go back and try again.</p>`,
  );
}

/** An error the person can understand, with what to do next. */
export function errorPage(title: string, message: string, hint?: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
${hint ? `<p>${escapeHtml(hint)}</p>` : ''}`,
  );
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** Development only: the mail the service would have sent, with its links. */
export function outboxPage(messages: readonly OutboxMessage[]): string {
  const items = messages.length
    ? messages
        .map(
          (message) => `<li class="message">
<p><strong>${escapeHtml(message.subject)}</strong></p>
<p class="small">To ${escapeHtml(message.to)}, <time datetime="${message.createdAt.toISOString()}">${escapeHtml(message.createdAt.toISOString())}</time></p>
<pre>${linkify(message.text)}</pre>
</li>`,
        )
        .join('\n')
    : '<li>No messages yet. Ask for a sign-in link on the sign-in page.</li>';
  return layout(
    'Outbox',
    `<h1>Outbox</h1>
<p class="small">The e-mail this development service would have sent, newest first. There is no such page in production.</p>
<ul class="outbox">
${items}
</ul>`,
    { wide: true },
  );
}

export interface DeviceCodePageOptions {
  csrf: string;
  /** What to show in the field: the code from the link, or what was typed. */
  userCode?: string;
  error?: string;
  /** Who is signed in here, if anyone. */
  userName?: string | null;
}

/** The verification page: the listener types (or confirms) the code their device shows. */
export function deviceCodePage(options: DeviceCodePageOptions): string {
  const error = options.error
    ? `<p id="user-code-error" class="error" role="alert">${escapeHtml(options.error)}</p>\n`
    : '';
  const signedIn = options.userName
    ? `<p class="small">Signed in as <strong>${escapeHtml(options.userName)}</strong>.</p>\n`
    : '';
  return layout(
    'Connect a device',
    `<h1>Connect a device</h1>
<p>Enter the code your device or command line shows. You will see which application asks, and what for, before anything is allowed.</p>
${signedIn}<form method="post" action="/device">
${hidden({ csrf: options.csrf })}
${error}${input({
      id: 'user_code',
      label: 'Code',
      autocomplete: 'off',
      value: options.userCode,
      errorId: options.error ? 'user-code-error' : undefined,
    })}
<button type="submit">Continue</button>
</form>`,
  );
}

export interface DeviceConsentPageOptions {
  csrf: string;
  /** The code as the device shows it (`BCDF-GHJK`). */
  userCode: string;
  clientName: string;
  userName: string;
  scopes: readonly string[];
  /** What the sign-out form continues to: this device's code, to sign in as someone else. */
  continueTo: string;
}

/** The device's consent: asked every time, since the device is not in front of the listener. */
export function deviceConsentPage(options: DeviceConsentPageOptions): string {
  const question = consentQuestion({ ...options, action: '/device/decision', fields: { user_code: options.userCode } });
  return layout(
    'Allow a device',
    `<h1>Allow ${escapeHtml(options.clientName)} on your device?</h1>
<p>Check that your device shows the code <strong class="code">${escapeHtml(options.userCode)}</strong>. Agree only if you started signing in there yourself, just now: never for a code someone sent you.</p>
${question}`,
  );
}

/** The end of the verification: what the device will now be told. */
export function deviceAnsweredPage(options: { clientName: string; approved: boolean }): string {
  const name = escapeHtml(options.clientName);
  return options.approved
    ? layout(
        'Device connected',
        `<h1>Device connected</h1>
<p role="status">${name} is signed in on your device. You can close this page and go back to it.</p>`,
      )
    : layout(
        'Access not allowed',
        `<h1>Access not allowed</h1>
<p role="status">${name} was not allowed to use your account. Your device will be told.</p>`,
      );
}
