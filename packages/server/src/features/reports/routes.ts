import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  generateReportRequestSchema,
  generateReportResponseSchema,
  REPORT_CONTENT_TYPES,
  REPORT_MESSAGES,
  reportDocumentSchema,
  reportFileName,
  reportListItemSchema,
  reportListSchema,
  reportViewQuerySchema,
  type ReportFormat,
} from '@citable/contract';
import { requireArea } from '../billing';
import { HttpError, notFound } from '../../lib/http-error';
import type { reportGenerateJob } from './generate-job';
import { checkReportRequest } from './request-gates';
import { renderReport } from './render';
import { documentKey, reportKey, type ReportStorage } from './storage';
import { createReport, deleteReport, getReport, listReports, reportListItem } from './store';
import { storedConfig } from './stored-config';

export interface ReportRouteOptions {
  job: ReturnType<typeof reportGenerateJob>;
  storage: ReportStorage;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.strictObject({ id: z.string() });

/**
 * A viewed HTML report is the user's own data rendered by us, but it still gets the strictest
 * policy: no script at all, styles and images only inline, never framed, sandboxed.
 */
const REPORT_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/**
 * Advanced Reports (spec 002 §7.1, §7.2): generation queues a background job; the list, viewer and
 * delete are scoped to the session's user, so another user's report answers 404.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRouteOptions> = async (app, options) => {
  const { storage, job } = options;

  app.post(
    '/api/functions/generate-report',
    { preValidation: requireArea(app, 'reports'), schema: { body: generateReportRequestSchema, response: { 202: generateReportResponseSchema, ...errors } } },
    async (request, reply) => {
      const { userId, plan } = request.entitlement!;
      const body = request.body;
      const name = body.reportName.trim();
      if (name === '') throw new HttpError(400, { error: REPORT_MESSAGES.nameRequired });
      await checkReportRequest(app.db, userId, plan, body);
      const row = await createReport(app.db, userId, { name, type: body.reportType, format: body.format, config: storedConfig(body) });
      await app.jobs.send(job, { reportId: row.id, userId });
      return reply.status(202).send({ reportId: row.id, status: 'queued', downloadUrl: null, generatedAt: null });
    },
  );

  app.get('/api/reports', { schema: { response: { 200: reportListSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    return { reports: (await listReports(app.db, owner.ownerId)).map(reportListItem) };
  });

  app.get('/api/reports/:id', { schema: { params: idParams, response: { 200: reportListItemSchema, 401: apiErrorSchema, 404: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const row = await getReport(app.db, owner.ownerId, request.params.id);
    if (!row) throw notFound();
    return reportListItem(row);
  });

  app.get('/api/reports/:id/view', { schema: { params: idParams, querystring: reportViewQuerySchema } }, async (request, reply) => {
    const owner = await app.requireOwner(request);
    const row = await getReport(app.db, owner.ownerId, request.params.id);
    if (!row) throw notFound();
    if (row.status !== 'completed' || !row.storagePath) throw new HttpError(409, { error: REPORT_MESSAGES.notReady });
    const stored = row.format as ReportFormat;
    const format = request.query.format ?? stored;
    let file: Buffer | null;
    if (format === stored) file = await storage.get(row.storagePath);
    else {
      // Another format of the same data: rendered from the document kept at generation time.
      const document = await storage.get(documentKey(owner.ownerId, row.id));
      file = document === null ? null : await renderReport(reportDocumentSchema.parse(JSON.parse(document.toString('utf8'))), format);
    }
    if (file === null) throw new HttpError(404, { error: 'The report file is missing; generate the report again.' });
    const inline = format === 'html' && request.query.download === 'false';
    reply.header('content-type', REPORT_CONTENT_TYPES[format]);
    reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${reportFileName(row.id, format)}"`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    if (format === 'html') reply.header('content-security-policy', REPORT_HTML_CSP);
    return reply.send(file);
  });

  app.delete('/api/reports/:id', { schema: { params: idParams, response: { 200: z.object({ id: z.string() }), 401: apiErrorSchema, 404: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const row = await deleteReport(app.db, owner.ownerId, request.params.id);
    if (!row) throw notFound();
    const keys = new Set([reportKey(owner.ownerId, row.id, row.format), documentKey(owner.ownerId, row.id)]);
    for (const key of keys) {
      // The row is gone either way; a file left behind is only worth a log line (spec 002 §7.2).
      await storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, reportId: row.id, key }, 'report file not removed'));
    }
    return { id: row.id };
  });
};
