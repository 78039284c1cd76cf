import { YOUR_SCORE_MESSAGES, type RollupRow } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RollupTable } from './rollup-table';

const rows: RollupRow[] = [
  { clientId: 'c1', name: 'Birch Dental', url: 'https://birch.example.com/', latestScore: 71.4, previousScore: 74.4, change: -3, lastAuditAt: '2026-11-20T10:00:00Z', openAlerts: 2, scoreNote: null, changeNote: null },
  { clientId: 'c2', name: 'Acorn Law', url: null, latestScore: 88, previousScore: 83, change: 5, lastAuditAt: '2026-11-21T10:00:00Z', openAlerts: 0, scoreNote: null, changeNote: null },
  { clientId: 'c3', name: 'Cedar Cafe', url: 'https://cedar.example.com', latestScore: null, previousScore: null, change: null, lastAuditAt: null, openAlerts: 0, scoreNote: null, changeNote: null },
];

const render = (sort?: Parameters<typeof RollupTable>[0]['initialSort']) => renderToString(<RollupTable rows={rows} onOpen={() => undefined} initialSort={sort} />).replace(/<!-- -->/g, '');
const rowOrder = (html: string) => [...html.matchAll(/data-client-id="(c\d)"/g)].map((match) => match[1]);

describe('RollupTable', () => {
  it('marks only the sorted column with aria-sort and orders the rows by it', () => {
    const html = render({ column: 'latestScore', direction: 'descending' });
    expect(html.match(/aria-sort="descending"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-sort="descending"[^>]*><button[^>]*data-testid="rollup-sort-latestScore"/);
    expect(html.match(/aria-sort="none"/g)).toHaveLength(5);
    expect(rowOrder(html)).toEqual(['c2', 'c1', 'c3']);
  });

  it('sorts by name ascending by default and puts a button in every sortable header', () => {
    const html = render();
    expect(html).toMatch(/aria-sort="ascending"[^>]*><button[^>]*data-testid="rollup-sort-name"/);
    expect(html.match(/<th[^>]*aria-sort[^>]*><button type="button"/g)).toHaveLength(6);
    expect(rowOrder(html)).toEqual(['c2', 'c1', 'c3']);
  });

  it('shows the change with its sign and direction, and empty values in words', () => {
    const html = render();
    expect(html).toContain('−3<span class="sr-only"> (down)</span>');
    expect(html).toContain('+5<span class="sr-only"> (up)</span>');
    expect(html).toContain('Not audited');
    expect(html).toContain('Never');
    expect(html).toContain('birch.example.com');
    expect(html).toContain('aria-label="Open Birch Dental"');
  });

  it('says why a client has no score (page audits only) or no change (nothing of the same pages to compare), never a page score', () => {
    const noted: RollupRow[] = [
      { clientId: 'c4', name: 'Dune Bakery', url: 'https://dune.example/', latestScore: null, previousScore: null, change: null, lastAuditAt: null, openAlerts: 0, scoreNote: YOUR_SCORE_MESSAGES.noSiteAudit('https://dune.example/'), changeNote: null },
      { clientId: 'c5', name: 'Elm Books', url: 'https://elm.example/', latestScore: 64, previousScore: null, change: null, lastAuditAt: '2026-11-21T10:00:00Z', openAlerts: 0, scoreNote: null, changeNote: YOUR_SCORE_MESSAGES.nothingToCompare },
    ];
    const html = renderToString(<RollupTable rows={noted} onOpen={() => undefined} />).replace(/<!-- -->/g, '');
    expect(html).toContain(`No site audit yet<span class="sr-only">. ${YOUR_SCORE_MESSAGES.noSiteAudit('https://dune.example/').replace(/"/g, '&quot;')}</span>`);
    expect(html).not.toContain('Not audited');
    expect(html).toContain(`<span class="sr-only">${YOUR_SCORE_MESSAGES.nothingToCompare}</span>`);
    expect(html).toContain(`title="${YOUR_SCORE_MESSAGES.nothingToCompare}"`);
  });
});
