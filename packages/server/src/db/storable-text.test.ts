import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableJsonText, storableText, storeOnlyStorableText } from './storable-text';

/**
 * Property-based fuzz of the storage boundary (issue #35): whatever text or JSON value arrives,
 * what reaches PostgreSQL is accepted by it (a real PGlite, text and jsonb), and text that was
 * storable already is stored unchanged.
 */

// Strings built from code units, so lone surrogates and NULs are common, not a rare accident.
const hostileChar = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\\', '"', 'u', '\\u0000', '\\ud800', '😀'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
const hostileString = fc.array(hostileChar, { maxLength: 24 }).map((parts) => parts.join(''));
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileString, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
})).value;

/** The value as it should be stored: every string (keys too) made storable. */
function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableValue(item)]));
  return value;
}

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  storeOnlyStorableText(pglite);
});
afterAll(() => pglite?.close());

describe('storableText', () => {
  it('leaves no NUL and no lone surrogate, and changes nothing that was storable', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const stored = storableText(text);
        expect(stored.includes('\u0000')).toBe(false);
        expect(stored.isWellFormed()).toBe(true);
        if (text.isWellFormed() && !text.includes('\u0000')) expect(stored).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('makes every string PostgreSQL text accepts, as a parameter of the wrapped driver, in and out of a transaction', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (text) => {
        const { rows } = await pglite.query<{ value: string }>('select $1::text as value', [text]);
        expect(rows[0].value).toBe(storableText(text));
        const inside = await pglite.transaction((tx) => tx.query<{ value: string }>('select $1::text as value', [text]));
        expect(inside.rows[0].value).toBe(storableText(text));
      }),
      { numRuns: 150 },
    );
  });
});

describe('storableJsonText', () => {
  it('turns any JSON.stringify output into text jsonb accepts, holding the storable value', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, async (value) => {
        const json = storableJsonText(JSON.stringify(value));
        expect(JSON.parse(json)).toEqual(storableValue(value));
        const { rows } = await pglite.query<{ value: unknown }>('select $1::jsonb as value', [json]);
        expect(rows[0].value).toEqual(storableValue(value));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves a literal backslash followed by "u0000" alone: only escapes are rewritten', () => {
    expect(storableJsonText(JSON.stringify('\\u0000 and \\ud800'))).toBe(JSON.stringify('\\u0000 and \\ud800'));
    expect(storableJsonText(JSON.stringify({ '\ud800': '\u0000x' }))).toBe('{"\\ufffd":"x"}');
    // Found by the property above: a NUL between two lone halves does not join them, in text or JSON.
    expect(storableText('\ud800\u0000\udfff')).toBe('\ufffd\ufffd');
    expect(JSON.parse(storableJsonText(JSON.stringify('\ud800\u0000\udfff')))).toBe('\ufffd\ufffd');
  });
});
