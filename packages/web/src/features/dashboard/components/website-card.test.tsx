import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MonitoredSites, Profile } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UiStateProvider } from '../../../stores/ui-state';
import { WebsiteCard } from './website-card';

const USER_ID = 'user-1';
const PROFILE = {
  industry: 'Food & Beverage',
  websites: [{ name: 'Intranet', url: 'http://10.0.0.1/' }],
  competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }],
} as Profile;

/** The card over a cache that already holds the monitoring answer. */
function render(monitoring: MonitoredSites): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['monitoring-sites', USER_ID], monitoring);
  return renderToString(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <UiStateProvider>
          <WebsiteCard userId={USER_ID} profile={PROFILE} />
        </UiStateProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');
}

describe('WebsiteCard', () => {
  it('says under a site why its latest scheduled audit failed, in a status line', () => {
    const html = render({
      sites: [
        { url: 'http://10.0.0.1/', role: 'website', lastRunAt: '2026-01-01T00:00:00.000Z', nextRunAt: '2026-01-08T00:00:00.000Z', failure: '10.0.0.1 is a private address and cannot be audited' },
        { url: 'https://kettle.example.com', role: 'competitor', lastRunAt: '2026-01-01T00:00:00.000Z', nextRunAt: '2026-01-08T00:00:00.000Z', failure: null },
      ],
    });
    expect(html.match(/data-testid="monitoring-failure"/g)).toHaveLength(1);
    expect(html).toMatch(/<p role="status"[^>]*>.*Monitoring could not audit this site: 10\.0\.0\.1 is a private address and cannot be audited/);
    expect(html).toContain('Next check:');
  });

  it('adds nothing while monitoring goes well', () => {
    const html = render({ sites: [{ url: 'http://10.0.0.1/', role: 'website', lastRunAt: null, nextRunAt: null, failure: null }] });
    expect(html).not.toContain('Monitoring could not audit');
    expect(html).not.toContain('role="status"');
    expect(html).toContain('Kettle Co');
  });
});
