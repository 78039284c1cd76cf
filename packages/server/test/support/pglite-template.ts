import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The migrated PGlite folder every test storage starts from. A fresh PGlite folder costs about 10 s
 * of CPU (initdb in WebAssembly, then every migration and pg-boss's schema); a copy of one about
 * 1 s. The template is built once per schema version and kept in the temporary folder across runs
 * (a cache, like tsx's): `citable-pglite-template-<version>`.
 *
 * The vitest global setup (support/test-storage-setup.ts) builds it before any test file starts,
 * so no file's `beforeAll` pays for initdb (on a busy machine, more than the hook's bound) and
 * parallel files do not each build one at the same time. Files run without it build it on first
 * use, as before.
 */

const serverRoot = path.resolve(import.meta.dirname, '../..');

// Bumped when what a template holds changes for another reason than the schema.
const TEMPLATE_VERSION = '2: built without schedules';
const PREFIX = 'citable-pglite-template-';
/** Another version's template is removed once nobody has used it for this long (another checkout may still be on it). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Changes whenever what a migrated database holds may change: the migrations, PGlite's and pg-boss's versions. */
export function templateKey(): string {
  return createHash('sha256')
    .update(TEMPLATE_VERSION)
    .update(readFileSync(path.join(serverRoot, 'drizzle/meta/_journal.json')))
    .update(readFileSync(path.resolve(serverRoot, '../../node_modules/@electric-sql/pglite/package.json')))
    .update(readFileSync(path.resolve(serverRoot, '../../node_modules/pg-boss/package.json')))
    .digest('hex')
    .slice(0, 16);
}

/** The template's folder, built first if this schema version has none. */
export async function pgliteTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `${PREFIX}${templateKey()}`);
  if (existsSync(template)) {
    // Marks it as in use, so another checkout's clean-up (below) leaves it.
    const now = new Date();
    try {
      utimesSync(template, now, now);
    } catch {
      // Removed meanwhile by a clean-up: it was stale; a later call builds it again.
    }
    return template;
  }
  await buildTemplate(template);
  removeStaleTemplates(template);
  return template;
}

async function buildTemplate(template: string): Promise<void> {
  // Loaded only to build: the global setup imports this module on every run.
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../../src/app'), import('../../src/config')]);
  const building = mkdtempSync(path.join(tmpdir(), 'citable-pglite-building-'));
  try {
    // No schedules and no job handling: a template built across a cron minute would otherwise keep
    // the cron's job (e.g. the monitoring tick, every 5 minutes) queued, and every test database
    // copied from it would start monitoring audits no test asked for.
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: building, WEB_DIST_DIR: path.join(building, 'none'), JOB_SCHEDULES: 'off', JOBS: 'off' });
    const app = await buildApp(config, { logger: false });
    await app.ready();
    await app.close();
    try {
      // Several processes may race to build it; the first rename wins, the others discard theirs.
      renameSync(path.join(building, 'pglite'), template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Templates of other schema versions nobody has used for a day: each is 40 MB or more. */
function removeStaleTemplates(current: string): void {
  const dir = path.dirname(current);
  for (const name of readdirSync(dir)) {
    const candidate = path.join(dir, name);
    if (!name.startsWith(PREFIX) || candidate === current) continue;
    try {
      if (Date.now() - statSync(candidate).mtimeMs > STALE_AFTER_MS) rmSync(candidate, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}
