import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { graphqlDocuments } from './build/graphql-documents';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [graphqlDocuments(`${import.meta.dirname}/src/__generated__`), react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
  },
});
