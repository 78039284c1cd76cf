import type { FeedbackRequest, FeedbackResponse } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export const submitFeedback = (body: FeedbackRequest) => apiClient.post<FeedbackResponse>('/api/feedback', body);
