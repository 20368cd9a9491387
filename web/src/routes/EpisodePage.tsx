import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql } from '../__generated__';
import { CatalogError } from '../catalog/CatalogError';
import { EpisodePlayButton } from '../catalog/EpisodePlayButton';
import { EpisodeProgressLine } from '../catalog/EpisodeProgress';
import { LikeButton } from '../components/LikeButton';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { PageSkeleton } from '../components/States';
import { formatDate, formatLongDuration } from '../lib/format';

export const EpisodePageQueryDocument = graphql(`
  query EpisodePage($id: ID!) {
    episode(id: $id) {
      id
      uri
      name
      description
      durationMs
      releaseDate
      explicit
      saved
      images {
        url
        width
      }
      resumePoint {
        fullyPlayed
        resumePositionMs
      }
      show {
        id
        name
        publisher
        images {
          url
          width
        }
      }
    }
  }
`);

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient, { id = '' }: Record<string, string>): void {
  startQuery(client, EpisodePageQueryDocument, { id });
}

/** A podcast episode: its show, when it came out, play or resume where the listener stopped, save, and what it is about. */
export default function EpisodePage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, loading, refetch } = useQuery(EpisodePageQueryDocument, {
    variables: { id },
    errorPolicy: 'all',
    // The resume point moves while the listener plays: each visit shows where they stand now.
    fetchPolicy: 'cache-and-network',
  });
  const episode = data?.episode;
  if (!episode) {
    if (loading) return <PageSkeleton label="Loading the episode" rows={3} />;
    return <CatalogError error={error} kind="episode" retry={() => void refetch()} />;
  }
  const { show } = episode;
  const images = episode.images.length > 0 ? episode.images : show.images;

  return (
    <div className="pb-8">
      <PageHeader kind="Podcast episode" title={episode.name} images={images}>
        <p>
          <Link to={`/show/${show.id}`} className="font-semibold text-white hover:underline max-sm:py-3.5">
            {show.name}
          </Link>
          {show.publisher && <span className="text-neutral-400"> · {show.publisher}</span>}
        </p>
        <p>
          {formatDate(episode.releaseDate)} · {formatLongDuration(episode.durationMs)}
          {episode.explicit && (
            <span title="Explicit" className="ml-2 rounded-sm bg-neutral-400 px-1 text-[10px] font-bold text-black">
              E
            </span>
          )}
        </p>
      </PageHeader>

      <ActionBar>
        <EpisodePlayButton episode={episode} size="lg" />
        <span className="min-w-0 text-sm text-neutral-300">
          <EpisodeProgressLine durationMs={episode.durationMs} resumePoint={episode.resumePoint} />
        </span>
        <LikeButton uri={episode.uri} saved={episode.saved} name={episode.name} size="lg" className="ml-auto sm:ml-0" />
      </ActionBar>

      <section aria-labelledby="episode-description" className="max-w-3xl px-4 md:px-6">
        <h2 id="episode-description" className="text-2xl font-bold">
          Episode description
        </h2>
        <p className="mt-3 whitespace-pre-line text-neutral-300">{episode.description}</p>
        <Link
          to={`/show/${show.id}`}
          className="mt-6 inline-flex min-h-11 items-center rounded-full px-5 py-2 text-sm sm:min-h-0 font-semibold ring-1 ring-white/30 hover:ring-white"
        >
          All episodes
        </Link>
      </section>
    </div>
  );
}
