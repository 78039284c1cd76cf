import { describe, expect, it } from 'vitest';
import { newSiteRow, rowErrors, rowsFrom, rowsValid, URL_PREFIX, validEntries } from './site-rows';

const row = (name: string, url: string) => ({ ...newSiteRow(), name, url });

describe('site rows', () => {
  it('start with the https:// prefix and one row', () => {
    const rows = rowsFrom([]);
    expect(rows).toHaveLength(1);
    expect(rows[0].url).toBe(URL_PREFIX);
  });

  it('ignore blank rows and flag half-filled or invalid ones', () => {
    expect(rowErrors(row('', URL_PREFIX))).toEqual({});
    expect(rowErrors(row('Acme', URL_PREFIX)).url).toBeTruthy();
    expect(rowErrors(row('', 'https://acme.example')).name).toBeTruthy();
    expect(rowErrors(row('Acme', 'ftp://acme.example')).url).toBeTruthy();
  });

  it('save only complete, valid rows', () => {
    const rows = [row('Acme', 'https://acme.example'), row('', URL_PREFIX)];
    expect(validEntries(rows)).toEqual([{ name: 'Acme', url: 'https://acme.example' }]);
    expect(rowsValid(rows)).toBe(true);
    expect(rowsValid([row('', URL_PREFIX)])).toBe(false);
    expect(rowsValid([row('Acme', 'https://acme.example'), row('Half', URL_PREFIX)])).toBe(false);
  });
});
