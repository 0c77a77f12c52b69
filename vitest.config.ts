import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@durak/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
  '@durak/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'engine', root: './packages/engine', include: ['src/**/*.test.ts'] } },
      { resolve: { alias }, test: { name: 'protocol', root: './packages/protocol', include: ['src/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // Loading eslint and its plugins takes seconds on a loaded machine: not a speed test.
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      ...(existsSync('./apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
