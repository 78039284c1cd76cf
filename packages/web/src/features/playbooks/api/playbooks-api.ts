import type { CustomPlaybookResponse, PlaybooksResponse, StepCompleteResponse } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const fetchPlaybooks = () => apiClient.get<PlaybooksResponse>('/api/playbooks');

export const completeStep = (playbookId: string, stepId: string) =>
  apiClient.post<StepCompleteResponse>(`/api/playbooks/${encodeURIComponent(playbookId)}/steps/${encodeURIComponent(stepId)}/complete`);

export const createCustomPlaybook = () => apiClient.post<CustomPlaybookResponse>('/api/playbooks/custom');
