import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader, Plugin } from 'esbuild';

export { lazyCompromise } from '@citable/engine/esbuild-lazy-compromise';

/**
 * esbuild plugins shared by the builds that bundle Citable's TypeScript for Node: the compiled
 * CLI (build-cli.ts), the CLI's audit worker (src/crawl/audit-worker-bundle.ts) and the test
 * run's server bundle (packages/server/test/support/citable-bundle.ts).
 */

/**
 * Modules of this repository that locate files relative to themselves (the server's config finds
 * the repository root, the database client its migrations, the CLI its audit worker's source) see
 * their source file's location, not the bundle's: `import.meta.dirname`, `.filename` and `.url`
 * are replaced by the source file's own values, as a per-module esbuild `define`.
 */
export const sourceLocation: Plugin = {
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
 * Packages left to Node, resolved where the importing source file would find them: PGlite loads
 * its wasm and data files next to its own module, pdfkit its fonts, argon2 is a native addon,
 * esbuild (the CLI's audit-worker bundler) finds its binary from its own folder, and pg-boss is
 * kept as shipped. Everything else is bundled: loading it through Node's resolver module by
 * module is most of what a bundle saves.
 */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'pdfkit', '@node-rs/argon2', 'pg-boss', 'esbuild', 'pg-native'];

/**
 * Marks the external packages external by the absolute file the importing module resolves them to:
 * a bundle may live in a temporary folder, from which a bare specifier would not find node_modules,
 * and a workspace may have its own version of a package (packages/server/node_modules).
 */
export const externalWhereTheSourceFindsThem: Plugin = {
  name: 'external-where-the-source-finds-them',
  setup(plugin) {
    const resolving = Symbol('resolving');
    plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving) return undefined;
      if (!EXTERNAL_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      const found = await plugin.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: resolving });
      // An optional dependency that is not installed (pg-native) stays a bare specifier; the package requiring it copes.
      if (found.errors.length > 0 || !path.isAbsolute(found.path)) return { path: args.path, external: true };
      return { path: found.path, external: true };
    });
  },
};

/**
 * Bundled CommonJS packages call require() for Node's built-ins; an ES module bundle has none of its own.
 * (Spelled in parts: this file is itself bundled into the CLI, and sourceLocation would rewrite the whole word.)
 */
const IMPORT_META_URL = ['import', 'meta', 'url'].join('.');
export const ESM_REQUIRE_BANNER = `import { createRequire as __citableCreateRequire } from 'node:module'; const require = __citableCreateRequire(${IMPORT_META_URL});`;
