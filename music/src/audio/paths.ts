/** Where a track's or an episode's audio is served, relative to the service's public base. */
export function audioPath(type: 'track' | 'episode', id: string, part: 'full' | 'preview'): string {
  return type === 'track' ? `/audio/${id}/${part}.wav` : `/audio/episode/${id}/${part}.wav`;
}
