import '../vitest.polyfills.ts';
import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server on its own port and data folder and drives
// Debian's Chromium through playwright-core. Files run one at a time: two browsers and two
// servers at once on a 2-core machine make timings flaky for no gain. The global setup migrates
// one database that every file's server starts from (support/global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
