import type { Config } from './config';

/** What every resolver receives: built once per GraphQL request. */
export interface Context {
  config: Config;
}
