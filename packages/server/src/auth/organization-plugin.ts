import { APIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins/organization';

/**
 * Workspaces are better-auth organizations: the plugin contributes the organization, member and
 * invitation tables (and session.active_organization_id). Its own HTTP endpoints
 * (/api/auth/organization/*) are NOT used: they implement better-auth's role model, under which
 * e.g. an admin may promote anyone to owner, a member may list every invitation, and anyone may
 * create organizations, none of which our owner/admin/member/client rules allow. So every
 * organization endpoint is refused (refuseOrganizationEndpoint runs in the auth before-hook) and
 * workspace data changes only through src/features/workspaces/routes.ts, which applies those rules.
 */
export function workspaceAuthPlugins() {
  return [organization({ allowUserToCreateOrganization: false })];
}

export function refuseOrganizationEndpoint(path: string): void {
  if (path === '/organization' || path.startsWith('/organization/')) {
    throw new APIError('NOT_FOUND', { message: 'Not found' });
  }
}
