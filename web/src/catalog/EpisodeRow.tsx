import { Link } from 'wouter';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { Cover } from '../components/Cover';
import { LikeButton } from '../components/LikeButton';
import { formatDate } from '../lib/format';
import { EpisodePlayButton } from './EpisodePlayButton';
import { EpisodeProgressLine } from './EpisodeProgress';

/** What a show's list shows of each episode. */
export const EpisodeRowFragment = graphql(`
  fragment EpisodeRow_episode on Episode {
    id
    uri
    name
    description
    releaseDate
    durationMs
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
  }
`);

/** One episode of a show: its cover, title and summary, when it came out, how far the listener got, play and save. */
export function EpisodeRow({ episode: data }: { episode: FragmentType<typeof EpisodeRowFragment> }) {
  const episode = getFragmentData(EpisodeRowFragment, data);
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-3 border-b border-white/10 px-2 py-4 sm:grid-cols-[7rem_minmax(0,1fr)] sm:px-3">
      <Cover images={episode.images} size={112} className="size-16 sm:row-span-2 sm:size-28" />
      <div className="min-w-0">
        <h3 className="font-semibold">
          <Link to={`/episode/${episode.id}`} className="line-clamp-2 hover:underline max-sm:-my-2.5 max-sm:py-2.5">
            {episode.name}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-neutral-400">
          {episode.explicit && (
            <span title="Explicit" className="mr-1.5 rounded-sm bg-neutral-400 px-1 text-[10px] font-bold text-black">
              E
            </span>
          )}
          {episode.description}
        </p>
      </div>
      <div className="col-span-2 flex min-w-0 items-center gap-3 text-sm text-neutral-300 sm:col-span-1 sm:col-start-2">
        <EpisodePlayButton episode={episode} />
        <span className="whitespace-nowrap">{formatDate(episode.releaseDate)}</span>
        <span aria-hidden="true">·</span>
        <EpisodeProgressLine durationMs={episode.durationMs} resumePoint={episode.resumePoint} />
        <LikeButton uri={episode.uri} saved={episode.saved} name={episode.name} className="ml-auto" />
      </div>
    </li>
  );
}
