import { describe, expect, it } from 'vitest';
import { assertShape, componentSchema, documentPath, flatten, responseSchema, validate } from './shapes';

const artist = {
  external_urls: { spotify: 'http://127.0.0.1:4100/artist/0OdUWJ0sBjDrqHygGUXeCF' },
  href: 'http://127.0.0.1:4100/v1/artists/0OdUWJ0sBjDrqHygGUXeCF',
  id: '0OdUWJ0sBjDrqHygGUXeCF',
  name: 'Band of Horses',
  type: 'artist',
  uri: 'spotify:artist:0OdUWJ0sBjDrqHygGUXeCF',
};

const image = { url: 'http://127.0.0.1:4100/images/album/x?size=640', height: 640, width: 640 };

describe('validate', () => {
  it('accepts a complete simplified artist', () => {
    expect(validate(artist, componentSchema('SimplifiedArtistObject'))).toEqual([]);
  });

  it('names a missing property, a wrong type and an unknown property', () => {
    const { name: _name, ...nameless } = artist;
    expect(validate({ ...nameless, id: 42, genre: 'rock' }, componentSchema('SimplifiedArtistObject'))).toEqual([
      '$.id: expected string, got integer',
      '$.genre: is not in SimplifiedArtistObject',
      '$.name: is missing',
    ]);
  });

  it('checks enums, nullability and array items', () => {
    expect(validate({ ...artist, type: 'band' }, componentSchema('SimplifiedArtistObject'))).toEqual([
      '$.type: "band" is not one of ["artist"]',
    ]);
    expect(
      validate([image, { ...image, width: null }], { type: 'array', items: componentSchema('ImageObject') }),
    ).toEqual([]);
    expect(validate([{ ...image, url: null }], { type: 'array', items: componentSchema('ImageObject') })).toEqual([
      '$[0].url: is null but schema is not nullable',
    ]);
  });

  it('requires deprecated fields on the full profile and refuses them in development mode', () => {
    const full = { ...artist, images: [image], followers: { href: null, total: 3 }, genres: ['indie'], popularity: 40 };
    expect(validate(full, componentSchema('ArtistObject'))).toEqual([]);
    expect(validate({ ...artist, images: [image] }, componentSchema('ArtistObject'))).toEqual([
      '$.followers: is missing',
      '$.genres: is missing',
      '$.popularity: is missing',
    ]);
    expect(
      validate({ ...artist, images: [image] }, componentSchema('ArtistObject'), { profile: 'development' }),
    ).toEqual([]);
    expect(validate(full, componentSchema('ArtistObject'), { profile: 'development' })).toHaveLength(3);
  });

  it('follows a discriminator to the right alternative', () => {
    const schema = flatten(componentSchema('PlaylistTrackObject')).properties?.item;
    if (!schema) throw new Error('PlaylistTrackObject.item is missing from the document');
    expect(validate({ type: 'podcast' }, schema)).toEqual([
      '$: type "podcast" matches none of TrackObject, EpisodeObject',
    ]);
    expect(validate({ type: 'track' }, schema, { complete: false })).toEqual([]);
  });
});

describe('documented responses', () => {
  it('match concrete paths to the document templates', () => {
    expect(documentPath('/v1/albums/4aawyAB9vmqN3uQ7FjRGTy/tracks?limit=2')).toBe('/albums/{id}/tracks');
    expect(documentPath('/v1/me/player/queue')).toBe('/me/player/queue');
    expect(documentPath('/v1/nothing')).toBeUndefined();
  });

  it('find the schema of a documented status and refuse an undocumented one', () => {
    expect(responseSchema('GET', '/v1/tracks', 200)?.required).toEqual(['tracks']);
    expect(responseSchema('GET', '/v1/me/player', 204)).toBeUndefined();
    expect(() => responseSchema('GET', '/v1/tracks', 206)).toThrow(/does not document status 206/);
    expect(responseSchema('GET', '/v1/albums', 400)?.required).toEqual(['error']);
  });

  it('check error bodies, including a player reason', () => {
    expect(() =>
      assertShape('GET', '/v1/me/player', 401, { error: { status: 401, message: 'Invalid access token' } }),
    ).not.toThrow();
    expect(() =>
      assertShape('PUT', '/v1/me/player/pause', 403, {
        error: { status: 403, message: 'Player command failed: Premium required', reason: 'PREMIUM_REQUIRED' },
      }),
    ).not.toThrow();
    expect(() => assertShape('GET', '/v1/me/player', 401, { error: { status: 200, message: 'ok' } })).toThrow(
      /\$\.error\.status: 200 is below 400/,
    );
  });
});

describe('search answers', () => {
  const page = { href: 'x', items: [], limit: 5, next: null, offset: 0, previous: null, total: 0 };

  it('hold only the requested pages, each checked in full', () => {
    expect(() => assertShape('GET', '/v1/search?q=a&type=album', 200, { albums: page })).not.toThrow();
    expect(() => assertShape('GET', '/v1/search?q=a&type=album', 200, { albums: { ...page, total: 'x' } })).toThrow(
      /\$\.albums\.total/,
    );
    expect(() => assertShape('GET', '/v1/search?q=a&type=album', 200, { albums: page, songs: page })).toThrow(
      /\$\.songs: is not in/,
    );
  });
});
