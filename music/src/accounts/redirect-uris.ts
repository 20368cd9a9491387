/**
 * Spotify's rule for redirect URIs: https, or plain http to a loopback IP literal
 * (`http://127.0.0.1:PORT`, `http://[::1]:PORT`); never `localhost`, which a local DNS or
 * hosts file could point elsewhere. No fragment (RFC 6749, section 3.1.2).
 * Returns what is wrong with `uri`, or null when it may be registered.
 */
export function redirectUriProblem(uri: string): string | null {
  if (!URL.canParse(uri)) return `"${uri}" is not an absolute URL`;
  const url = new URL(uri);
  if (url.hash !== '' || uri.includes('#')) return `"${uri}" must not have a fragment`;
  if (url.username !== '' || url.password !== '') return `"${uri}" must not carry a user name or password`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackIp(url.hostname)) return null;
  return `"${uri}" must use https, or http to a loopback IP such as 127.0.0.1 (not localhost)`;
}

function isLoopbackIp(hostname: string): boolean {
  return hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
