import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

// The test runs the api in process, as api/vitest.config.ts does: Node and Vite must load one and
// the same copy of `graphql` (its CommonJS build), or the two refuse each other's schema objects.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

export default defineProject({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: graphqlEntry }],
  },
  test: {
    name: 'examples/typed-client',
    environment: 'node',
    // Test files share each worker's loaded modules instead of loading them anew: every file opens its own
    // servers, ports, data folders and schemas, and the modules keep no state one file could leave for another.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
