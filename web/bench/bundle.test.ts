import { describe, expect, it } from 'vitest';
import { routeWeights, staticClosure, type Manifest } from './bundle';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_list.js': { file: 'assets/list.js', imports: ['_shared.js'] },
  'src/routes/HomePage.tsx': { file: 'assets/HomePage.js', isDynamicEntry: true, imports: ['_list.js'] },
  'src/routes/AlbumPage.tsx': {
    file: 'assets/AlbumPage.js',
    isDynamicEntry: true,
    imports: ['_list.js'],
    dynamicImports: ['_menu.js'],
    css: ['assets/album.css'],
  },
  '_menu.js': { file: 'assets/menu.js' },
};

describe('route weights', () => {
  it('follows static imports transitively, never dynamic ones', () => {
    expect([...staticClosure(manifest, 'src/routes/AlbumPage.tsx')]).toEqual([
      'src/routes/AlbumPage.tsx',
      '_list.js',
      '_shared.js',
      '_runtime.js',
    ]);
  });

  it("adds the entry's files and the route's, each once", () => {
    const [home, album, missing] = routeWeights(
      manifest,
      { '/': 'src/routes/HomePage.tsx', '/album/:id': 'src/routes/AlbumPage.tsx', '/x': 'src/routes/Nothing.tsx' },
      (file) => file.length,
    );
    expect(home?.jsFiles.sort()).toEqual(
      ['assets/HomePage.js', 'assets/index.js', 'assets/list.js', 'assets/runtime.js', 'assets/shared.js'].sort(),
    );
    expect(home?.chunk).toBe('assets/HomePage.js');
    expect(album?.cssFiles).toEqual(['assets/index.css', 'assets/album.css']);
    expect(album?.jsGzip).toBe(album?.jsFiles.reduce((sum, file) => sum + file.length, 0));
    expect(missing?.chunk).toBeUndefined();
  });
});
