import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'music',
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
