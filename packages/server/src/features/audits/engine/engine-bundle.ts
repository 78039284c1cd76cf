import { fileURLToPath } from 'node:url';
import { lazyCompromise } from '@citable/engine/esbuild-lazy-compromise';
import { build } from 'esbuild';

/**
 * The engine worker (engine-worker.ts) and the engine as one CommonJS script, built in memory by
 * esbuild the first time this process starts an engine worker (about 0.3 s, in esbuild's own
 * process), and run by each worker with `eval`. One way for every way the server runs:
 * `node --import tsx` from the sources, Vitest, and the tests' esbuild bundle of the server (whose
 * modules see their source file's location, so the worker is built from the sources there too).
 * A worker started on the TypeScript sources instead would need tsx's loader in every worker and
 * resolve the engine's ~700 modules through it (about 1 s and 60 MB more per worker, as measured
 * for the CLI's audit pool, which starts its workers the same way). Built on start, it is never stale.
 */
let built: Promise<string> | undefined;

export function engineWorkerScript(): Promise<string> {
  built ??= buildEngineWorker().catch((error: unknown) => {
    // A failed build (sources mid-edit, esbuild missing) is not cached: the next pool start tries again.
    built = undefined;
    throw error;
  });
  return built;
}

async function buildEngineWorker(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./engine-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [lazyCompromise],
  });
  return result.outputFiles[0].text;
}
