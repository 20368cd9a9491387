import express, { type Router } from 'express';
import type { V1Deps } from './deps';

/** The music v1 routes of search (GET /search). */
export function searchRoutes(deps: V1Deps): Router {
  const router = express.Router();
  void deps;
  return router;
}
