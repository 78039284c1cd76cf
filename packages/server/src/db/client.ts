import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from '../lib/lock-file';
import * as schema from './schema';
import { storableParams, storableQueryArgs, storeOnlyStorableText } from './storable-text';

export type Schema = typeof schema;
/** The common type of both drivers' databases: what services and routes receive. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  /**
   * On the server driver: how many statements that may have changed rows have completed in this
   * process, so the read caches can catch up with this process's own writes (src/cache).
   */
  writes?: WriteCount;
  /** Set on the embedded driver, for pg-boss to share the same single connection. */
  pglite?: PGlite;
  /** Set on the server driver, for pg-boss to open its own pool to the same database. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export interface DbConfig {
  dataDir: string;
  databaseUrl?: string;
}

export interface WriteCount {
  completed: number;
}

// Statements that change no rows; everything else (including COMMIT) counts as a write.
const READ_ONLY_STATEMENT = /^\s*(select|show|begin|rollback)\b/i;

/**
 * A pg client that counts the writes it completes, for DbHandle.writes. Both of pg's forms are
 * counted: the promise form (drizzle in a transaction, pg-boss) and the callback form, which is
 * how pg.Pool's own query (drizzle's every other statement) calls its client.
 */
function writeCountingClient(writes: WriteCount): typeof pg.Client {
  const counted = () => void (writes.completed += 1);
  return class WriteCountingClient extends pg.Client {
    override query(...args: unknown[]): any {
      // Text PostgreSQL cannot store never reaches it (storable-text.ts).
      storableQueryArgs(args, storableParams);
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      const isWrite = !READ_ONLY_STATEMENT.test(text ?? '');
      const callback = args.at(-1);
      if (isWrite && typeof callback === 'function') {
        // Counted before the callback runs, so the count is up by the time the caller resumes.
        args[args.length - 1] = (...results: unknown[]) => {
          counted();
          return (callback as (...rest: unknown[]) => unknown)(...results);
        };
      }
      const result = (super.query as (...rest: unknown[]) => unknown)(...args);
      // Registered before the caller's own await, for the same reason.
      if (isWrite && result instanceof Promise) result.then(counted, counted);
      return result;
    }
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// Any constant works; it only has to be the same in every Citable process.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Several servers may start at once on one PostgreSQL; an advisory lock lets one migrate at a time. */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Opens the database the configuration names and applies pending migrations. PGlite data lives in
 * DATA_DIR/pglite and the data folder's lock is held until close(), because a second process on
 * the same folder would silently lose writes.
 */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  if (config.databaseUrl) {
    const writes: WriteCount = { completed: 0 };
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, Client: writeCountingClient(writes) });
    // An idle client's connection dropping (database restart, network cut) must not crash the
    // process: the pool discards it and reconnects on the next query; /api/ready reports the outage.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    try {
      await migrateExclusively(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: drizzlePg(pool, { schema }), databaseUrl: config.databaseUrl, writes, close: () => pool.end() };
  }

  const lock = acquireDataDirLock(config.dataDir);
  try {
    const dir = path.join(config.dataDir, 'pglite');
    mkdirSync(path.dirname(dir), { recursive: true });
    const pglite = await PGlite.create(dir);
    storeOnlyStorableText(pglite);
    const db = drizzlePglite(pglite, { schema });
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await pglite.close();
      throw error;
    }
    return {
      db,
      pglite,
      async close() {
        try {
          await pglite.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
