import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pagePreload } from './build/page-preload.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // The pages whose first paint needs their own chunk (paths as in src/app/route-modules.ts's
    // pageModuleOf). The signed-in pages are not listed: the start screen paints first, and
    // their chunks, started by main.tsx, arrive during its steps; fetched with the HTML they
    // would only share the bandwidth the start screen's first paint needs.
    pagePreload([
      { paths: '^/auth/login/?$', module: 'src/features/auth/login-page.tsx', needsSession: false },
      { paths: '^/auth/registration/?$', module: 'src/features/auth/registration-page.tsx', needsSession: false },
      // FEATURES.md §17: a reload of the lobby or a table starts its page's code with the HTML too.
      { paths: '^/games/?$', module: 'src/features/games/index.tsx', needsSession: true },
      { paths: '^/durak/[^/]+/?$', module: 'src/features/table/index.tsx', needsSession: true },
    ]),
  ],
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
