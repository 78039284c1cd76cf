import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { pureModulePlugin } from './src/lib/build/pure-module-plugin.ts';
import { markdownPlugin } from './src/lib/markdown/vite-markdown-plugin.ts';

// The API runs as a separate process in development; in production the server serves this build.
const apiTarget = process.env.CITABLE_API_URL ?? 'http://localhost:3100';

const apiProxy: ProxyOptions = {
  target: apiTarget,
  configure(proxy) {
    // better-auth accepts only its own origin; the dev server's port is a different one, so
    // requests passed through are presented as coming from the API's origin.
    proxy.on('proxyReq', (proxyRequest) => {
      if (proxyRequest.getHeader('origin')) proxyRequest.setHeader('origin', apiTarget);
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    markdownPlugin(),
    // The contract's unused schemas and constants are left out of each page's script.
    pureModulePlugin(/[\\/]packages[\\/]contract[\\/]src[\\/][^/\\]+\.ts$/),
  ],
  build: {
    // .vite/manifest.json: the pre-render reads each page's chunks from it (modulepreload links),
    // and the browser tests measure the landing page's script with it (e2e/performance.test.ts).
    manifest: true,
    // One stylesheet for every page: a pre-rendered page is styled before its script runs, whatever
    // chunk its components are in.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The contract and the engine are declarations and pure functions (no IO, nothing registered
        // on import): a module of theirs nothing is imported from is left out, so a screen that
        // uses one engine function does not carry the engine (with pureModulePlugin above, the
        // contract's unused values are left out too).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](?:contract|engine)[\\/]src[\\/]/, sideEffects: false },
          { test: /\.css$/, sideEffects: true },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // zod and its jitless switch in one chunk, which runs before any module that builds a
            // schema (src/app/zod-jitless.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/, priority: 10 },
            // Everything the entry imports statically, in one chunk rather than a few dozen small
            // ones shared with the lazily loaded pages: each is a request of its own.
            { name: 'app', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': apiProxy } },
  preview: { port: 4173, proxy: { '/api': apiProxy } },
});
