import type { RollupRow } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { formatChange, nextSort, sortRollup } from './rollup-sort';

const row = (name: string, latestScore: number | null, change: number | null, lastAuditAt: string | null, openAlerts = 0): RollupRow => ({
  clientId: name.toLowerCase(),
  name,
  url: `https://${name.toLowerCase()}.example.com`,
  latestScore,
  previousScore: latestScore === null || change === null ? null : latestScore - change,
  change,
  lastAuditAt,
  openAlerts,
  scoreNote: null,
  changeNote: null,
});

const rows = [row('Birch', 71, -3, '2026-11-20T10:00:00Z', 2), row('acorn', 88, 5, '2026-11-21T10:00:00Z'), row('Cedar', null, null, null, 1), row('Dune', 71, 0, '2026-11-19T10:00:00Z')];
const names = (list: RollupRow[]) => list.map((item) => item.name);

describe('sortRollup', () => {
  it('sorts names case-insensitively in both directions', () => {
    expect(names(sortRollup(rows, { column: 'name', direction: 'ascending' }))).toEqual(['acorn', 'Birch', 'Cedar', 'Dune']);
    expect(names(sortRollup(rows, { column: 'name', direction: 'descending' }))).toEqual(['Dune', 'Cedar', 'Birch', 'acorn']);
  });

  it('keeps never-audited clients last whichever the direction, ties by name', () => {
    expect(names(sortRollup(rows, { column: 'latestScore', direction: 'descending' }))).toEqual(['acorn', 'Birch', 'Dune', 'Cedar']);
    expect(names(sortRollup(rows, { column: 'latestScore', direction: 'ascending' }))).toEqual(['Birch', 'Dune', 'acorn', 'Cedar']);
  });

  it('sorts by change, last audit date and open alerts', () => {
    expect(names(sortRollup(rows, { column: 'change', direction: 'descending' }))).toEqual(['acorn', 'Dune', 'Birch', 'Cedar']);
    expect(names(sortRollup(rows, { column: 'lastAuditAt', direction: 'descending' }))).toEqual(['acorn', 'Birch', 'Dune', 'Cedar']);
    expect(names(sortRollup(rows, { column: 'openAlerts', direction: 'descending' }))).toEqual(['Birch', 'Cedar', 'acorn', 'Dune']);
  });

  it('does not change the rows it was given', () => {
    const copy = [...rows];
    sortRollup(rows, { column: 'latestScore', direction: 'ascending' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts numbers with the largest first', () => {
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'latestScore')).toEqual({ column: 'latestScore', direction: 'descending' });
    expect(nextSort({ column: 'latestScore', direction: 'descending' }, 'url')).toEqual({ column: 'url', direction: 'ascending' });
  });
});

describe('formatChange', () => {
  it('signs the change and leaves out a missing one', () => {
    expect(formatChange(4)).toBe('+4');
    expect(formatChange(-3.25)).toBe('−3.3');
    expect(formatChange(0)).toBe('0');
    expect(formatChange(null)).toBeNull();
  });
});
