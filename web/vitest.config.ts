import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // The files of a worker share its window and the modules loaded from node_modules; src/test-setup.ts makes each
    // file a page of its own (its client modules loaded anew, nothing left in the window). Loading React, Apollo
    // Client and the DOM for every file took the project 40 s on two cores, against 9 s now.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
