/**
 * Signs in the way a browser does, through the real OAuth pages: the api's `/auth/login`, the
 * music service's sign-in and consent pages, and back to the api's callback. The api's tests
 * (its sign-in, security and deployment tests) and the scale benchmark use it to get a session
 * cookie; the pieces (a cookie jar, a visit, the music service's side) serve tests that look at
 * each step.
 */

/** Cookies of one site, as a browser keeps them: set, replaced, and forgotten once expired. */
export class Jar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired) this.cookies.delete(name);
      else if (name) this.cookies.set(name, value.join('='));
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** Fetches `url` with the jar's cookies, without following redirects, and keeps the cookies it sets. */
export async function visit(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const cookie = jar.header();
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) },
  });
  jar.keep(response);
  return response;
}

/** Posts `form` as a browser submits a form. */
export function postForm(jar: Jar, url: string, form: Record<string, string>): Promise<Response> {
  return visit(jar, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** The value of the hidden field `name` of a page's form; throws with the page's start when it has none. */
export function formField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`The page has no ${name} field:\n${html.slice(0, 500)}`);
  return match[1].replace(/&amp;/g, '&');
}

/** Where a remembered consent leads: redirects within the music service, then to the api's callback. */
async function followToCallback(
  musicJar: Jar,
  response: Response,
  base: string,
  apiUrl: string,
): Promise<string | undefined> {
  let current = response;
  for (let hops = 0; hops < 5; hops += 1) {
    const location = current.headers.get('location');
    if (!location) return undefined;
    const next = new URL(location, base).toString();
    if (next.startsWith(`${apiUrl}/auth/callback?`)) return next;
    current = await visit(musicJar, next);
  }
  return undefined;
}

/**
 * The music service's side of a sign-in: opens `authorize` (where the api's `/auth/login` sent the
 * browser), signs `username` in, and consents when asked (a first sign-in of this user to this
 * client). Resolves with the api's callback URL the service sends the browser back to, not yet
 * visited; throws when the service sends it anywhere else.
 */
export async function consentAtMusic(
  musicJar: Jar,
  authorize: string,
  apiUrl: string,
  username = 'demo',
  password = 'demo',
): Promise<string> {
  const page = await (await visit(musicJar, authorize)).text();
  const signedIn = await postForm(musicJar, new URL('/login', authorize).toString(), {
    csrf: formField(page, 'csrf'),
    continue: formField(page, 'continue'),
    username,
    password,
  });
  let callback = await followToCallback(musicJar, signedIn, authorize, apiUrl);
  if (callback === undefined) {
    const consent = await signedIn.text();
    const decision = await postForm(musicJar, new URL('/authorize/decision', authorize).toString(), {
      csrf: formField(consent, 'csrf'),
      request: formField(consent, 'request'),
      decision: 'allow',
    });
    callback = decision.headers.get('location') ?? '';
  }
  if (!callback.startsWith(`${apiUrl}/auth/callback?`)) {
    throw new Error(`The music service sent the browser to ${callback || 'nowhere'}.`);
  }
  return callback;
}

export interface SignedIn {
  /** The api's cookies (the session). */
  jar: Jar;
  /** The authorization code the api received (tests look for it where it must not be). */
  code: string;
  /** The callback's state. */
  state: string;
}

/** Signs `username` in at the api whose public address is `apiUrl`; throws with the page when a step fails. */
export async function signIn(apiUrl: string, username = 'demo', password = 'demo'): Promise<SignedIn> {
  const jar = new Jar();
  const login = await visit(jar, `${apiUrl}/auth/login`);
  const authorize = login.headers.get('location');
  if (login.status !== 302 && login.status !== 303) throw new Error(`/auth/login answered ${login.status}`);
  if (!authorize) throw new Error('/auth/login did not redirect');
  const callback = await consentAtMusic(new Jar(), authorize, apiUrl, username, password);
  const params = new URL(callback).searchParams;
  const done = await visit(jar, callback);
  if (done.status !== 303) throw new Error(`The callback answered ${done.status}: ${await done.text()}`);
  return { jar, code: params.get('code') ?? '', state: params.get('state') ?? '' };
}
