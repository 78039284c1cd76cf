import type {
  AuditFunctionResponse,
  CmsFunctionResponse,
  CmsItemContent,
  CmsListResponse,
  CmsSyncedItem,
  ConnectableCmsType,
  ContentfulIntegrationRequest,
  DrupalIntegrationRequest,
  ShopifyIntegrationRequest,
  WebflowIntegrationRequest,
  WordpressIntegrationRequest,
} from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

// Connecting, publishing and syncing wait on the user's own site, which can be slow.
const SITE_TIMEOUT_MS = 60_000;

export const fetchIntegrations = (signal?: AbortSignal) => apiClient.get<CmsListResponse>('/api/cms', { signal });

export type CmsAction =
  | { type: 'wordpress'; body: WordpressIntegrationRequest }
  | { type: 'shopify'; body: ShopifyIntegrationRequest }
  | { type: 'webflow'; body: WebflowIntegrationRequest }
  | { type: 'contentful'; body: ContentfulIntegrationRequest }
  | { type: 'drupal'; body: DrupalIntegrationRequest };

/** Sync and disconnect take no fields, so one call serves every CMS. */
export function bareAction(type: ConnectableCmsType, action: 'sync' | 'disconnect'): CmsAction {
  return { type, body: { action } } as CmsAction;
}

export function runCmsAction({ type, body }: CmsAction): Promise<CmsFunctionResponse> {
  return apiClient.post<CmsFunctionResponse>(`/api/functions/${type}-integration`, body, { timeoutMs: SITE_TIMEOUT_MS });
}

export const deleteIntegration = (id: string) => apiClient.delete<{ success: true }>(`/api/cms/${id}`);

export const fetchSyncedItems = (integrationId: string, signal?: AbortSignal) => apiClient.get<{ items: CmsSyncedItem[] }>(`/api/cms/${integrationId}/items`, { signal });

export const fetchSyncedItem = (itemId: string) => apiClient.get<CmsItemContent>(`/api/cms/items/${itemId}`);

/** The content audit on a synced post's or product's HTML (the audit function's content mode). */
export async function auditSyncedItem(itemId: string): Promise<AuditFunctionResponse> {
  const item = await fetchSyncedItem(itemId);
  return apiClient.post<AuditFunctionResponse>('/api/functions/ai-visibility-audit', { content: item.content || `<h1>${item.title}</h1>` }, { timeoutMs: SITE_TIMEOUT_MS });
}
