import type { AuditHistoryItem } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScoreTrendCard } from './score-trend-card';

function audit(id: string, score: number, at: string, kind: AuditHistoryItem['kind'] = 'site', url = 'https://tea.example'): AuditHistoryItem {
  return { id, kind, website_url: url, overall_score: score, recommendations: [], page_count: 3, created_at: at, detail: 'full' };
}

const render = (audits: AuditHistoryItem[] | undefined) => renderToString(<ScoreTrendCard siteName="Lantern Tea" audits={audits} />).replace(/<!-- -->/g, '');

describe('ScoreTrendCard', () => {
  it('draws the comparable audits as an image named by its first and last score', () => {
    const html = render([
      audit('c', 71, '2026-11-26T14:05:00Z'),
      audit('p', 12, '2026-11-26T12:00:00Z', 'page', 'https://tea.example/about'),
      audit('b', 60, '2026-11-26T09:00:00Z'),
      audit('a', 52, '2026-11-20T09:00:00Z'),
    ]);
    expect(html).toMatch(/<svg role="img" aria-label="Score trend of Lantern Tea: 52 to 71 over 3 audits"/);
    expect(html).toContain('last 3 site audits');
    // One dot per comparable audit; the page audit is not one of them.
    expect(html.match(/border-primary-600/g)).toHaveLength(3);
    expect(html).toContain('+19');
    expect(html).not.toContain('score-trend-empty');
  });

  it('asks for another audit when there is only one', () => {
    const html = render([audit('a', 64, '2026-11-26T14:05:00Z')]);
    expect(html).toContain('Scored 64 so far. Audit again to see a trend.');
    expect(html).not.toContain('role="img"');
  });

  it('says there is no audit yet when there is none, and waits while they load', () => {
    expect(render([])).toContain('No audits yet: your first one starts the trend.');
    expect(render(undefined)).toBe('');
  });
});
