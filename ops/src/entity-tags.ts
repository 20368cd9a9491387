/**
 * Whether `If-None-Match` lists `etag`, or is `*`: weak comparison, as RFC 9110 asks for GET and HEAD, so that
 * `W/"x"` matches `"x"`. A match answers 304 with no body.
 */
export function entityTagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const strong = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === strong);
}
