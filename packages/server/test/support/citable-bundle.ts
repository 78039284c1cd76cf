import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';

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

/**
 * Packages left to Node, resolved where the importing source file would find them: PGlite loads
 * its wasm and data files next to its own module, pdfkit its fonts, argon2 is a native addon,
 * esbuild (the CLI's audit-worker bundler) finds its binary from its own folder, and pg-boss is
 * kept as shipped. Everything else is bundled: loading it through Node's resolver module by
 * module is most of what the bundle saves.
 */
const externalPackages = ['@electric-sql/pglite', 'pdfkit', '@node-rs/argon2', 'pg-boss', 'esbuild', 'pg-native'];

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
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    legalComments: 'none',
    // Maps without the sources' text: the files are in the repository, and the maps stay small.
    sourcemap: true,
    sourcesContent: false,
    // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __citableCreateRequire } from 'node:module'; const require = __citableCreateRequire(import.meta.url);" },
    plugins: [sourceLocation, externalWhereTheSourceFindsThem],
  });
}

/**
 * Modules of this repository that locate files relative to themselves (the server's config finds
 * the repository root, the database client its migrations, the CLI its audit worker's source) see
 * their source file's location, not the bundle's: `import.meta.dirname`, `.filename` and `.url`
 * are replaced by the source file's own values, as a per-module esbuild `define`.
 */
const sourceLocation: Plugin = {
  name: 'source-location',
  setup(plugin) {
    plugin.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const contents = text
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      const loader = path.extname(args.path).slice(1).replace(/^[cm]/, '') as Loader;
      return { contents, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * Marks the external packages external by the absolute file the importing module resolves them to:
 * the bundle lives in a temporary folder, from which a bare specifier would not find node_modules,
 * and a workspace may have its own version of a package (packages/server/node_modules).
 */
const externalWhereTheSourceFindsThem: Plugin = {
  name: 'external-where-the-source-finds-them',
  setup(plugin) {
    const resolving = Symbol('resolving');
    plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving) return undefined;
      if (!externalPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      const found = await plugin.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: resolving });
      // An optional dependency that is not installed (pg-native) stays a bare specifier; the package requiring it copes.
      if (found.errors.length > 0 || !path.isAbsolute(found.path)) return { path: args.path, external: true };
      return { path: found.path, external: true };
    });
  },
};
