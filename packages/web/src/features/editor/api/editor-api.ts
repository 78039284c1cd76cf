import type { ContentOptimizerRequest, ContentOptimizerResult, RealtimeAnalysisRequest, RealtimeAnalysisResponse } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

/** A model rewrite of a long article can take a minute: longer than the 10 s of ordinary calls. */
const OPTIMIZE_TIMEOUT_MS = 90_000;

/** The AI Content Optimizer's server function; it records `content_optimized` itself. */
export function optimizeContent(body: ContentOptimizerRequest): Promise<ContentOptimizerResult> {
  return apiClient.post<ContentOptimizerResult>('/api/functions/content-optimizer', body, { timeoutMs: OPTIMIZE_TIMEOUT_MS });
}

/**
 * The server's run of the same analysis. The editor shows its own, in-browser result; this call is
 * how an analysis is recorded as `content_analyzed`, with the score the server computes.
 */
export function recordAnalysis(body: RealtimeAnalysisRequest): Promise<RealtimeAnalysisResponse> {
  return apiClient.post<RealtimeAnalysisResponse>('/api/functions/real-time-content-analysis', body);
}
