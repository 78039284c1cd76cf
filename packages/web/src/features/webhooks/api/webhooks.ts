import type { WebhookAttempt, WebhookAttemptList, WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointCreateRequest, WebhookEndpointList, WebhookEndpointUpdateRequest, WebhookTestResult } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;
// Not under WEBHOOKS_QUERY_KEY: refreshing the list must not refetch the log of an endpoint just deleted.
export const webhookAttemptsQueryKey = (id: string) => ['webhook-attempts', id] as const;

// A test waits for the receiver, which may take its full 10 s: the call gets more than that.
const TEST_TIMEOUT_MS = 20_000;

export const listWebhooks = () => apiClient.get<WebhookEndpointList>('/api/webhooks').then((list) => list.endpoints);
export const createWebhook = (body: WebhookEndpointCreateRequest) => apiClient.post<WebhookEndpointCreated>('/api/webhooks', body);
export const updateWebhook = (id: string, body: WebhookEndpointUpdateRequest) => apiClient.patch<WebhookEndpoint>(`/api/webhooks/${id}`, body);
export const deleteWebhook = (id: string) => apiClient.delete<void>(`/api/webhooks/${id}`);
export const listWebhookAttempts = (id: string) => apiClient.get<WebhookAttemptList>(`/api/webhooks/${id}/attempts`).then((list) => list.attempts);
export const sendWebhookTest = (id: string) => apiClient.post<WebhookTestResult>(`/api/webhooks/${id}/test`, undefined, { timeoutMs: TEST_TIMEOUT_MS }).then((result) => result.attempt);

export type { WebhookAttempt, WebhookEndpoint, WebhookEndpointCreated };
