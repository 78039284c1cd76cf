import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin for the builds that bundle the engine to run in Node (the CLI and its audit
 * workers, the server's engine workers). The engine imports compromise (entity extraction) at
 * load time, although no check reads the page model's entities: ~40 MB and ~0.4 s per process
 * or worker for nothing. This swaps the import for a function that requires compromise on its
 * first call; esbuild evaluates a require()d module only then.
 */
export const lazyCompromise: Plugin = {
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
