import type { PGlite } from '@electric-sql/pglite';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';

/**
 * The one boundary between Citable's strings and PostgreSQL (issue #35): text the database cannot
 * hold never reaches it, whatever it came from (a crawled page's JSON-LD, a form, /api/v1, MCP).
 * PostgreSQL refuses a NUL character in text (22021) and, in JSON, a `\u0000` escape (22P05) or
 * an escape of a lone UTF-16 surrogate (22P02): one hostile page failed the save of an audit.
 * NUL is removed; a lone surrogate becomes U+FFFD, as `String.prototype.toWellFormed` does (and as
 * UTF-8 encoding would have done silently for plain text).
 */
export function storableText(text: string): string {
  // Surrogates first: removing a NUL between two lone halves must not join them into a character
  // the text never had (and storableJsonText, which rewrites each escape alone, agrees).
  const wellFormed = text.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '') : wellFormed;
}

// In JSON.stringify's output an escape's backslash follows an even run of backslashes (`\\` is a
// literal one), and a surrogate is escaped only when it is lone (well-formed JSON.stringify).
const UNSTORABLE_JSON_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/** JSON.stringify's text with the escapes jsonb refuses rewritten: `\u0000` dropped, a lone surrogate as U+FFFD. */
export function storableJsonText(json: string): string {
  return json.replace(UNSTORABLE_JSON_ESCAPE, (_match, backslashes: string, code: string) => (code === '0000' ? backslashes : `${backslashes}\\ufffd`));
}

/** A statement's parameters with every string (also inside arrays, as text[] takes) made storable. */
export function storableParams<T>(params: T): T {
  if (!Array.isArray(params)) return params;
  return params.map(storableParam) as T;
}

/**
 * pg-boss's parameters made storable (issue #35). pg-boss binds what it stores as JSON: text it
 * serialised itself (a job's data, queue and schedule options, as `$1::jsonb` or
 * `json_to_recordset($1)`), or a plain object the driver serialises (a failed job's output, its
 * error), where a lone surrogate or a NUL arrives as an escape, not as the character. Its other
 * strings are names, ids and cron expressions (pg-boss refuses a backslash in a name), which the
 * JSON rewrite leaves as they are.
 */
export function storableJobParams<T>(params: T): T {
  if (!Array.isArray(params)) return params;
  return params.map(storableJobParam) as T;
}

function storableJobParam(value: unknown): unknown {
  if (typeof value === 'string') return storableJsonText(storableText(value));
  // Serialised here as the driver would have (JSON.stringify), so its escapes can be rewritten.
  if (isPlainObject(value)) return storableJsonText(JSON.stringify(value));
  return storableParam(value);
}

/**
 * pg's query arguments, as (text, values) or ({ text, values }), with the values passed through
 * `storable`; changed in place, for a pg.Client subclass to hand on to its own query.
 */
export function storableQueryArgs(args: unknown[], storable: (values: unknown[]) => unknown[]): void {
  if (Array.isArray(args[1])) args[1] = storable(args[1]);
  else if (isPlainObject(args[0]) && Array.isArray(args[0].values)) args[0] = { ...args[0], values: storable(args[0].values) };
}

// A query config object or a JSON value's object, not a class instance (a submittable Query, a Date).
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function storableParam(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableParam);
  return value;
}

/**
 * Drizzle serialises json and jsonb columns with JSON.stringify before the driver sees them, as text
 * the driver cannot tell from any other: the escapes are rewritten here, in the columns' own
 * serialiser, once for every table. Applied when this module loads (the database client imports it).
 */
for (const column of [PgJsonb, PgJson]) {
  column.prototype.mapToDriverValue = function storableJson(value: unknown): string {
    return storableJsonText(JSON.stringify(value));
  };
}

/**
 * The embedded driver's statements (drizzle's, in and out of transactions, and pg-boss's on the
 * same handle) get storable parameters. The server driver's client does the same in client.ts.
 */
export function storeOnlyStorableText(pglite: PGlite): void {
  // The class's method is looked up on every call, not bound once, so that whatever wraps the
  // class's own query later (statement counting in tests, instrumentation) still sees each statement.
  const classQuery = (): PGlite['query'] => (Object.getPrototypeOf(pglite) as PGlite).query;
  pglite.query = ((text: string, params?: unknown[], options?: unknown) => classQuery().call(pglite, text, storableParams(params), options as never)) as PGlite['query'];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: unknown) => txQuery(text, storableParams(params), options as never)) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}
