import { describe, expect, it } from 'vitest';
import { matchPath, screens } from './screens';

describe('the route table', () => {
  it('matches paths and reads their parameters', () => {
    expect(matchPath('/album/:id', '/album/4aawyAB9vmqN3uQ7FjRGTy')).toEqual({ id: '4aawyAB9vmqN3uQ7FjRGTy' });
    expect(matchPath('/album/:id', '/album/')).toBeNull();
    expect(matchPath('/album/:id', '/artist/x')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/user/:id', '/user/a%20b')).toEqual({ id: 'a b' });
  });

  it('has one route per path', () => {
    const paths = screens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
