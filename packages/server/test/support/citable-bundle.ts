import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER, externalWhereTheSourceFindsThem, sourceLocation } from '../../../cli/scripts/esbuild-plugins';

/**
 * The Citable programs the tests spawn (API server, worker, CLI), built once per test run into one
 * ESM bundle with esbuild. Started through `node --import tsx` from source, every process spent
 * ~5 s of CPU transpiling and resolving ~2,500 modules through tsx's loader (measured: 9.5 s CPU to
 * "Citable is running at" on a migrated PGlite, against 4.8 s from the bundle), and the fault and
 * browser tests start dozens of them. `npm start` and `npm run worker` stay on tsx from source;
 * this is a test-run artefact only.
 *
 * The global setups (support/global-setup.ts here, e2e/support/global-setup.ts) build it and put
 * its folder in CITABLE_TEST_BUNDLE_DIR, which the test workers inherit; `citableCommand` turns that
 * into the command line to spawn.
 */

export const BUNDLE_DIR_ENV = 'CITABLE_TEST_BUNDLE_DIR';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const entryPoints = {
  server: path.join(repoRoot, 'packages/server/src/server.ts'),
  worker: path.join(repoRoot, 'packages/server/src/worker.ts'),
  citable: path.join(repoRoot, 'packages/cli/src/main.ts'),
};

export type CitableProgram = keyof typeof entryPoints;

/** The command line that starts `program` from the bundle; throws if no global setup built one. */
export function citableCommand(program: CitableProgram): { command: string; args: string[] } {
  const dir = process.env[BUNDLE_DIR_ENV];
  if (!dir) throw new Error(`${BUNDLE_DIR_ENV} is not set: the Citable bundle is built by the vitest global setup (packages/server/test/support/global-setup.ts, e2e/support/global-setup.ts)`);
  const file = path.join(dir, `${program}.mjs`);
  if (!existsSync(file)) throw new Error(`${file} does not exist: the Citable test bundle in ${dir} is incomplete or was removed`);
  // Stack traces in a failed test's process output then name the source files, not the bundle's
  // chunks (which are deleted after the run); measured at about 0.3 s of CPU per start.
  return { command: process.execPath, args: ['--enable-source-maps', file] };
}

/**
 * Builds the bundle into a fresh temporary folder, sets CITABLE_TEST_BUNDLE_DIR for this process
 * and the test workers it starts, and returns the teardown that removes it. A failed build throws
 * (the test run fails; it never falls back to tsx).
 */
export async function setUpCitableBundle(): Promise<() => void> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'citable-test-bundle-'));
  try {
    await buildCitableBundle(outdir);
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`building the Citable test bundle failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  process.env[BUNDLE_DIR_ENV] = outdir;
  return () => {
    if (process.env[BUNDLE_DIR_ENV] === outdir) delete process.env[BUNDLE_DIR_ENV];
    rmSync(outdir, { recursive: true, force: true });
  };
}

export async function buildCitableBundle(outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    absWorkingDir: repoRoot,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    legalComments: 'none',
    // Maps without the sources' text: the files are in the repository, and the maps stay small.
    sourcemap: true,
    sourcesContent: false,
    banner: { js: ESM_REQUIRE_BANNER },
    plugins: [sourceLocation, externalWhereTheSourceFindsThem],
  });
}
