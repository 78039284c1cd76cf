import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnServer } from './server-process';

/**
 * Once per run: the server starts on an empty folder, which runs initdb and every migration, and
 * stops. Each test file's server then starts on a copy of this database instead of paying for
 * initdb itself (support/app-server.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'citable-e2e-migrated-'));
  const server = await spawnServer(await freePort(), dataDir, {});
  await server.stop();
  project.provide('migratedDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose embedded database holds every migration (support/app-server.ts copies it). */
    migratedDataDir: string;
  }
}
