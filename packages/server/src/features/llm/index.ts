export type { LlmCallContext, LlmClient } from './client';
export { LlmError } from './errors';
export { llmPlugin } from './plugin';
export { llmRoutes } from './routes';
