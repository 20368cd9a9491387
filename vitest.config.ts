import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['schema', 'ops', 'api', 'music', 'web', 'test-support', 'examples/typed-client'],
  },
});
