import type { FastifyPluginAsync } from 'fastify';
import { billingRoutes } from './routes';
import type { BillingConfig } from '../../settings/billing';
import { createProvider } from './provider';
import { routeProviderApi } from './provider-route';
import { billingReconcileJob } from './reconcile-job';

export interface BillingPluginOptions {
  config: BillingConfig;
  publicUrl: string;
  isProduction: boolean;
}

/** Billing: the provider client (when an API key is set), its daily reconciliation job and the routes. */
export const billingPlugin: FastifyPluginAsync<BillingPluginOptions> = async (app, options) => {
  if (options.config.apiUrl) routeProviderApi(options.config.apiUrl);
  const provider = options.config.apiKey ? createProvider(options.config.apiKey) : null;
  if (provider) await app.jobs.define(billingReconcileJob({ db: app.db, config: options.config, provider, log: app.log }));
  await app.register(billingRoutes, { config: options.config, provider, publicUrl: options.publicUrl, isProduction: options.isProduction });
};
