import type { ApiKey, ApiKeyCreated, ApiKeyList } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

export const listApiKeys = () => apiClient.get<ApiKeyList>('/api/api-keys').then((list) => list.keys);
export const createApiKey = (name: string) => apiClient.post<ApiKeyCreated>('/api/api-keys', { name });
export const revokeApiKey = (id: string) => apiClient.delete<void>(`/api/api-keys/${id}`);

export type { ApiKey, ApiKeyCreated };
