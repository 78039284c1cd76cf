import type { RollupRow } from '@citable/contract';

export type RollupColumn = 'name' | 'url' | 'latestScore' | 'change' | 'lastAuditAt' | 'openAlerts';
export type SortDirection = 'ascending' | 'descending';
export interface RollupSortState {
  column: RollupColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: RollupSortState = { column: 'name', direction: 'ascending' };

/** Columns whose first click sorts the largest (best score, biggest change, newest, most alerts) first. */
const NUMERIC_FIRST_DESCENDING: ReadonlySet<RollupColumn> = new Set(['latestScore', 'change', 'lastAuditAt', 'openAlerts']);

function valueOf(row: RollupRow, column: RollupColumn): string | number | null {
  switch (column) {
    case 'name':
      return row.name;
    case 'url':
      return row.url;
    case 'latestScore':
      return row.latestScore;
    case 'change':
      return row.change;
    case 'lastAuditAt':
      return row.lastAuditAt ? Date.parse(row.lastAuditAt) : null;
    case 'openAlerts':
      return row.openAlerts;
  }
}

/**
 * Rows in the asked order. Clients without a value (never audited) stay at the bottom in both
 * directions, so sorting by score never buries the audited clients under empty rows; ties fall
 * back to the name so the order is stable.
 */
export function sortRollup(rows: readonly RollupRow[], sort: RollupSortState): RollupRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: RollupRow, b: RollupRow) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const left = valueOf(a, sort.column);
    const right = valueOf(b, sort.column);
    if (left === null && right === null) return byName(a, b);
    if (left === null) return 1;
    if (right === null) return -1;
    const compared = typeof left === 'string' && typeof right === 'string' ? left.localeCompare(right, undefined, { sensitivity: 'base' }) : Number(left) - Number(right);
    return compared !== 0 ? compared * sign : byName(a, b);
  });
}

/** A header click: the same column flips; a new column starts in its natural direction. */
export function nextSort(current: RollupSortState, column: RollupColumn): RollupSortState {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: NUMERIC_FIRST_DESCENDING.has(column) ? 'descending' : 'ascending' };
}

/** "+4", "−3" (true minus) or "0"; null when there is no earlier audit to compare with. */
export function formatChange(change: number | null): string | null {
  if (change === null) return null;
  // Round the magnitude, so −3.25 and +3.25 round the same way.
  const rounded = (Math.sign(change) * Math.round(Math.abs(change) * 10)) / 10;
  if (rounded > 0) return `+${rounded}`;
  if (rounded < 0) return `−${Math.abs(rounded)}`;
  return '0';
}
