import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, WORKSPACE_ROLES, type ReportTemplateId } from '@citable/contract';
import { assertEntitled, currentPlan } from '../billing';
import { HttpError } from '../../lib/http-error';
import { canSeeClient, clientNotFound, loadClientPrincipal, requireWorkspaceRole } from '../workspaces';
import { parseScheduleInput } from './schedule-rules';
import { getSchedule, saveSchedule } from './schedule-store';

const params = z.strictObject({ id: z.string().max(100), clientId: z.string().max(100) });
const scheduleSchema = z.object({
  clientId: z.string(),
  cadence: z.enum(['off', 'weekly', 'monthly']),
  recipients: z.array(z.string()),
  template: z.string(),
  format: z.enum(['pdf', 'html']),
  nextRunAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
});
const responses = { 200: z.object({ schedule: scheduleSchema }), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const WRITERS = ['owner', 'admin', 'member'] as const;

/** A client's scheduled report (issue #11): every role reads it (client role: shared clients only); owner, admin and member change it. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientOf = async (request: Parameters<typeof app.requireUser>[0], workspaceId: string, clientId: string, roles: readonly (typeof WORKSPACE_ROLES)[number][]) => {
    const access = await requireWorkspaceRole(app, request, workspaceId, roles);
    const client = await loadClientPrincipal(app.db, workspaceId, clientId);
    if (!client || !canSeeClient(access.membership, client.clientId)) throw clientNotFound();
    return { access, client };
  };

  app.get('/api/workspaces/:id/clients/:clientId/report-schedule', { schema: { params, response: responses } }, async (request) => {
    const { client } = await clientOf(request, request.params.id, request.params.clientId, WORKSPACE_ROLES);
    return { schedule: await getSchedule(app.db, client.clientId) };
  });

  // The body is checked by parseScheduleInput, so each mistake gets its own message.
  app.put('/api/workspaces/:id/clients/:clientId/report-schedule', { schema: { params, body: z.unknown(), response: responses } }, async (request) => {
    const { access, client } = await clientOf(request, request.params.id, request.params.clientId, WRITERS);
    const parsed = parseScheduleInput(request.body);
    if (!parsed.ok) throw new HttpError(400, { error: parsed.error });
    // The workspace's plan is its owner's: the template must be one that plan includes.
    assertEntitled(await currentPlan(app.db, access.workspace.ownerUserId), { reportTemplate: parsed.value.template as ReportTemplateId });
    return { schedule: await saveSchedule(app.db, client.clientId, parsed.value) };
  });
};
