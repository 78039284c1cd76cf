import './vitest.polyfills.ts';
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package. Browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
