import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  createClientSchema,
  createInvitationSchema,
  createWorkspaceSchema,
  updateClientSchema,
  updateMemberSchema,
  updateWorkspaceSchema,
  WORKSPACE_ERRORS,
  TWO_FACTOR_REQUIRED_CODE,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@citable/contract';
import { assertEntitled, currentPlan } from '../billing';
import { HttpError } from '../../lib/http-error';
import type { ReportStorage } from '../reports';
import { clientNotFound, hasTwoFactor, type WorkspaceRecord, loadClientPrincipal, requireWorkspaceRole, visibleClientPrincipals } from './access';
import { enforceNewClientCaps } from './caps';
import { noticeDisabledEndpoints } from './departure-notice';
import { createClient, deleteClient, renameClient, toWorkspaceClients } from './clients';
import { acceptInvitation, createInvitation, invitationEmail, listInvitations, previewInvitation, revokeInvitation, validateSharing } from './invitations';
import { listMembers, removeMember, updateMember } from './members';
import { createWorkspace, deleteWorkspace, listWorkspaces, updateWorkspace } from './workspaces';

export interface WorkspaceRouteOptions {
  secret: string;
  publicUrl: string;
  reportStorage: ReportStorage;
  /** The clock invitations are checked against; tests inject one. */
  now?: () => Date;
}

const MANAGERS = ['owner', 'admin'] as const;
const TEAM = ['owner', 'admin', 'member'] as const;
const ANY_ROLE = WORKSPACE_ROLES;

const workspaceParams = z.object({ id: z.string().min(1).max(100) });
const memberParams = workspaceParams.extend({ memberId: z.string().min(1).max(100) });
const invitationParams = workspaceParams.extend({ invitationId: z.string().min(1).max(100) });
const clientParams = workspaceParams.extend({ clientId: z.string().min(1).max(100) });
const previewQuery = z.object({ token: z.string().min(1).max(2000) });

const summary = (workspace: WorkspaceRecord, role: WorkspaceRole) => ({ id: workspace.id, name: workspace.name, role, requireTwoFactor: workspace.requireTwoFactor });

/** The workspace, team and client routes of issue #11; the HTTP contract is in @citable/contract workspaces.ts. */
export const workspaceRoutes: FastifyPluginAsyncZod<WorkspaceRouteOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const invitationDeps = { db: app.db, secret: options.secret, publicUrl: options.publicUrl };
  // Access is checked before the body is validated, so a non-member learns nothing about a
  // workspace's routes from validation errors (404 whatever the body; the hostile suite checks it).
  const accessFirst = (allowed: readonly WorkspaceRole[], skipTwoFactor = false) => ({
    preValidation: async (request: FastifyRequest) => {
      await requireWorkspaceRole(app, request, String((request.params as { id?: unknown }).id ?? ''), allowed, { skipTwoFactor });
    },
  });

  app.get('/api/workspaces', async (request) => {
    const user = await app.requireUser(request);
    return { workspaces: await listWorkspaces(app.db, user.id) };
  });

  app.post('/api/workspaces', { schema: { body: createWorkspaceSchema } }, async (request, reply) => {
    const user = await app.requireUser(request);
    assertEntitled(await currentPlan(app.db, user.id), { plan: 'agency' });
    const workspace = await createWorkspace(app.db, user.id, request.body.name, now());
    return reply.status(201).send({ workspace });
  });

  app.patch('/api/workspaces/:id', { ...accessFirst(WORKSPACE_ROLES, true), schema: { params: workspaceParams, body: updateWorkspaceSchema } }, async (request) => {
    const { body } = request;
    // Turning the requirement off must stay possible for an owner who lost their second factor.
    const access = await requireWorkspaceRole(app, request, request.params.id, body.requireTwoFactor !== undefined ? ['owner'] : MANAGERS, { skipTwoFactor: body.requireTwoFactor === false });
    if (body.requireTwoFactor === true && !(await hasTwoFactor(app.db, access.user.id))) throw new HttpError(400, { error: WORKSPACE_ERRORS.ownerNeedsTwoFactor });
    const workspace = await updateWorkspace(app.db, access.workspace, body);
    return { workspace: summary(workspace, access.membership.role) };
  });

  // Owner only: deletes every client's data with it (see deleteWorkspace).
  app.delete('/api/workspaces/:id', { schema: { params: workspaceParams } }, async (request, reply) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, ['owner']);
    await deleteWorkspace(app.db, access.workspace.id, options.reportStorage, request.log);
    return reply.status(204).send();
  });

  app.get('/api/workspaces/:id/members', { schema: { params: workspaceParams } }, async (request) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, TEAM);
    return { members: await listMembers(app.db, access.workspace.id), invitations: await listInvitations(app.db, access.workspace.id, now()) };
  });

  app.post('/api/workspaces/:id/invitations', { ...accessFirst(MANAGERS), schema: { params: workspaceParams, body: createInvitationSchema } }, async (request, reply) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    const clientIds = await validateSharing(app.db, access.workspace.id, request.body.role, request.body.clientIds);
    const created = await createInvitation(invitationDeps, access.workspace, access.user.id, { email: request.body.email, role: request.body.role, clientIds }, now());
    await app.mailer.send(invitationEmail(request.body.email, access.user.name, access.workspace.name, created.link));
    return reply.status(201).send(created);
  });

  app.delete('/api/workspaces/:id/invitations/:invitationId', { schema: { params: invitationParams } }, async (request, reply) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    await revokeInvitation(app.db, access.workspace.id, request.params.invitationId);
    return reply.status(204).send();
  });

  // No session needed: the invite page shows who invites whom before sign-in or sign-up.
  app.get('/api/invitations/preview', { schema: { querystring: previewQuery } }, async (request) => previewInvitation(invitationDeps, request.query.token, now()));

  app.post('/api/invitations/accept', { schema: { body: acceptInvitationSchema } }, async (request) => {
    const user = await app.requireUser(request);
    const { workspaceId } = await acceptInvitation(invitationDeps, user, request.body.token, now());
    const workspace = (await listWorkspaces(app.db, user.id)).find((entry) => entry.id === workspaceId);
    if (!workspace) throw new HttpError(404, { error: WORKSPACE_ERRORS.workspaceNotFound });
    return { workspace };
  });

  app.patch('/api/workspaces/:id/members/:memberId', { ...accessFirst(MANAGERS), schema: { params: memberParams, body: updateMemberSchema } }, async (request) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    return { member: await updateMember(app.db, access.workspace.id, request.params.memberId, request.body) };
  });

  app.delete('/api/workspaces/:id/members/:memberId', { schema: { params: memberParams } }, async (request, reply) => {
    // Leaving needs no second factor: requiring one to get out of a workspace would trap people.
    const access = await requireWorkspaceRole(app, request, request.params.id, ANY_ROLE, { skipTwoFactor: true });
    if (access.workspace.requireTwoFactor && request.params.memberId !== access.membership.memberId && !(await hasTwoFactor(app.db, access.user.id))) {
      throw new HttpError(403, { error: WORKSPACE_ERRORS.twoFactorRequired, code: TWO_FACTOR_REQUIRED_CODE });
    }
    const removed = await removeMember(app.db, access.membership, request.params.memberId);
    await noticeDisabledEndpoints({ db: app.db, mailer: app.mailer, publicUrl: options.publicUrl, log: request.log }, access.workspace, removed);
    return reply.status(204).send();
  });

  app.get('/api/workspaces/:id/clients', { schema: { params: workspaceParams } }, async (request) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, ANY_ROLE);
    return { clients: await toWorkspaceClients(app.db, await visibleClientPrincipals(app.db, access.membership)) };
  });

  app.post('/api/workspaces/:id/clients', { ...accessFirst(MANAGERS), schema: { params: workspaceParams, body: createClientSchema } }, async (request, reply) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    // The workspace's plan is its owner's: a downgraded agency keeps its clients but adds no more.
    const plan = await currentPlan(app.db, access.workspace.ownerUserId);
    assertEntitled(plan, { plan: 'agency' });
    const competitors = [...new Set(request.body.competitors ?? [])];
    await enforceNewClientCaps(app.db, access.workspace.ownerUserId, plan, { websites: 1, competitors: competitors.length });
    const client = await createClient(app.db, access.workspace.id, { ...request.body, competitors }, now());
    return reply.status(201).send({ client });
  });

  app.patch('/api/workspaces/:id/clients/:clientId', { ...accessFirst(MANAGERS), schema: { params: clientParams, body: updateClientSchema } }, async (request) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    const client = await loadClientPrincipal(app.db, access.workspace.id, request.params.clientId);
    if (!client) throw clientNotFound();
    await renameClient(app.db, client, request.body.name);
    const [renamed] = await toWorkspaceClients(app.db, [{ ...client, name: request.body.name }]);
    return { client: renamed };
  });

  app.delete('/api/workspaces/:id/clients/:clientId', { schema: { params: clientParams } }, async (request, reply) => {
    const access = await requireWorkspaceRole(app, request, request.params.id, MANAGERS);
    const client = await loadClientPrincipal(app.db, access.workspace.id, request.params.clientId);
    if (!client) throw clientNotFound();
    await deleteClient(app.db, client, options.reportStorage, request.log);
    return reply.status(204).send();
  });
};
