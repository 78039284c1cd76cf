import { describe, expect, it } from 'vitest';
import { historyCsv } from './export-csv';

describe('historyCsv', () => {
  it('writes a header and quotes fields that need it', () => {
    const csv = historyCsv([
      {
        id: 'a',
        status: 'completed',
        kind: 'site',
        trigger: 'manual',
        role: 'website',
        website_url: 'https://example.com',
        overall_score: 72,
        recommendations: ['Add "FAQ", please', 'Second'],
        page_count: 3,
        created_at: '2026-01-02T00:00:00.000Z',
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header.startsWith('Date,Website,Type,Trigger,Status,Overall Score')).toBe(true);
    expect(row).toBe('2026-01-02T00:00:00.000Z,https://example.com,site,manual,completed,72,,,,,"Add ""FAQ"", please | Second"');
  });
});
