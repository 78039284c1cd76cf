/**
 * Whether an error means the database cannot be reached right now (PostgreSQL down, restarting,
 * the network cut, the pool unable to connect), rather than a bug: such requests get 503 and a
 * Retry-After, and work again once the database is back, without a restart.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE: class 08 connection exceptions, 57P01-57P03 shutdown / crash / cannot connect now, 53300 too many connections.
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

export const DATABASE_UNAVAILABLE_MESSAGE = 'Service unavailable: the database cannot be reached. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause` ("Failed query: ..."); a network code counts only
  // under such a wrapper, so an unreachable third-party site or API is never taken for the database.
  let query = false;
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (name === 'DrizzleQueryError' || (typeof message === 'string' && message.startsWith('Failed query:'))) query = true;
    if (typeof code === 'string' && (SQLSTATE.test(code) || (query && NETWORK_CODES.has(code)))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}
