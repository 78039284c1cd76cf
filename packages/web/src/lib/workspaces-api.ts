import type { WorkspaceClient, WorkspaceSummary } from '@citable/contract';
import { apiClient } from './api-client';

/**
 * Workspace reads that several screens share (the switcher, Team settings, the Clients section,
 * the invitation page). Screen-specific calls live in their feature's api folder.
 */
export const workspaceKeys = {
  list: ['workspaces'] as const,
  /** Everything of one workspace starts here, so one invalidation refreshes it all. */
  root: (workspaceId: string) => ['workspace', workspaceId] as const,
  clients: (workspaceId: string) => ['workspace', workspaceId, 'clients'] as const,
};

export async function fetchWorkspaces(signal?: AbortSignal): Promise<WorkspaceSummary[]> {
  return (await apiClient.get<{ workspaces: WorkspaceSummary[] }>('/api/workspaces', { signal })).workspaces;
}

export async function fetchWorkspaceClients(workspaceId: string, signal?: AbortSignal): Promise<WorkspaceClient[]> {
  return (await apiClient.get<{ clients: WorkspaceClient[] }>(`/api/workspaces/${encodeURIComponent(workspaceId)}/clients`, { signal })).clients;
}

export const workspacePath = (workspaceId: string, rest = '') => `/api/workspaces/${encodeURIComponent(workspaceId)}${rest}`;
