import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { setUpCitableBundle } from '../../packages/server/test/support/citable-bundle';
import { freePort, spawnServer } from './server-process';

/**
 * Once per run: the server, worker and CLI are bundled for the test processes to start
 * (packages/server/test/support/citable-bundle.ts, instead of tsx in every process); then the
 * server starts on an empty folder, which runs initdb and every migration, and stops. Each test
 * file's server then starts on a copy of this database instead of paying for initdb itself
 * (support/app-server.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const removeBundle = await setUpCitableBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-migrated-'));
  try {
    const server = await spawnServer(await freePort(), dataDir, {});
    await server.stop();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    removeBundle();
    throw error;
  }
  project.provide('migratedDataDir', dataDir);
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    removeBundle();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose embedded database holds every migration (support/app-server.ts copies it). */
    migratedDataDir: string;
  }
}
