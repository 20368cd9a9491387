/** Where a track's or an episode's audio is served, relative to the service's public base. */
export function audioPath(type: 'track' | 'episode', id: string, part: 'full' | 'preview'): string {
  return type === 'track' ? `/audio/${id}/${part}.mp3` : `/audio/episode/${id}/${part}.mp3`;
}
