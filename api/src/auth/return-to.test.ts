import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/album/4aawyAB9vmqN3uQ7FjRGTy')).toBe('/album/4aawyAB9vmqN3uQ7FjRGTy');
    expect(safeReturnTo('/search?q=love#top')).toBe('/search?q=love#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aLocation:%20https://evil.example'.replace('%0d%0a', '\r\n'),
    'album',
    '',
    '/auth/login',
    '/auth/callback?code=x',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('refuses non-strings and overlong values', () => {
    expect(safeReturnTo(['/a'])).toBe('/');
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
