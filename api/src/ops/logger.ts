/**
 * The api's logs are the shared ones as they are (@graphonic/ops): no path of the api carries a
 * secret, and every query value that may is masked by the shared rules.
 */
export { createHttpLogger, createLogger } from '@graphonic/ops';
