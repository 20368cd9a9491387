import { knownScopes } from './scopes';

/** Server-rendered pages of the sign-in flow: plain HTML, no scripts, one stylesheet. */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escape(title)} · Graphonic</title>
<link rel="stylesheet" href="/accounts/assets/accounts.css">
</head>
<body>
<main class="card">
<p class="brand" aria-hidden="true">♫ Graphonic</p>
${body}
</main>
</body>
</html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
}

export function signInPage(options: {
  csrf: string;
  continueTo: string;
  username?: string;
  error?: string;
  clientName: string;
}): string {
  const error = options.error ? `<p id="sign-in-error" class="error" role="alert">${escape(options.error)}</p>` : '';
  const described = options.error ? ' aria-describedby="sign-in-error"' : '';
  return layout(
    'Sign in',
    `<h1>Sign in to continue to ${escape(options.clientName)}</h1>
${error}
<form method="post" action="/login">
${hidden({ csrf: options.csrf, continue: options.continueTo })}
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escape(options.username ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function consentPage(options: {
  csrf: string;
  request: string;
  clientName: string;
  userName: string;
  scopes: string[];
}): string {
  const items = options.scopes.length
    ? options.scopes.map((scope) => `<li>${escape(knownScopes[scope] ?? scope)}</li>`).join('\n')
    : '<li>See your public profile</li>';
  return layout(
    'Allow access',
    `<h1>Allow ${escape(options.clientName)} to use your account?</h1>
<p>Signed in as <strong>${escape(options.userName)}</strong>. ${escape(options.clientName)} will be able to:</p>
<ul class="scopes">${items}</ul>
<form method="post" action="/authorize/decision">
${hidden({ csrf: options.csrf, request: options.request })}
<div class="actions">
<button type="submit" name="decision" value="allow">Agree</button>
<button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
</div>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1>\n<p role="alert">${escape(message)}</p>`);
}

export const stylesheet = `
:root { color-scheme: dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { margin: 0; box-sizing: border-box; min-height: 100vh; padding: 1.5rem 0; display: grid; place-items: center; background: linear-gradient(#064e3b66, #0a0a0a 60%); color: #f5f5f5; }
.card { width: min(26rem, calc(100vw - 2rem)); background: #171717; border-radius: 1rem; padding: 2rem; box-shadow: 0 10px 40px #0008; }
.brand { color: #1ed760; font-weight: 700; margin: 0 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
label { display: block; margin: 1rem 0 0.35rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 0.7rem; border-radius: 0.5rem; border: 1px solid #525252; background: #0a0a0a; color: inherit; font-size: 1rem; }
button { margin-top: 1.5rem; width: 100%; padding: 0.8rem; border: 0; border-radius: 999px; background: #1ed760; color: #0a0a0a; font-weight: 700; font-size: 1rem; cursor: pointer; }
button.secondary { background: transparent; color: #f5f5f5; border: 1px solid #737373; margin-top: 0.75rem; }
:focus-visible { outline: 3px solid #1ed760; outline-offset: 2px; }
.error { background: #7f1d1d; border-radius: 0.5rem; padding: 0.75rem; }
.scopes { padding-left: 1.2rem; line-height: 1.6; color: #d4d4d4; }
`;
