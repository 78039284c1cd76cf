import path from 'node:path';
import { CliError, EXIT_OK } from '../cli-error';
import type { Io } from '../io';
import { parseCommandArgs } from '../parse-command-args';

export const ADMIN_BACKUP_USAGE = `citable admin backup <file>
citable admin restore <file> [--replace]

  backup writes the embedded database of DATA_DIR (default ./data) to <file>, a gzipped tar.
  restore loads such a file into DATA_DIR; over an existing database it needs --replace and keeps
  the old one beside it (pglite.before-restore-<time>). Both take the data folder's lock, so they
  refuse while a server runs on it: stop the server first.
  With DATABASE_URL (PostgreSQL) use the database's own tools instead:
    pg_dump --format=custom --file=citable.dump "$DATABASE_URL"
    pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" citable.dump`;

/** `citable admin backup|restore`: PGlite data only; PostgreSQL installs use pg_dump/pg_restore. */
export async function runAdminBackup(action: 'backup' | 'restore', rest: string[], io: Io): Promise<number> {
  const { positionals, values } = parseCommandArgs('admin', rest, { replace: { type: 'boolean' } });
  if (positionals.length !== 1) throw new CliError(`citable admin ${action} needs one file name (see citable help admin)`);
  if (io.env.DATABASE_URL) {
    throw new CliError(`DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (see citable help admin and docs/deployment.md)`);
  }
  const file = path.resolve(positionals[0]);
  const dataDir = path.resolve(io.env.DATA_DIR || './data');
  const { backupPglite, restorePglite, BackupError, LockHeldError } = await import('@citable/server/backup');
  try {
    if (action === 'backup') {
      const { bytes } = await backupPglite(dataDir, file);
      io.stdout.write(`backed up ${dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)\n`);
    } else {
      const { keptPrevious } = await restorePglite(dataDir, file, { replace: values.replace === true });
      io.stdout.write(`restored ${file} into ${dataDir}${keptPrevious ? ` (the previous database is kept in ${keptPrevious})` : ''}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    if (error instanceof LockHeldError) throw new CliError(`the data folder ${dataDir} is in use by a running Citable server (pid ${error.pid}). Stop the server first`);
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}
