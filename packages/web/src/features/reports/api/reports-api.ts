import { REPORT_MESSAGES, reportFileName, reportViewUrl, type GenerateReportRequest, type GenerateReportResponse, type ReportFormat, type ReportListItem, type ReportShareLink } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';
import { scopeHeaders } from '../../../lib/client-scope';

export const generateReport = (input: GenerateReportRequest) => apiClient.post<GenerateReportResponse>('/api/functions/generate-report', input);

export async function fetchReports(signal?: AbortSignal): Promise<ReportListItem[]> {
  return (await apiClient.get<{ reports: ReportListItem[] }>('/api/reports', { signal })).reports;
}

export const fetchReport = (id: string, signal?: AbortSignal) => apiClient.get<ReportListItem>(`/api/reports/${encodeURIComponent(id)}`, { signal });

export const deleteReport = (id: string) => apiClient.delete<{ id: string }>(`/api/reports/${encodeURIComponent(id)}`);

/** The viewer's failure in the spec's words: no session, or the response's status text. */
function accessError(response: Response): Error {
  if (response.status === 401) return new Error(REPORT_MESSAGES.authRequired);
  return new Error(REPORT_MESSAGES.accessFailed(response.statusText || String(response.status)));
}

/** The report file in a format, as the browser will save it (spec 002 §7.1 report-viewer). */
export async function fetchReportFile(id: string, format: ReportFormat): Promise<{ blob: Blob; fileName: string }> {
  // Raw fetch for the file, so the selected client's scope is added here as apiClient would.
  const response = await fetch(reportViewUrl(id, format, true), { credentials: 'include', headers: scopeHeaders() });
  if (!response.ok) throw accessError(response);
  return { blob: await response.blob(), fileName: reportFileName(id, format) };
}

/**
 * Checks the HTML view answers before a tab is opened on it: the tab loads the server's URL
 * itself, so the page keeps the viewer's strict Content-Security-Policy.
 */
export async function checkReportView(id: string): Promise<string> {
  const url = reportViewUrl(id, 'html', false);
  const response = await fetch(url, { method: 'HEAD', credentials: 'include', headers: scopeHeaders() });
  if (!response.ok) throw accessError(response);
  return url;
}

/** A read-only link to a report; `url` only on creation, since the server keeps the token's hash alone. */
export type ShareLink = Omit<ReportShareLink, 'url'> & { url: string | null };

export const sharesKey = (reportId: string) => ['reports', reportId, 'shares'] as const;

export async function fetchShares(reportId: string, signal?: AbortSignal): Promise<ShareLink[]> {
  return (await apiClient.get<{ shares: ShareLink[] }>(`/api/reports/${encodeURIComponent(reportId)}/shares`, { signal })).shares;
}

export async function createShare(reportId: string, expiresInDays: number): Promise<ShareLink> {
  return (await apiClient.post<{ share: ShareLink }>(`/api/reports/${encodeURIComponent(reportId)}/share`, { expiresInDays })).share;
}

export const revokeShare = (shareId: string) => apiClient.delete<void>(`/api/report-shares/${encodeURIComponent(shareId)}`);
