import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnavailable', () => {
  it('recognises a query that could not reach the database, and PostgreSQL shutting down', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1'), { name: 'DrizzleQueryError', cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not take an unreachable website or API, or a bug, for the database', () => {
    expect(isDatabaseUnavailable(Object.assign(new TypeError('fetch failed'), { cause: refused }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: insert'), { name: 'DrizzleQueryError', cause: Object.assign(new Error('duplicate key'), { code: '23505' }) }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
