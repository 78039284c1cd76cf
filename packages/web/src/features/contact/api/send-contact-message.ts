import type { ContactRequest } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export function sendContactMessage(request: ContactRequest): Promise<{ ok: true }> {
  return apiClient.post<{ ok: true }>('/api/contact', request);
}
