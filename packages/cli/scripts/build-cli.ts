/**
 * Builds the `citable` CLI into JavaScript: packages/cli/dist/<build>/main.mjs and its chunks,
 * one ESM bundle with esbuild, so that a launch loads a few files instead of transpiling ~2,500
 * TypeScript modules through tsx (measured here: 1.8 s for a page audit from source against
 * about 0.3 s from the bundle). Run on `npm install` (the root postinstall) and `npm run build`;
 * bin/citable.mjs also runs it when a source file changed since the last build, so the CLI is
 * never stale. `node --import tsx packages/cli/scripts/build-cli.ts` builds by hand.
 *
 * Each build gets a folder of its own and dist/current.json names the one to run, replaced in one
 * rename: a CLI starting while another builds never sees half a build.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER, externalWhereTheSourceFindsThem, lazyCompromise, sourceLocation } from './esbuild-plugins';

const cliRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(cliRoot, '../..');
export const DIST_DIR = path.join(cliRoot, 'dist');

/** dist/current.json: the build to run and the repository files it was built from. */
export interface CurrentBuild {
  /** Folder under dist/ holding main.mjs. */
  dir: string;
  /**
   * The repository's own source files in the bundle (not node_modules), relative to the
   * repository root, with their modification times when built: a different time makes the build
   * stale. A file saved while the build ran is recorded as 0, so the next launch builds again.
   */
  inputs: Record<string, number>;
}

export async function buildCli(): Promise<CurrentBuild> {
  // A file's modification time can lag the clock by a file system's grain (up to a second or two).
  const started = Date.now() - 2000;
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const outdir = path.join(DIST_DIR, dir);
  mkdirSync(outdir, { recursive: true });
  let result;
  try {
    result = await build({
      entryPoints: { main: path.join(cliRoot, 'src/main.ts') },
      outdir,
      absWorkingDir: repoRoot,
      bundle: true,
      // Commands that need the server (admin) import it on demand: its code is a chunk an audit never loads.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outExtension: { '.js': '.mjs' },
      logLevel: 'silent',
      legalComments: 'none',
      minifySyntax: true,
      sourcemap: true,
      sourcesContent: false,
      metafile: true,
      banner: { js: ESM_REQUIRE_BANNER },
      plugins: [sourceLocation, externalWhereTheSourceFindsThem, lazyCompromise],
    });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  const inputs: Record<string, number> = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input.includes('node_modules/') || input.includes(':')) continue;
    const modified = statSync(path.join(repoRoot, input)).mtimeMs;
    inputs[input] = modified >= started ? 0 : modified;
  }
  const current: CurrentBuild = { dir, inputs };
  const pointer = path.join(DIST_DIR, `current.json.${process.pid}`);
  writeFileSync(pointer, JSON.stringify(current));
  markSuperseded();
  renameSync(pointer, path.join(DIST_DIR, 'current.json'));
  removeOldBuilds(dir);
  return current;
}

/** How long a replaced build is kept: a CLI started from it just before the switch still loads chunks from it. */
const KEEP_REPLACED_MS = 10 * 60_000;

/**
 * Dates the build being replaced to now, so that it is kept for KEEP_REPLACED_MS from the switch,
 * not from when it was built (an install's build is minutes old when a changed source replaces it,
 * while a CLI started from it a moment ago is still loading its chunks).
 */
function markSuperseded(): void {
  try {
    const { dir } = JSON.parse(readFileSync(path.join(DIST_DIR, 'current.json'), 'utf8')) as CurrentBuild;
    const now = new Date();
    utimesSync(path.join(DIST_DIR, dir), now, now);
  } catch {
    // No build yet, or it is gone already: nothing to keep.
  }
}

/** Removes the builds replaced more than KEEP_REPLACED_MS ago. */
function removeOldBuilds(keep: string): void {
  for (const entry of readdirSync(DIST_DIR)) {
    if (entry === keep || !entry.startsWith('build-')) continue;
    const folder = path.join(DIST_DIR, entry);
    if (Date.now() - statSync(folder).mtimeMs > KEEP_REPLACED_MS) rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const current = await buildCli();
  console.log(`citable CLI built into packages/cli/dist/${current.dir} (${Object.keys(current.inputs).length} source files) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
