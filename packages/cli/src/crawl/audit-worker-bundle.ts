import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The audit worker and the engine as one CommonJS script, built in memory when a pool starts.
 * A worker started on the TypeScript sources would need its own tsx loader thread and would
 * resolve ~700 modules through it: measured here, 1.05 s and 160 MB for one worker, against
 * 0.2 s and 100 MB for the bundle, which itself takes about 0.3 s to build (in esbuild's own
 * process, while the crawl fetches the site context). Built on every start, it is never stale.
 */
export async function bundleAuditWorker(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./audit-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [lazyCompromise],
  });
  return result.outputFiles[0].text;
}

/**
 * The engine imports compromise (its entity extraction) at load time, although no check reads
 * the page model's entities: that costs each worker ~40 MB and ~0.4 s for nothing. This plugin
 * swaps the import for a function that requires compromise on its first call; esbuild wraps a
 * require()d module so that it is only evaluated then.
 */
const lazyCompromise: Plugin = {
  name: 'lazy-compromise',
  setup(plugin) {
    plugin.onResolve({ filter: /^compromise$/ }, (args) =>
      args.namespace === 'lazy-compromise' ? undefined : { path: 'compromise', namespace: 'lazy-compromise', pluginData: args.resolveDir },
    );
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-compromise' }, (args) => ({
      resolveDir: args.pluginData as string,
      contents: `let nlp;
export default function lazyNlp(text) {
  if (!nlp) { const m = require('compromise'); nlp = m.default ?? m; }
  return nlp(text);
}`,
    }));
  },
};
