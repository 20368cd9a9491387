import { describe, expect, it } from 'vitest';
import { documentTitle, matchPath, screenAt, screenLabel, screens } from './screens';

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

describe('screen names', () => {
  it('names a screen of one thing by its heading, the others by their own name', () => {
    expect(screenLabel('/album/abc', 'Abbey  Road\n')).toBe('Abbey Road');
    expect(screenLabel('/album/abc', null)).toBe('Album');
    expect(screenLabel('/collection/tracks', 'Liked Songs')).toBe('Liked Songs');
    expect(screenLabel('/', 'Good evening')).toBe('Home');
    expect(screenLabel('/search', 'Search')).toBe('Search');
    expect(screenLabel('/no/such/screen', 'Page not found')).toBe('Page not found');
    expect(screenLabel('/no/such/screen', null)).toBe('Page not found');
    expect(documentTitle('Liked Songs')).toBe('Liked Songs – Graphonic');
  });

  it('gives every screen a name', () => {
    for (const route of screens) expect(route.name).not.toBe('');
    expect(screenAt('/playlist/x')?.name).toBe('Playlist');
    expect(screenAt('/nowhere')).toBeNull();
  });
});
