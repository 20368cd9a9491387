import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Each file is a page of its own: the client's modules keep per-page state (one device registration per tab),
    // which one file must not leave for the next. The server projects share their workers' modules instead.
    isolate: true,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
