import fp from 'fastify-plugin';
import { workspaceRoutes, type WorkspaceRouteOptions } from './routes';

/** Agency workspaces (issue #11): team, invitations and clients. requireOwner comes from scopePlugin. */
export const workspacesPlugin = fp<WorkspaceRouteOptions>(
  async (app, options) => {
    await app.register(workspaceRoutes, options);
  },
  { name: 'workspaces', dependencies: ['auth', 'db', 'mail', 'workspace-scope'] },
);
