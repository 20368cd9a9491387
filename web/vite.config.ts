import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { graphqlDocuments } from './build/graphql-documents';
import { precompressAssets } from './build/precompress';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [graphqlDocuments(`${import.meta.dirname}/src/__generated__`), react(), tailwindcss(), precompressAssets()],
  resolve: {
    // RxJS's ES2015 build: native classes and spreads instead of the ES5 build's helpers (smaller, and no tslib).
    conditions: ['es2015', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every first download is the entry, the framework and the screen's chunk (see docs/decisions/020-the-player-after-the-first-screen.md).
        codeSplitting: {
          groups: [
            {
              // React, Apollo Client and the router in one file, loaded by every page, cached across releases of the app.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@apollo[\\/]client|rxjs|graphql|wouter|regexparam|optimism|@wry|use-sync-external-store)[\\/]/,
            },
            {
              // The pieces most screens share (track lists, covers, buttons, their icons) in one file rather than many small ones.
              name: 'ui',
              test: /src[\\/](components|lib)[\\/]|@heroicons/,
              minShareCount: 6,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
  },
});
