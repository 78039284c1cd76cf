import type { AuditHistoryItem } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecentAudits } from './recent-audits';

const item = (id: string, kind: AuditHistoryItem['kind'], url: string | null, pages: number, score: number): AuditHistoryItem => ({
  id,
  kind,
  website_url: url,
  overall_score: score,
  recommendations: [],
  page_count: pages,
  created_at: '2026-11-20T10:00:00Z',
  detail: 'full',
});

describe('RecentAudits', () => {
  it('labels a page audit as a page audit, a site audit with its pages, and pasted content as such', () => {
    const html = renderToString(
      <RecentAudits
        audits={[item('p', 'page', 'https://tea.example/faq', 1, 81), item('s', 'site', 'https://tea.example/', 4, 66), item('c', 'content', null, 1, 40)]}
        selectedId="s"
        onSelect={() => undefined}
      />,
    ).replace(/<!-- -->/g, '');
    const labels = [...html.matchAll(/<span class="block truncate[^"]*">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(labels).toEqual(['Page audit of https://tea.example/faq', 'https://tea.example/ (4 pages)', 'Pasted content']);
  });
});
