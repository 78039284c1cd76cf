import type { WhiteLabelResponse, WhiteLabelUpdate } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const fetchWhiteLabel = (signal?: AbortSignal) => apiClient.get<WhiteLabelResponse>('/api/white-label', { signal });

export const saveWhiteLabel = (settings: WhiteLabelUpdate) => apiClient.put<WhiteLabelResponse>('/api/white-label', settings);
