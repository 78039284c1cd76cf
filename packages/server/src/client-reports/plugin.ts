import fp from 'fastify-plugin';
import type { ReportStorage } from '../reports/storage';
import { rollupRoutes } from '../workspaces/rollup-routes';
import { shareLinkRoutes } from './share-links-routes';

export interface ClientReportsOptions {
  storage: ReportStorage;
  publicUrl: string;
}

/** Client reporting (issue #11): read-only share links to stored reports, and the agency's roll-up of its clients. */
export const clientReportsPlugin = fp<ClientReportsOptions>(
  async (app, options) => {
    await app.register(shareLinkRoutes, { storage: options.storage, publicUrl: options.publicUrl });
    await app.register(rollupRoutes);
  },
  { name: 'client-reports', dependencies: ['jobs', 'mail', 'auth', 'workspace-scope'] },
);
