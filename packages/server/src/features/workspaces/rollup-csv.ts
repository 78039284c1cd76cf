import type { RollupRow } from '@citable/contract';

export const ROLLUP_CSV_HEADER = ['Client', 'Website', 'Latest score', 'Previous score', 'Change', 'Last audit', 'Open alerts'] as const;

/**
 * RFC 4180 quoting. Text cells (names and addresses, which users type) that a spreadsheet would
 * run as a formula get a leading quote mark; numbers are ours and stay numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The roll-up as CSV, a header row then one row per client, CRLF line ends (RFC 4180). */
export function rollupCsv(rows: RollupRow[]): string {
  const lines = [ROLLUP_CSV_HEADER.map(csvCell).join(',')];
  for (const row of rows) {
    lines.push([row.name, row.url, row.latestScore, row.previousScore, row.change, row.lastAuditAt, row.openAlerts].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** citable-clients-YYYY-MM-DD.csv, dated in UTC. */
export function rollupCsvFileName(now: Date): string {
  return `citable-clients-${now.toISOString().slice(0, 10)}.csv`;
}
