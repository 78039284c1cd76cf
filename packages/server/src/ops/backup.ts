import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from '../lib/lock-file';

export { LockHeldError } from '../lib/lock-file';

export class BackupError extends Error {}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Writes the embedded database of DATA_DIR to `file` as a gzipped tar (PGlite's dumpDataDir).
 * Takes the data folder's lock, so it refuses (LockHeldError) while a server runs on it: a copy
 * taken under a running server could be torn. PostgreSQL installs use pg_dump instead.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number }> {
  const lock = acquireDataDirLock(dataDir);
  try {
    if (!existsSync(pgliteDir(dataDir))) throw new BackupError(`no embedded database in ${dataDir} (expected ${pgliteDir(dataDir)})`);
    const db = await PGlite.create(pgliteDir(dataDir));
    try {
      const dump = await db.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      // Written beside the target then renamed: an interrupted backup never leaves a half file under its name.
      const partial = `${file}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return { bytes: bytes.length };
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces the embedded database of DATA_DIR with the backup in `file`. Refuses while a server
 * runs (the lock), and over an existing database unless `replace` is set; the replaced database
 * is kept beside it as pglite.before-restore-<time> rather than deleted.
 */
export async function restorePglite(dataDir: string, file: string, options: { replace?: boolean } = {}): Promise<{ keptPrevious?: string }> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const target = pgliteDir(dataDir);
    const occupied = existsSync(target) && readdirSync(target).length > 0;
    if (occupied && !options.replace) throw new BackupError(`${target} already holds a database; pass --replace to swap it for the backup (the current one is kept beside it)`);
    const restoring = `${target}.restoring`;
    rmSync(restoring, { recursive: true, force: true });
    const db = await PGlite.create({ dataDir: restoring, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      // A backup that does not open as a database fails here, before anything is replaced.
      await db.query('select 1');
    } finally {
      await db.close();
    }
    let keptPrevious: string | undefined;
    if (occupied) {
      keptPrevious = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, keptPrevious);
    } else rmSync(target, { recursive: true, force: true });
    renameSync(restoring, target);
    return { keptPrevious };
  } finally {
    lock.release();
  }
}
