import type { ClientReportSchedule, CreateClientBody, RollupRow, WorkspaceClient } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';
import { workspacePath } from '../../../lib/workspaces-api';

export const rollupKey = (workspaceId: string) => ['workspace', workspaceId, 'rollup'] as const;
export const scheduleKey = (workspaceId: string, clientId: string) => ['workspace', workspaceId, 'schedule', clientId] as const;

export async function fetchRollup(workspaceId: string, signal?: AbortSignal): Promise<RollupRow[]> {
  return (await apiClient.get<{ rows: RollupRow[] }>(workspacePath(workspaceId, '/rollup'), { signal })).rows;
}

/** The CSV export: a plain link, since the browser saves the attachment with the session cookie. */
export const rollupCsvUrl = (workspaceId: string) => workspacePath(workspaceId, '/rollup.csv');

export async function createClient(workspaceId: string, body: CreateClientBody): Promise<WorkspaceClient> {
  return (await apiClient.post<{ client: WorkspaceClient }>(workspacePath(workspaceId, '/clients'), body)).client;
}

export async function fetchSchedule(workspaceId: string, clientId: string, signal?: AbortSignal): Promise<ClientReportSchedule> {
  return (await apiClient.get<{ schedule: ClientReportSchedule }>(workspacePath(workspaceId, `/clients/${encodeURIComponent(clientId)}/report-schedule`), { signal })).schedule;
}

export type ScheduleInput = Pick<ClientReportSchedule, 'cadence' | 'recipients' | 'template' | 'format'>;

export async function saveSchedule(workspaceId: string, clientId: string, body: ScheduleInput): Promise<ClientReportSchedule> {
  return (await apiClient.put<{ schedule: ClientReportSchedule }>(workspacePath(workspaceId, `/clients/${encodeURIComponent(clientId)}/report-schedule`), body)).schedule;
}

/** Deletes the client and, with its data principal, every record of its (owner and admin only). */
export const deleteClient = (workspaceId: string, clientId: string) => apiClient.delete<void>(workspacePath(workspaceId, `/clients/${encodeURIComponent(clientId)}`));
