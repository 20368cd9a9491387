import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

// Node (and so Apollo Server, loaded from node_modules) resolves `graphql` to its CommonJS build; Vite would
// pick the ES module build for the api's sources. Two copies of graphql refuse each other's schema objects
// ("from another module or realm"), so the tests use the one Node uses, as the api does at run time.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

export default defineProject({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: graphqlEntry }],
  },
  test: {
    name: 'api',
    environment: 'node',
    // Test files share each worker's loaded modules instead of loading them anew: every file opens its own
    // servers, ports, data folders and schemas, and the modules keep no state one file could leave for another.
    isolate: false,
    include: ['**/*.test.ts'],
    // New stores start from the run's one copy of a new cluster (test-support/cluster-copy.ts).
    setupFiles: ['../test-support/cluster-copy-worker.ts'],
    exclude: ['node_modules/**'],
  },
});
