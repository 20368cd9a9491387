import express, { type Request, type Router } from 'express';
import { badRequest, notFound } from '../errors';
import { audioAnalysis } from './audio-analysis';
import type { ArtistAlbumRecord, CatalogStore } from './catalog-store';
import { withFollows } from '../library/follow-counts';
import * as objects from './objects';
import { offsetPage, stringQuery } from './paging';
import { catalogId, idsParam, marketParam, optionalParam, pageParams } from './params';
import { PreparedCatalog } from './prepared-catalog';
import { sendJson } from './prepared-json';

export interface CatalogRouteDeps {
  store: CatalogStore;
  urls: objects.Urls;
  /** Listeners' follows per artist, added to the catalog's follower counts (none when absent). */
  artistFollows?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** The catalog's objects as prepared JSON (one of its own when absent). */
  prepared?: PreparedCatalog;
}

const albumGroups: readonly ArtistAlbumRecord['albumGroup'][] = ['album', 'single', 'appears_on', 'compilation'];

function isAlbumGroup(value: string): value is ArtistAlbumRecord['albumGroup'] {
  return (albumGroups as readonly string[]).includes(value);
}

/** `include_groups`: a comma-separated subset of the groups; all of them when absent. */
function groupsParam(req: Request): ArtistAlbumRecord['albumGroup'][] {
  const raw = optionalParam(req, 'include_groups');
  if (raw === undefined) return [...albumGroups];
  const groups = raw.split(',').map((group) => group.trim());
  const valid = groups.filter(isAlbumGroup);
  if (valid.length !== groups.length || valid.length === 0) {
    throw badRequest(`Invalid include_groups: use ${albumGroups.join(', ')}`);
  }
  return valid;
}

/** Answers a multi-get in request order, `null` for an unknown id. */
function inOrder<R, T>(ids: readonly string[], found: Map<string, R>, build: (record: R) => T): (T | null)[] {
  return ids.map((id) => {
    const record = found.get(id);
    return record === undefined ? null : build(record);
  });
}

async function one<R>(load: (ids: readonly string[]) => Promise<Map<string, R>>, id: string): Promise<R> {
  const record = (await load([id])).get(id);
  if (record === undefined) throw notFound('Non existing id');
  return record;
}

/**
 * The catalog's read endpoints: tracks, albums (and their tracks), artists (their albums by
 * group, top tracks and related artists), audio features and analysis, one at a time and several at
 * once with Spotify's maxima (tracks 50, albums 20, artists 50, audio features 100), results
 * in request order with `null` for unknown ids.
 */
export function catalogRoutes({ store, urls, artistFollows, prepared: shared }: CatalogRouteDeps): Router {
  const router = express.Router();
  const prepared = shared ?? new PreparedCatalog(store, urls);
  /** Artists as the catalog has them, with the follows they have gained here. */
  const artists = async (ids: readonly string[]): Promise<Map<string, objects.ArtistRecord>> => {
    const found = await store.artists(ids);
    if (!artistFollows || found.size === 0) return found;
    const follows = await artistFollows([...found.keys()]);
    return new Map([...found].map(([id, record]) => [id, withFollows(record, follows)]));
  };
  const here = (req: Request): string => `${urls.api}${req.path}`;

  router.get('/tracks/:id', async (req, res) => {
    marketParam(req);
    res.json(objects.track(urls, await one((ids) => store.tracks(ids), catalogId(req.params.id))));
  });

  // The most frequent call of all: its tracks are copied in as prepared JSON, never built per request.
  // Development-mode apps never get here (the endpoint is removed for them).
  router.get('/tracks', async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, 50);
    const found = await prepared.tracks(ids);
    sendJson(req, res, { tracks: ids.map((id) => found.get(id) ?? null) });
  });

  // Full albums embed their first page of tracks: both are copied in as prepared JSON.
  router.get('/albums/:id', async (req, res) => {
    marketParam(req);
    sendJson(req, res, await one((ids) => prepared.albums(ids), catalogId(req.params.id)));
  });

  router.get('/albums', async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, 20);
    const found = await prepared.albums(ids);
    sendJson(req, res, { albums: ids.map((id) => found.get(id) ?? null) });
  });

  router.get('/albums/:id/tracks', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const page = pageParams(req, '/albums/{id}/tracks');
    await one((ids) => store.albums(ids), id);
    const tracks = await store.albumTracks(id, page);
    const items = tracks.items.map((track) => objects.simplifiedTrack(urls, track));
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, tracks.total));
  });

  router.get('/artists/:id', async (req, res) => {
    res.json(objects.artist(urls, await one(artists, catalogId(req.params.id))));
  });

  router.get('/artists', async (req, res) => {
    const ids = idsParam(req, 50);
    res.json({ artists: inOrder(ids, await artists(ids), (record) => objects.artist(urls, record)) });
  });

  router.get('/artists/:id/albums', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const groups = groupsParam(req);
    const page = pageParams(req, '/artists/{id}/albums');
    await one((ids) => store.artists(ids), id);
    const albums = await store.artistAlbums(id, groups, page);
    const items = albums.items.map((album) => ({
      ...objects.simplifiedAlbum(urls, album),
      album_group: album.albumGroup,
    }));
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, albums.total));
  });

  router.get('/artists/:id/top-tracks', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    await one((ids) => store.artists(ids), id);
    const top = (await store.artistTopTracks(id)).map((track) => track.id);
    const found = await prepared.tracks(top);
    sendJson(req, res, { tracks: top.flatMap((trackId) => found.get(trackId) ?? []) });
  });

  router.get('/artists/:id/related-artists', async (req, res) => {
    const id = catalogId(req.params.id);
    await one((ids) => store.artists(ids), id);
    const related = await store.relatedArtists(id);
    const withCounts = await artists(related.map((artist) => artist.id));
    res.json({
      artists: related.map((artist) => objects.artist(urls, withCounts.get(artist.id) ?? artist)),
    });
  });

  router.get('/audio-features/:id', async (req, res) => {
    res.json(objects.audioFeatures(urls, await one((ids) => store.audioFeatures(ids), catalogId(req.params.id))));
  });

  // Read off the arrangement the track's audio is synthesised from.
  router.get('/audio-analysis/:id', async (req, res) => {
    res.json(audioAnalysis(await one((ids) => store.audioFeatures(ids), catalogId(req.params.id))));
  });

  router.get('/audio-features', async (req, res) => {
    const ids = idsParam(req, 100);
    res.json({
      audio_features: inOrder(ids, await store.audioFeatures(ids), (record) => objects.audioFeatures(urls, record)),
    });
  });

  router.get('/markets', (_req, res) => {
    res.json({ markets: objects.markets });
  });

  return router;
}
