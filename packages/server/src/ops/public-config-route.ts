import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, publicConfigSchema, type PublicConfig } from '@citable/contract';

/** What the web app needs to know about this deployment before anyone signs in. */
export const configRoutes: FastifyPluginAsyncZod<{ nodeEnv: string; devOutbox: boolean; billingConfigured: boolean }> = async (app, options) => {
  const environment: PublicConfig['environment'] = options.nodeEnv === 'production' || options.nodeEnv === 'test' ? options.nodeEnv : 'development';
  const body: PublicConfig = {
    billingConfigured: options.billingConfigured,
    environment,
    devOutbox: options.devOutbox,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    passwordMaxLength: PASSWORD_MAX_LENGTH,
    llm: app.llm.publicConfig(),
  };
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => body);
};
