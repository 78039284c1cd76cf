import { completeRows, siteEntrySchema, type SiteEntry } from '@citable/contract';

/** One editable website or competitor row; `key` keeps React state attached while rows move. */
export interface SiteRow {
  key: string;
  name: string;
  url: string;
}

/** URL fields start with the scheme filled in (spec 002 §5). */
export const URL_PREFIX = 'https://';

let counter = 0;

export function newSiteRow(entry?: SiteEntry): SiteRow {
  counter += 1;
  return { key: `row-${counter}`, name: entry?.name ?? '', url: entry?.url ?? URL_PREFIX };
}

export function rowsFrom(entries: SiteEntry[] | undefined): SiteRow[] {
  return entries && entries.length > 0 ? entries.map((entry) => newSiteRow(entry)) : [newSiteRow()];
}

function isBlank(row: SiteRow): boolean {
  return row.name.trim() === '' && (row.url.trim() === '' || row.url.trim() === URL_PREFIX);
}

export interface RowErrors {
  name?: string;
  url?: string;
}

/** A blank row is ignored; a started row needs both a name and a valid address. */
export function rowErrors(row: SiteRow): RowErrors {
  if (isBlank(row)) return {};
  const result = siteEntrySchema.safeParse({ name: row.name, url: row.url });
  if (result.success) return {};
  const errors: RowErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' && !errors.name) errors.name = issue.message;
    if (field === 'url' && !errors.url) errors.url = issue.message;
  }
  return errors;
}

/** Rows worth saving: the contract's complete rows, trimmed, that also hold a valid address. */
export function validEntries(rows: SiteRow[]): SiteEntry[] {
  return completeRows(rows.map(({ name, url }) => ({ name, url }))).flatMap((row) => {
    const parsed = siteEntrySchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** At least one complete row, and no started row left half-filled or invalid. */
export function rowsValid(rows: SiteRow[]): boolean {
  return validEntries(rows).length > 0 && rows.every((row) => Object.keys(rowErrors(row)).length === 0);
}
