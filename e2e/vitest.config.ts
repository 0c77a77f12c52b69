import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: the built server and app, driven through Debian's Chromium. Run after `npm run build`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A browser on a busy two-core machine can take seconds to settle; polls wait for it.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
