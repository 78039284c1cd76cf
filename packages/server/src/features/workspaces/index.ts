export { canSeeClient, clientNotFound, loadClientPrincipal, requireWorkspaceRole, workspacePrincipalIds } from './access';
export { countWorkspaceRunsSince, enforceWorkspaceSiteCaps } from './caps';
export { workspacesPlugin } from './plugin';
export { rollupRoutes } from './rollup-routes';
export { workspaceClients, workspaceSettings } from './schema';
export { scopePlugin } from './scope';
