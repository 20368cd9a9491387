import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { imageKinds, isImageKind, renderImage, wrapTitle, type ImageKind } from './render';

/**
 * A strict enough XML well-formedness check for generated SVG: every tag closes in order,
 * attributes are quoted, and text holds no bare `<` or `&`.
 */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  const token = /<[^<>]*>|[^<]+/g;
  let consumed = 0;
  for (const match of svg.matchAll(token)) {
    const part = match[0];
    consumed += part.length;
    if (!part.startsWith('<')) {
      expect(part, 'text with a bare ampersand').not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      continue;
    }
    const closing = /^<\/([A-Za-z][\w-]*)>$/.exec(part);
    if (closing) {
      expect(stack.pop(), `closing ${part}`).toBe(closing[1]);
      continue;
    }
    const opening = /^<([A-Za-z][\w-]*)((?:\s+[A-Za-z][\w:-]*="[^"<]*")*)\s*(\/?)>$/.exec(part);
    expect(opening, `malformed tag ${part}`).not.toBeNull();
    if (opening?.[3] !== '/') stack.push(opening?.[1] ?? '');
  }
  expect(consumed, 'a stray < outside any tag').toBe(svg.length);
  expect(stack).toEqual([]);
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

describe('renderImage', () => {
  it('draws every kind as a well-formed SVG document of the requested size', () => {
    for (const kind of imageKinds) {
      for (let i = 0; i < 24; i++) {
        for (const size of [64, 300, 640]) {
          const svg = renderImage(kind, `4iV5W9uYEdYUVa79Axb7R${i}`, size, i % 2 === 0 ? 'Night Drive' : undefined);
          assertWellFormed(svg);
          expect(svg).toMatch(
            new RegExp(
              `^<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"`,
            ),
          );
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        }
      }
    }
  });

  it('gives the same bytes for the same arguments, here and on every machine', () => {
    expect(renderImage('album', 'abc', 640)).toBe(renderImage('album', 'abc', 640));
    // Pinned: these only change when the artwork itself is redesigned on purpose; any other
    // change means images (and their ETags) depend on something other than their arguments.
    const sample = imageKinds.map((kind) => renderImage(kind, '0VjIjW4GlUZAMYd2vXMi3b', 300, 'Title')).join('\n');
    expect(digest(sample)).toBe('eaf24f72069cdcaee9afd2339cd4097d2a2fc9508dac1c763724c0b9382564be');
  });

  it('varies with the id, and an album cover differs from an artist portrait', () => {
    const covers = Array.from({ length: 60 }, (_, i) => renderImage('album', `album${i}`, 300));
    expect(new Set(covers).size).toBe(60);
    // The compositions differ in structure, not only in colour.
    const structures = new Set(covers.map((svg) => [...svg.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]).join(',')));
    expect(structures.size).toBeGreaterThanOrEqual(6);
    const palettes = new Set(
      covers.map((svg) =>
        [...svg.matchAll(/#[0-9a-f]{6}/g)]
          .map((m) => m[0])
          .sort()
          .join(),
      ),
    );
    expect(palettes.size).toBeGreaterThan(15);

    for (let i = 0; i < 20; i++) {
      const id = `same${i}`;
      const portrait = renderImage('artist', id, 300);
      expect(portrait).not.toBe(renderImage('album', id, 300));
      // A portrait has a head; no album layout draws one.
      expect(portrait).toContain('<ellipse');
      expect(renderImage('album', id, 300)).not.toContain('<ellipse');
    }
  });

  it('only changes the pixel size with `size`', () => {
    const small = renderImage('playlist', 'p1', 64);
    const large = renderImage('playlist', 'p1', 640);
    expect(small.replace('width="64" height="64"', 'width="640" height="640"')).toBe(large);
  });

  it('writes titles safely: escaped, without control characters, and as initials on avatars', () => {
    const hostile = `</text><script>alert("x")</script> & 'quotes'\u0000\u0007`;
    for (const kind of ['playlist', 'category', 'show', 'episode', 'user'] as const) {
      const svg = renderImage(kind, 'p1', 300, hostile);
      assertWellFormed(svg);
      expect(svg).not.toContain('<script');
      expect(Array.from(svg, (char) => char.charCodeAt(0)).filter((code) => code < 9)).toEqual([]);
    }
    expect(renderImage('playlist', 'p1', 300, 'Deep Focus')).toContain('>Deep Focus</tspan>');
    expect(renderImage('user', 'ada', 300, 'Ada Lovelace')).toMatch(/>AL<\/text>/);
    expect(renderImage('user', 'ada', 300, 'ada')).toMatch(/>A<\/text>/);
    // A blank title is no title.
    expect(renderImage('show', 's1', 300, '   ')).toBe(renderImage('show', 's1', 300));
  });

  it('refuses unknown kinds and unusable sizes', () => {
    expect(() => renderImage('track' as ImageKind, 'x', 300)).toThrow(RangeError);
    expect(() => renderImage('album', 'x', 0)).toThrow(RangeError);
    expect(() => renderImage('album', 'x', 12.5)).toThrow(RangeError);
    expect(isImageKind('album')).toBe(true);
    expect(isImageKind('toString')).toBe(false);
  });
});

describe('wrapTitle', () => {
  it('breaks at words, keeps at most the given lines and marks a cut with an ellipsis', () => {
    expect(wrapTitle('Late Night Lo-Fi Essentials', 12, 3)).toEqual(['Late Night', 'Lo-Fi', 'Essentials']);
    expect(wrapTitle('One two three four five six seven', 9, 2)).toEqual(['One two', 'three…']);
    expect(wrapTitle('Supercalifragilisticexpialidocious', 12, 3)).toEqual(['Supercalifr…']);
    expect(wrapTitle('  ', 12, 3)).toEqual([]);
  });
});
