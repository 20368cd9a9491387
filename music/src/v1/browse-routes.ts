import express, { type Router } from 'express';
import type { V1Deps } from './deps';

/** The music v1 routes of browse categories, new releases, featured and category playlists, recommendations. */
export function browseRoutes(deps: V1Deps): Router {
  const router = express.Router();
  void deps;
  return router;
}
