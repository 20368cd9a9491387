/** The library's entries in Spotify's shapes. */

/** A saved track or album: when it was saved, and the object (prepared JSON). */
export function savedItemJson<K extends 'track' | 'album', T>(row: { at: Date }, key: K, item: T) {
  return { added_at: row.at.toISOString(), [key]: item } as { added_at: string } & Record<K, T>;
}
