// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkspaceClient, WorkspaceSummary } from '@citable/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { setClientId } from '../../../lib/client-scope';
import { ClientSwitcher } from './client-switcher';

const USER = { id: 'user-1', email: 'olive@example.com', name: 'Olive Agency', emailVerified: true };
const WORKSPACE: WorkspaceSummary = { id: 'ws-1', name: 'Olive Digital', role: 'owner', requireTwoFactor: false };
const CLIENTS: WorkspaceClient[] = [
  { id: '0b6f2f0e-4b7c-4d8e-9d3a-0a1b2c3d4e5f', name: 'Cedar Law', primaryUrl: 'https://cedar-law.example.org', createdAt: '2026-11-22T10:00:00Z' },
  { id: '9c1e7a55-2d3f-4a6b-8c9d-aabbccddeeff', name: 'Birch Dental', primaryUrl: null, createdAt: '2026-11-22T10:00:00Z' },
];

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

/**
 * The switcher over a cache that already holds the session, the workspaces and the clients,
 * rendered in the browser (the pre-render is always signed out, so the session only shows there).
 */
function render(workspaces: WorkspaceSummary[], clients: WorkspaceClient[] = CLIENTS): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['session'], USER);
  queryClient.setQueryData(['workspaces', USER.id], workspaces);
  if (workspaces[0]) queryClient.setQueryData(['workspace', workspaces[0].id, 'clients'], clients);
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <ClientSwitcher />
      </QueryClientProvider>,
    ),
  );
  unmount = () => act(() => root.unmount());
  return container.innerHTML;
}

describe('ClientSwitcher', () => {
  it('is not shown to someone without a workspace', () => {
    expect(render([])).toBe('');
  });

  it('is a labelled combobox showing the current choice, with a polite live region for the change', () => {
    const html = render([WORKSPACE]);
    expect(html).toMatch(/<button[^>]*role="combobox"[^>]*aria-label="Client: My account"/);
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toContain('My account');
    expect(html).toMatch(/<span role="status" aria-live="polite"[^>]*data-testid="client-switcher-status"/);
  });

  it("names the client shown in its accessible name", () => {
    setClientId(CLIENTS[0]!.id);
    const html = render([WORKSPACE]);
    expect(html).toMatch(/<button[^>]*role="combobox"[^>]*aria-label="Client: Cedar Law"/);
    setClientId(null);
  });

  it('is shown to a member of a workspace even before any client is shared', () => {
    const html = render([{ ...WORKSPACE, role: 'client' }], []);
    expect(html).toContain('data-testid="client-switcher"');
  });
});
