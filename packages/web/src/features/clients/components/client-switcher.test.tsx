import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkspaceClient, WorkspaceSummary } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientSwitcher } from './client-switcher';

const USER = { id: 'user-1', email: 'olive@example.com', name: 'Olive Agency', emailVerified: true };
const WORKSPACE: WorkspaceSummary = { id: 'ws-1', name: 'Olive Digital', role: 'owner', requireTwoFactor: false };
const CLIENTS: WorkspaceClient[] = [
  { id: '0b6f2f0e-4b7c-4d8e-9d3a-0a1b2c3d4e5f', name: 'Cedar Law', primaryUrl: 'https://cedar-law.example.org', createdAt: '2026-11-22T10:00:00Z' },
  { id: '9c1e7a55-2d3f-4a6b-8c9d-aabbccddeeff', name: 'Birch Dental', primaryUrl: null, createdAt: '2026-11-22T10:00:00Z' },
];

/** The switcher over a cache that already holds the session, the workspaces and the clients. */
function render(workspaces: WorkspaceSummary[], clients: WorkspaceClient[] = CLIENTS): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['session'], USER);
  queryClient.setQueryData(['workspaces', USER.id], workspaces);
  if (workspaces[0]) queryClient.setQueryData(['workspace', workspaces[0].id, 'clients'], clients);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <ClientSwitcher />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('ClientSwitcher', () => {
  it('is not shown to someone without a workspace', () => {
    expect(render([])).toBe('');
  });

  it('is a labelled combobox showing the current choice, with a polite live region for the change', () => {
    const html = render([WORKSPACE]);
    expect(html).toMatch(/<button[^>]*role="combobox"[^>]*aria-label="Viewing client"/);
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toContain('My account');
    expect(html).toMatch(/<span role="status" aria-live="polite"[^>]*data-testid="client-switcher-status"/);
  });

  it('is shown to a member of a workspace even before any client is shared', () => {
    const html = render([{ ...WORKSPACE, role: 'client' }], []);
    expect(html).toContain('data-testid="client-switcher"');
  });
});
