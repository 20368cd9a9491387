import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'music',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
