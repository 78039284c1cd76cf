import './vitest.polyfills.ts';
import { configDefaults, defineConfig } from 'vitest/config';
import { viteLazyCompromise } from './packages/engine/scripts/vite-lazy-compromise.ts';

const faultTests = 'packages/server/test/faults/**/*.test.ts';
/** Files that observe module loading itself (vi.mock of a lazily imported SDK), which needs a fresh module graph. */
const freshModuleTests = ['packages/server/test/mcp/mcp-protocol.test.ts'];

// Unit and integration tests of every package. Browser tests live in e2e/ with their own config.
//
// Vitest's default on a 2-core machine is one file at a time, which leaves a core idle while a file
// waits on its database, a spawned process or an HTTP round trip; most files here mostly wait.
// Three files at once keep both cores busy. The fault tests (real processes killed and
// restarted, timed against slow sites) run afterwards, on their own as before, so the load of
// the other files never stretches the windows they time.
//
// The global setups build the server, worker and CLI into one bundle, which the tests that spawn
// them start instead of paying tsx's transpiling in every process
// (packages/server/test/support/citable-bundle.ts), and the migrated PGlite template every test
// storage copies, once per schema version, before any file starts
// (packages/server/test/support/pglite-template.ts).
//
// No test may depend on an idle machine: a full run beside other work (load average 15 on two
// cores) stretches everything several times over. The bounds below are for hangs, not for speed:
// a test waits on the event it needs (expect.poll, a server that never answers, a fake clock), and
// these only end one that never comes. expect.poll's own default (1 s) is the same kind of bound.
export default defineConfig({
  // compromise loads on its first use, as in the Node builds (packages/engine/scripts).
  plugins: [viteLazyCompromise],
  test: {
    globalSetup: ['packages/server/test/support/global-setup.ts', 'packages/server/test/support/test-storage-setup.ts'],
    exclude: [...configDefaults.exclude, '**/dist/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, '**/dist/**', faultTests, ...freshModuleTests],
          maxWorkers: 3,
          // A worker runs its files one after another in one module graph instead of loading the
          // server's ~500 modules and its packages (drizzle, better-auth, fastify, ...) again for
          // every file: about 2 s of CPU per server file. Files keep their state to themselves:
          // each starts its own servers and storage and closes them, none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'fresh-modules',
          include: freshModuleTests,
          // Vitest refuses projects of one group with different worker counts.
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: [faultTests],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
