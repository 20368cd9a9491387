import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['schema', 'api', 'music', 'web', 'test-support', 'examples/typed-client'],
  },
});
