import type { Plugin } from 'vite';

/**
 * The Vitest counterpart of esbuild-lazy-compromise.ts: the engine imports compromise (~0.3 s and
 * ~40 MB) at load time, and every test file that builds the server loads the engine, although only
 * the entity tools call it. Tests run the engine as its Node builds do, with compromise required on
 * the first call of nlp(); the tests of those tools still run the real library.
 */
export const viteLazyCompromise: Plugin = {
  name: 'lazy-compromise',
  enforce: 'pre',
  resolveId(source) {
    return source === 'compromise' ? '\0lazy-compromise' : undefined;
  },
  load(id) {
    if (id !== '\0lazy-compromise') return undefined;
    return `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(import.meta.url)});
let nlp;
export default function lazyNlp(text) {
  if (!nlp) { const m = require('compromise'); nlp = m.default ?? m; }
  return nlp(text);
}`;
  },
};
