export { loadAiSdk } from './ai-sdk';
export type { LlmCallContext, LlmClient } from './client';
export { LlmError } from './errors';
export { llmPlugin } from './plugin';
export { decideRetry, sleep } from './retry';
export { llmRoutes } from './routes';
export { dbUsageStore, monthlyLlmUsage, monthlySearchUsage, type LlmUsageStore } from './usage';
