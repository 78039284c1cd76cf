import fp from 'fastify-plugin';
import { createLlmClient, type LlmClient } from './client';
import type { LlmSettings } from '../../settings/llm';
import { dbUsageStore } from './usage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The LLM provider layer; `configured: false` when LLM_PROVIDER is not set. */
    llm: LlmClient;
  }
}

/** One client for the app's lifetime, charging usage to the database. Needs the db plugin. */
export const llmPlugin = fp<{ settings: LlmSettings | null }>(
  async (app, options) => {
    app.decorate('llm', createLlmClient({ settings: options.settings, usage: dbUsageStore(app.db) }));
  },
  { name: 'llm', dependencies: ['db'] },
);
