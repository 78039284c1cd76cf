import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { storableJobParams, storableQueryArgs } from '../db/storable-text';

/**
 * pg-boss's connections behind the storable-text boundary (issue #35), like the app's own: a job
 * whose payload carries a crawled page's lone UTF-16 surrogate or a NUL (a page title, a name
 * from a form) would otherwise fail its insert in PostgreSQL (22P02, 22P05), and a failed job's
 * output (its error message) the same way, leaving the job active until its heartbeat ran out.
 */

/** The client class of pg-boss's own pool on PostgreSQL (pg.Pool's `Client` option). */
export class StorableJobClient extends pg.Client {
  override query(...args: unknown[]): any {
    storableQueryArgs(args, storableJobParams);
    return (super.query as (...rest: unknown[]) => unknown)(...args);
  }
}

/** pg-boss's adapter for the embedded database, with the same boundary on every statement it runs. */
export function storablePgliteJobDb(pglite: PGlite): ReturnType<typeof fromPglite> {
  const adapter = fromPglite(pglite);
  const executeSql = adapter.executeSql.bind(adapter) as (text: string, values?: unknown[], ...rest: unknown[]) => Promise<{ rows: any[] }>;
  adapter.executeSql = ((text: string, values?: unknown[], ...rest: unknown[]) => executeSql(text, storableJobParams(values), ...rest)) as typeof adapter.executeSql;
  return adapter;
}
