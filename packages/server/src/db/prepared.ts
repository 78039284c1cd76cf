import type { Db } from './client';

/**
 * A statement built and prepared once per database handle, for the queries every page load makes.
 * Otherwise Drizzle builds a query's SQL on every call (about a tenth of the server's CPU under
 * the load test), and PostgreSQL parses and plans it every time; a named statement is parsed once
 * per connection. On PGlite the name is ignored and only the building is saved.
 *
 *   const statement = preparedOn(db, 'alerts_list', (db, name) => db.select()...where(eq(alerts.userId, sql.placeholder('userId'))).prepare(name));
 *   await statement.execute({ userId });
 *
 * A transaction handle gets its own (it is a different handle), so calls inside transactions stay
 * correct; they just do not reuse the statement across transactions.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

export function preparedOn<T>(db: Db, name: string, prepare: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(db, `citable_${name}`);
    byName.set(name, statement);
  }
  return statement;
}
