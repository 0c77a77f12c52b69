import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@durak/engine': fileURLToPath(new URL('../../packages/engine/src/index.ts', import.meta.url)),
      '@durak/protocol': fileURLToPath(new URL('../../packages/protocol/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    // The manifest lets bench/web-bundle.mjs tell the start route's JavaScript from the lazy routes'.
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/connection': { target: backend, ws: true },
    },
  },
});
