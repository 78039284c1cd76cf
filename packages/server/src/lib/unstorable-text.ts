/**
 * Whether a database error means the request carried text PostgreSQL cannot store or compare
 * (a NUL byte, or bytes that are not valid UTF-8, in a path parameter, query or body field that
 * reached a query unvalidated). That is bad input, not a bug: it answers 400, never 500.
 */
// SQLSTATE 22021 character_not_in_repertoire ("invalid byte sequence"), 22P05 untranslatable_character.
const UNSTORABLE_SQLSTATE = new Set(['22021', '22P05']);

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored (such as a NUL byte).';

export function isUnstorableText(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; PGlite and node-postgres both set `code`.
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNSTORABLE_SQLSTATE.has(code)) return true;
  }
  return false;
}
