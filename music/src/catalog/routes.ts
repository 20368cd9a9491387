import express, { type Request, type Response, type Router } from 'express';
import { badRequest, notFound } from '../errors';
import { audioAnalysis } from './audio-analysis';
import type { ArtistAlbumRecord, CatalogStore } from './reads';
import { withFollows } from '../library/follow-counts';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { catalogId, idsParam, marketParam, optionalParam, pageParams } from '../http/params';
import { PreparedCatalog } from './prepared';
import type { Profile } from '../http/profile';
import { sendJson } from '../http/prepared-json';

export interface CatalogRouteDeps {
  store: CatalogStore;
  urls: objects.Urls;
  /** Listeners' follows per artist, added to the catalog's follower counts (none when absent). */
  artistFollows?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** The catalog's objects as prepared JSON (one of its own when absent). */
  prepared?: PreparedCatalog;
  /** How the service answers: an artist's albums take larger pages on the full profile (the default). */
  profile?: () => Profile;
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

interface CatalogContext {
  store: CatalogStore;
  urls: objects.Urls;
  prepared: PreparedCatalog;
  /** Artists as the catalog has them, with the follows they have gained here. */
  artists: (ids: readonly string[]) => Promise<Map<string, objects.ArtistRecord>>;
  profile: () => Profile;
}

type Handler = (req: Request, res: Response) => Promise<void>;

function here(ctx: CatalogContext, req: Request): string {
  return `${ctx.urls.api}${req.path}`;
}

function getTrack(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    res.json(objects.track(ctx.urls, await one((ids) => ctx.store.tracks(ids), catalogId(req.params.id))));
  };
}

// The most frequent call of all: its tracks are copied in as prepared JSON, never built per request.
// Development-mode apps never get here (the endpoint is removed for them).
function getTracks(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, 50);
    const found = await ctx.prepared.tracks(ids);
    sendJson(req, res, { tracks: ids.map((id) => found.get(id) ?? null) });
  };
}

// Full albums embed their first page of tracks: both are copied in as prepared JSON.
function getAlbum(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    sendJson(req, res, await one((ids) => ctx.prepared.albums(ids), catalogId(req.params.id)));
  };
}

function getAlbums(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, 20);
    const found = await ctx.prepared.albums(ids);
    sendJson(req, res, { albums: ids.map((id) => found.get(id) ?? null) });
  };
}

function getAlbumTracks(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const page = pageParams(req, '/albums/{id}/tracks');
    await one((ids) => ctx.store.albums(ids), id);
    const tracks = await ctx.store.albumTracks(id, page);
    const items = tracks.items.map((track) => objects.simplifiedTrack(ctx.urls, track));
    res.json(offsetPage(here(ctx, req), stringQuery(req.query), items, page, tracks.total));
  };
}

function getArtist(ctx: CatalogContext): Handler {
  return async (req, res) => {
    res.json(objects.artist(ctx.urls, await one(ctx.artists, catalogId(req.params.id))));
  };
}

function getArtists(ctx: CatalogContext): Handler {
  return async (req, res) => {
    const ids = idsParam(req, 50);
    res.json({ artists: inOrder(ids, await ctx.artists(ids), (record) => objects.artist(ctx.urls, record)) });
  };
}

function getArtistAlbums(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const groups = groupsParam(req);
    const page = pageParams(req, '/artists/{id}/albums', ctx.profile());
    await one((ids) => ctx.store.artists(ids), id);
    const albums = await ctx.store.artistAlbums(id, groups, page);
    const items = albums.items.map((album) => ({
      ...objects.simplifiedAlbum(ctx.urls, album),
      album_group: album.albumGroup,
    }));
    res.json(offsetPage(here(ctx, req), stringQuery(req.query), items, page, albums.total));
  };
}

function getTopTracks(ctx: CatalogContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    await one((ids) => ctx.store.artists(ids), id);
    const top = (await ctx.store.artistTopTracks(id)).map((track) => track.id);
    const found = await ctx.prepared.tracks(top);
    sendJson(req, res, { tracks: top.flatMap((trackId) => found.get(trackId) ?? []) });
  };
}

function getRelatedArtists(ctx: CatalogContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.id);
    await one((ids) => ctx.store.artists(ids), id);
    const related = await ctx.store.relatedArtists(id);
    const withCounts = await ctx.artists(related.map((artist) => artist.id));
    res.json({
      artists: related.map((artist) => objects.artist(ctx.urls, withCounts.get(artist.id) ?? artist)),
    });
  };
}

function getAudioFeatures(ctx: CatalogContext): Handler {
  return async (req, res) => {
    const found = await one((ids) => ctx.store.audioFeatures(ids), catalogId(req.params.id));
    res.json(objects.audioFeatures(ctx.urls, found));
  };
}

// Read off the arrangement the track's audio is synthesised from.
function getAudioAnalysis(ctx: CatalogContext): Handler {
  return async (req, res) => {
    res.json(audioAnalysis(await one((ids) => ctx.store.audioFeatures(ids), catalogId(req.params.id))));
  };
}

function getSeveralAudioFeatures(ctx: CatalogContext): Handler {
  return async (req, res) => {
    const ids = idsParam(req, 100);
    const found = await ctx.store.audioFeatures(ids);
    res.json({ audio_features: inOrder(ids, found, (record) => objects.audioFeatures(ctx.urls, record)) });
  };
}

/** Artists as the catalog has them, with the follows they have gained here. */
function artistsWithFollows(deps: CatalogRouteDeps): CatalogContext['artists'] {
  const { store, artistFollows } = deps;
  return async (ids) => {
    const found = await store.artists(ids);
    if (!artistFollows || found.size === 0) return found;
    const follows = await artistFollows([...found.keys()]);
    return new Map([...found].map(([id, record]) => [id, withFollows(record, follows)]));
  };
}

/**
 * The catalog's read endpoints: tracks, albums (and their tracks), artists (their albums by
 * group, top tracks and related artists), audio features and analysis, one at a time and several at
 * once with Spotify's maxima (tracks 50, albums 20, artists 50, audio features 100), results
 * in request order with `null` for unknown ids.
 */
export function catalogRoutes(deps: CatalogRouteDeps): Router {
  const { store, urls } = deps;
  const prepared = deps.prepared ?? new PreparedCatalog(store, urls);
  const ctx: CatalogContext = {
    store,
    urls,
    prepared,
    artists: artistsWithFollows(deps),
    profile: deps.profile ?? (() => 'full'),
  };
  const router = express.Router();
  router.get('/tracks/:id', getTrack(ctx));
  router.get('/tracks', getTracks(ctx));
  router.get('/albums/:id', getAlbum(ctx));
  router.get('/albums', getAlbums(ctx));
  router.get('/albums/:id/tracks', getAlbumTracks(ctx));
  router.get('/artists/:id', getArtist(ctx));
  router.get('/artists', getArtists(ctx));
  router.get('/artists/:id/albums', getArtistAlbums(ctx));
  router.get('/artists/:id/top-tracks', getTopTracks(ctx));
  router.get('/artists/:id/related-artists', getRelatedArtists(ctx));
  router.get('/audio-features/:id', getAudioFeatures(ctx));
  router.get('/audio-analysis/:id', getAudioAnalysis(ctx));
  router.get('/audio-features', getSeveralAudioFeatures(ctx));
  router.get('/markets', (_req, res) => {
    res.json({ markets: objects.markets });
  });
  return router;
}
