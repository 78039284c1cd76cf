import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { decodeCursor, encodeCursor, isCursorTimestamp, isUuid } from './cursor';

/**
 * Property-based fuzz of the v1 cursor codec (issue #35): any cursor a client sends either decodes
 * to parts the query can use as they are (PostgreSQL casts them without an error) or is a 400;
 * every cursor the API writes decodes back to what it holds.
 */

const CHECKS = [isCursorTimestamp, isUuid];
// created_at as the query prints it: UTC, microseconds.
const printed = (instant: Date, micros: number) => `${instant.toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;
const realInstant = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
// Dates that pass the old format check, most of them not real.
const formatted = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, mo, d, h, mi, s]) => `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}.000000Z`);

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(() => pglite?.close());

function decodeOrRefuse(cursor: string): string[] | 'refused' {
  try {
    return decodeCursor(cursor, 'audits', CHECKS);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return 'refused';
  }
}

describe('the v1 cursor codec', () => {
  it('decodes every cursor it encodes to the same parts', () => {
    fc.assert(
      fc.property(realInstant, fc.integer({ min: 0, max: 999_999 }), fc.uuid(), (instant, micros, id) => {
        const parts = [printed(instant, micros), id];
        expect(decodeCursor(encodeCursor('audits', parts), 'audits', CHECKS)).toEqual(parts);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses with a 400, or accepts only parts PostgreSQL casts without an error, for forged dates', async () => {
    await fc.assert(
      fc.asyncProperty(formatted, fc.uuid(), async (date, id) => {
        const decoded = decodeOrRefuse(encodeCursor('audits', [date, id]));
        if (decoded === 'refused') return;
        // The query's own casts: an accepted cursor must never fail them (that was the 500).
        await pglite.query('select $1::timestamptz, $2::uuid', decoded);
      }),
      { numRuns: 300 },
    );
  });

  it('answers any string, any JSON in base64url, with parts or a 400, never another error', () => {
    const anyJson = fc.oneof(fc.json(), fc.tuple(fc.constant('audits'), fc.string(), fc.string()).map((value) => JSON.stringify(value)));
    fc.assert(
      fc.property(fc.oneof(fc.string(), anyJson.map((json) => Buffer.from(json).toString('base64url'))), (cursor) => {
        decodeOrRefuse(cursor);
      }),
      { numRuns: 500 },
    );
  });
});
