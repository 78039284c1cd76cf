import { describe, expect, it } from 'vitest';
import { isUnstorableText } from './unstorable-text';

describe('isUnstorableText', () => {
  it('recognises an invalid byte sequence, bare or wrapped by Drizzle', () => {
    const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    expect(isUnstorableText(driver)).toBe(true);
    expect(isUnstorableText(Object.assign(new Error('Failed query: select ...'), { cause: driver }))).toBe(true);
    expect(isUnstorableText(Object.assign(new Error('untranslatable'), { code: '22P05' }))).toBe(true);
  });

  it('leaves other database errors and plain errors alone', () => {
    expect(isUnstorableText(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnstorableText(new Error('boom'))).toBe(false);
    expect(isUnstorableText(undefined)).toBe(false);
  });
});
