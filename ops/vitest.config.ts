import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ops',
    environment: 'node',
    // Test files share each worker's loaded modules instead of loading them anew: every file opens its own
    // servers, ports, data folders and schemas, and the modules keep no state one file could leave for another.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
