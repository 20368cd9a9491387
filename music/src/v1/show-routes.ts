import express, { type Router } from 'express';
import type { V1Deps } from './deps';

/** The music v1 routes of podcast shows and episodes, saved shows and episodes, resume points. */
export function showRoutes(deps: V1Deps): Router {
  const router = express.Router();
  void deps;
  return router;
}
