import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { graphql } from '../__generated__';
import type { SearchPageQuery } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { LoadMore } from '../components/LoadMore';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { onlyCodes } from '../lib/errors';
import { CategoryTile } from '../search/CategoryTile';
import { SearchBox } from '../search/SearchBox';
import { SearchResults } from '../search/SearchResults';
import { useDebouncedQuery, type DebouncedQuery } from '../search/useDebouncedQuery';
import { normalizeQuery, readSearchLocation, searchHref, searchRequest, type SearchTab } from '../search/url';

export const SearchPageQueryDocument = graphql(`
  query SearchPage(
    $query: String!
    $types: [SearchType!]!
    $first: Int!
    $after: String
    $searching: Boolean!
    $browse: Boolean!
    $categoriesAfter: String
  ) {
    search(query: $query, types: $types, first: $first, after: $after) @include(if: $searching) {
      tracks {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            album {
              id
              images {
                url
                width
              }
            }
            artists {
              id
              name
            }
            ...TrackRow_item
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      artists {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            images {
              url
              width
            }
            ...ArtistResultCard_artist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      albums {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            images {
              url
              width
            }
            artists {
              id
              name
            }
            ...AlbumResultCard_album
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      playlists {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            images {
              url
              width
            }
            owner {
              id
              displayName
            }
            ...PlaylistResultCard_playlist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      shows {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            publisher
            images {
              url
              width
            }
            ...ShowResultCard_show
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      episodes {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            images {
              url
              width
            }
            show {
              id
              name
            }
            ...EpisodeResultCard_episode
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
    categories(first: 50, after: $categoriesAfter) @include(if: $browse) {
      edges {
        cursor
        node {
          id
          ...CategoryTile_category
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

function CategoriesSkeleton() {
  return (
    <LoadingScreen label="Loading categories">
      <div className="grid grid-cols-2 gap-4 px-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-5">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className="aspect-[4/3] w-full sm:aspect-square" />
        ))}
      </div>
    </LoadingScreen>
  );
}

/**
 * Searches the catalog for the query, or browses without one. While the next query loads, the last
 * results stay, dimmed, instead of a skeleton at every key; they keep the query they answer, for
 * their labels.
 */
function useSearchAnswer(query: string, tab: SearchTab, browse: boolean) {
  const searching = query !== '';
  const { types, first } = searchRequest(tab);
  const { data, previousData, error, loading, refetch, fetchMore } = useQuery(SearchPageQueryDocument, {
    variables: { query, types, first, searching, browse },
    errorPolicy: 'all',
  });
  const [answered, setAnswered] = useState(query);
  if (data?.search && answered !== query) setAnswered(query);
  const stale = loading && data === undefined;
  const results = (data ?? previousData)?.search;
  const shown = searching && results ? { query: stale ? answered : query, results } : undefined;
  return { data, error, loading, refetch, fetchMore, shown, stale };
}

interface BrowseAllProps {
  categories: NonNullable<SearchPageQuery['categories']>;
  /** Fetches the next page of categories. */
  onMore: () => Promise<unknown>;
}

/** Every category of music, a page at a time, when nothing is searched. */
function BrowseAll({ categories, onMore }: BrowseAllProps) {
  return (
    <section aria-labelledby="browse-all" className="pb-8">
      <h2 id="browse-all" className="px-4 pb-4 text-2xl font-bold md:px-6">
        Browse all
      </h2>
      <ul
        aria-labelledby="browse-all"
        className="grid grid-cols-2 gap-4 px-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-5"
      >
        {categories.edges.map(({ node }) => (
          <CategoryTile key={node.id} category={node} />
        ))}
      </ul>
      <LoadMore hasMore={categories.pageInfo.hasNextPage} onMore={onMore} label="More categories" />
    </section>
  );
}

/**
 * Search: one box, searched as it is typed; without a query, the browse categories; with one, the
 * best of every type, or one type alone. What is searched and which view shows live in the address.
 */
export default function SearchPage() {
  const { upstream } = useViewer();
  const [, navigate] = useLocation();
  const location = readSearchLocation(useSearch());
  const { query, tab } = location;
  const input = useRef<HTMLInputElement | null>(null);

  const onCommit = useCallback((next: string) => navigate(searchHref(next, tab), { replace: true }), [navigate, tab]);
  const box = useDebouncedQuery(query, onCommit);

  // `/search?focus=1` (the `/` shortcut) puts the cursor in the box; the address then drops the request.
  useEffect(() => {
    if (!location.focus) return;
    input.current?.focus();
    navigate(searchHref(query, tab), { replace: true });
  }, [location.focus, navigate, query, tab]);

  const searching = query !== '';
  const browse = upstream.features.browse && !searching;
  const { data, error, loading, refetch, fetchMore, shown, stale } = useSearchAnswer(query, tab, browse);
  const categoriesFailed = error !== undefined && onlyCodes(error, ['FEATURE_UNAVAILABLE']) && !searching;

  const changeTab = (next: SearchTab) => navigate(searchHref(query, next));

  let body;
  if (error && (searching ? !data?.search : !categoriesFailed)) {
    body = (
      <ErrorState
        error={error}
        doing={searching ? 'search the catalog' : 'load the categories'}
        retry={() => void refetch()}
      />
    );
  } else if (searching) {
    body = (
      <SearchResults
        query={query}
        tab={tab}
        shown={shown}
        stale={stale}
        onTab={changeTab}
        onMore={(after) => fetchMore({ variables: { after } })}
      />
    );
  } else if (browse && data?.categories) {
    const categories = data.categories;
    body = (
      <BrowseAll
        categories={categories}
        onMore={() => fetchMore({ variables: { categoriesAfter: categories.pageInfo.endCursor } })}
      />
    );
  } else if (browse && loading) {
    body = <CategoriesSkeleton />;
  } else {
    // Without browsing (or when the music service turned it down), the box is the way in.
    body = (
      <EmptyState title="Find something to play">Search for songs, artists, albums, playlists and podcasts.</EmptyState>
    );
  }

  return (
    <div className="pb-8">
      <SearchHeader input={input} box={box} busy={normalizeQuery(box.text) !== query || (searching && loading)} />
      {body}
    </div>
  );
}

interface SearchHeaderProps {
  input: RefObject<HTMLInputElement | null>;
  box: DebouncedQuery;
  /** What is typed is not searched yet, or its answer is on its way. */
  busy: boolean;
}

/** The screen's title and its search box. */
function SearchHeader({ input, box, busy }: SearchHeaderProps) {
  return (
    <div className="px-4 pt-2 pb-4 md:px-6">
      <h1 className="pb-4 text-3xl font-bold">Search</h1>
      <SearchBox
        inputRef={input}
        text={box.text}
        onText={box.setText}
        busy={busy}
        onSubmit={() => box.commitNow()}
        onClear={() => {
          box.commitNow('');
          input.current?.focus();
        }}
      />
    </div>
  );
}
