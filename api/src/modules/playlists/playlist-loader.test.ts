import { describe, expect, it } from 'vitest';
import { UpstreamCapabilities } from '../../music/upstream-capabilities';
import { itemFilter, itemPageFields, learnItemNames, playlistFields } from './playlist-loader';

describe("the filter of a playlist's items", () => {
  it('is sent only once an answer has shown that the upstream names items `item`', () => {
    const context = { capabilities: new UpstreamCapabilities() };
    expect(itemFilter(context, playlistFields)).toEqual({});
    // Nothing to learn from an empty page, or from none.
    learnItemNames(context, { items: [] });
    learnItemNames(context, undefined);
    expect(itemFilter(context, playlistFields)).toEqual({});
    // An upstream with only the names before 2026 gets no filter: its answers hold each item once.
    learnItemNames(context, { items: [{ added_at: null, track: { id: 't' } }] });
    expect(itemFilter(context, itemPageFields)).toEqual({});
    learnItemNames(context, { items: [{ added_at: null, item: { id: 't' }, track: { id: 't' } }] });
    expect(itemFilter(context, itemPageFields)).toEqual({ fields: itemPageFields });
    expect(itemFilter(context, playlistFields)).toEqual({ fields: playlistFields });
  });

  it('asks for every field of a playlist, and for its items once', () => {
    expect(playlistFields.split(',').slice(0, 13)).toEqual([
      'collaborative',
      'description',
      'external_urls',
      'followers',
      'href',
      'id',
      'images',
      'name',
      'owner',
      'public',
      'snapshot_id',
      'type',
      'uri',
    ]);
    expect(playlistFields).toContain('items.total,items.items(added_at,added_by,is_local,item)');
    expect(playlistFields).not.toMatch(/tracks|track[,)]/);
    expect(itemPageFields).toBe('href,limit,next,offset,previous,total,items(added_at,added_by,is_local,item)');
  });
});
