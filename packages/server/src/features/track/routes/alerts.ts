import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertListSchema, apiErrorSchema } from '@citable/contract';
import { notFound } from '../../../lib/http-error';
import { dismissAlert, listAlerts, markAlertRead, markAllAlertsRead } from '../alerts/alert-store';

const params = z.object({ id: z.string().max(100) });
const ok = z.object({ ok: z.literal(true) });
const errors = { 401: apiErrorSchema, 404: apiErrorSchema };

/** The alerts bell (spec 001 §2, §4): the 15 newest, read state and dismissal kept on the server. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/alerts', { config: { cachedRead: true }, schema: { response: { 200: alertListSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const alerts = await listAlerts(app.db, owner.ownerId);
    return { alerts, unread: alerts.filter((alert) => !alert.read).length };
  });

  app.post('/api/alerts/read-all', { schema: { response: { 200: ok, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    await markAllAlertsRead(app.db, owner.ownerId);
    return { ok: true as const };
  });

  app.post('/api/alerts/:id/read', { schema: { params, response: { 200: ok, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    if (!(await markAlertRead(app.db, owner.ownerId, request.params.id))) throw notFound();
    return { ok: true as const };
  });

  app.delete('/api/alerts/:id', { schema: { params, response: { 200: ok, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    if (!(await dismissAlert(app.db, owner.ownerId, request.params.id))) throw notFound();
    return { ok: true as const };
  });
};
