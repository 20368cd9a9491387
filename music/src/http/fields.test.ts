import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { parseFields, selectFields } from './fields';
import { PreparedJson, serialize } from './prepared-json';

const track = { album: { id: 'a1', name: 'Album', available_markets: ['SE'] }, id: 't1', name: 'Song', uri: 'u' };
const playlist = {
  description: 'd',
  id: 'p1',
  name: 'Mix',
  owner: { display_name: 'Ann', id: 'ann' },
  items: {
    href: 'h',
    items: [
      { added_at: '2026-11-23T00:00:00Z', added_by: { id: 'ann' }, is_local: false, item: track, track },
      { added_at: '2026-11-23T00:00:01Z', added_by: null, is_local: false, item: track, track },
    ],
    total: 2,
  },
};

const select = (fields: string, value: unknown = playlist): unknown => selectFields(value, parseFields(fields));

describe('the fields filter', () => {
  it('keeps the fields named, in the order the object has them', () => {
    expect(select('name,id')).toEqual({ id: 'p1', name: 'Mix' });
    expect(Object.keys(select('name,id') as object)).toEqual(['id', 'name']);
  });

  it('reaches into objects with dots and into each item of a list with parentheses', () => {
    expect(select('owner.id,items.total,items.items(added_at,item(name,album(name)))')).toEqual({
      owner: { id: 'ann' },
      items: {
        items: [
          { added_at: '2026-11-23T00:00:00Z', item: { album: { name: 'Album' }, name: 'Song' } },
          { added_at: '2026-11-23T00:00:01Z', item: { album: { name: 'Album' }, name: 'Song' } },
        ],
        total: 2,
      },
    });
    // The same field named twice keeps what either keeps.
    expect(select('items.total,items(href),owner,owner.id')).toEqual({
      owner: playlist.owner,
      items: { href: 'h', total: 2 },
    });
  });

  it('leaves out what is marked with !, keeping the rest when nothing else is named', () => {
    expect(select('!items,!description')).toEqual({ id: 'p1', name: 'Mix', owner: playlist.owner });
    expect(select('items.items(item(album(!available_markets,name)))')).toEqual({
      items: { items: [{ item: { album: { name: 'Album' } } }, { item: { album: { name: 'Album' } } }] },
    });
    expect(select('items(items(item(!album)))')).toEqual({
      items: {
        items: [{ item: { id: 't1', name: 'Song', uri: 'u' } }, { item: { id: 't1', name: 'Song', uri: 'u' } }],
      },
    });
  });

  it('leaves out fields the value does not have, and leaves plain values and null alone', () => {
    expect(select('name,colour,owner(colour)')).toEqual({ name: 'Mix', owner: {} });
    expect(select('items.items(added_by.id)')).toEqual({
      items: { items: [{ added_by: { id: 'ann' } }, { added_by: null }] },
    });
    expect(select('name.first')).toEqual({ name: 'Mix' });
  });

  it('copies a prepared part kept whole as it is, and parses one it filters', () => {
    const part = new PreparedJson(track);
    const value = { items: [{ added_at: 'x', item: part, track: part }] };
    const whole = select('items(item)', value) as { items: { item: unknown }[] };
    expect(whole.items[0]?.item).toBe(part);
    expect(serialize(whole).body.toString()).toBe(JSON.stringify({ items: [{ item: track }] }));
    expect(select('items(item(id))', value)).toEqual({ items: [{ item: { id: 't1' } }] });
  });

  it('refuses a malformed filter with a 400 that says where', () => {
    for (const [fields, problem] of [
      ['name,', 'a field name is missing at character 6'],
      ['items(name', 'a "(" is not closed at character 11'],
      ['name)', 'unexpected ")" at character 5'],
      ['!items(name)', '"!items" leaves a field out whole, so it takes no fields at character 7'],
      ['na-me', 'unexpected "-" at character 3'],
      ['', 'a field name is missing at character 1'],
    ] as const) {
      const error = (() => {
        try {
          parseFields(fields);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, message: `Invalid fields: ${problem}` });
    }
    expect(() => parseFields('a('.repeat(20) + ')'.repeat(20))).toThrow(/nested too deep/);
    expect(() => parseFields('a,'.repeat(1_001))).toThrow(/longer than 2000 characters/);
  });
});
