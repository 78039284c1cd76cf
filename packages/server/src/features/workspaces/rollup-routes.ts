import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, WORKSPACE_ROLES } from '@citable/contract';
import { requireWorkspaceRole, visibleClientPrincipals } from './access';
import { buildRollup, ROLLUP_SORTS, sortRollup } from './rollup';
import { rollupCsv, rollupCsvFileName } from './rollup-csv';

const params = z.strictObject({ id: z.string().max(100) });
const query = z.strictObject({ sort: z.enum(ROLLUP_SORTS).default('name'), dir: z.enum(['asc', 'desc']).default('asc') });

const rollupRowSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  latestScore: z.number().nullable(),
  previousScore: z.number().nullable(),
  change: z.number().nullable(),
  lastAuditAt: z.string().nullable(),
  openAlerts: z.number().int(),
  scoreNote: z.string().nullable(),
  changeNote: z.string().nullable(),
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The agency's roll-up (issue #11): every client it may see with its score (latest site audit), its
 * like-for-like change and open alerts. Every role reads it; the client role sees only the clients shared with it.
 */
export const rollupRoutes: FastifyPluginAsyncZod = async (app) => {
  const rows = async (request: Parameters<typeof app.requireUser>[0], workspaceId: string, sort: z.infer<typeof query>['sort'], dir: z.infer<typeof query>['dir']) => {
    const { membership } = await requireWorkspaceRole(app, request, workspaceId, WORKSPACE_ROLES);
    return sortRollup(await buildRollup(app.db, await visibleClientPrincipals(app.db, membership)), sort, dir);
  };

  app.get('/api/workspaces/:id/rollup', { schema: { params, querystring: query, response: { 200: z.object({ rows: z.array(rollupRowSchema) }), ...errors } } }, async (request) => {
    return { rows: await rows(request, request.params.id, request.query.sort, request.query.dir) };
  });

  app.get('/api/workspaces/:id/rollup.csv', { schema: { params, querystring: query } }, async (request, reply) => {
    const csv = rollupCsv(await rows(request, request.params.id, request.query.sort, request.query.dir));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${rollupCsvFileName(new Date())}"`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(csv);
  });
};
