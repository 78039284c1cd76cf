import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, REPORT_CONTENT_TYPES, REPORT_MESSAGES, reportFileName, type ReportFormat } from '@citable/contract';
import { HttpError, notFound } from '../../lib/http-error';
import { type ReportStorage, getReport } from '../reports';
import { shareProblemPage } from './shared-report-page';
import { createShare, listShares, resolveShare, revokeShare, shareUrl, SHARE_EXPIRY_DAYS, toShareLink } from './share-links-store';

export interface ShareLinkRouteOptions {
  storage: ReportStorage;
  publicUrl: string;
}

export const shareLinkSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  /** The link, returned once at creation; null in lists (only the token's hash is stored). */
  url: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});

const createBody = z
  .strictObject({ expiresInDays: z.number().int().min(SHARE_EXPIRY_DAYS.min).max(SHARE_EXPIRY_DAYS.max).optional() })
  .optional();
const reportParams = z.strictObject({ reportId: z.string().max(100) });
const shareParams = z.strictObject({ shareId: z.string().max(100) });
const tokenParams = z.strictObject({ token: z.string().max(200) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The shared HTML report runs no script and loads nothing; it is sandboxed and never framed,
 * exactly as in the signed-in viewer.
 */
const SHARED_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";
// A sandboxed PDF would not open in the browser's viewer; it still loads nothing and is never framed.
const SHARED_FILE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Read-only links to a report (issue #11): created, listed and revoked by whoever may read the
 * report in the request's scope; opened by anyone holding the link, with no session.
 */
export const shareLinkRoutes: FastifyPluginAsyncZod<ShareLinkRouteOptions> = async (app, options) => {
  const { storage, publicUrl } = options;
  // The request's acting scope: the caller's own reports, or a workspace client's (X-Citable-Client).
  const ownerOf = async (request: Parameters<typeof app.requireOwner>[0]) => (await app.requireOwner(request)).ownerId;

  app.post('/api/reports/:reportId/share', { schema: { params: reportParams, body: createBody, response: { 201: z.object({ share: shareLinkSchema }), ...errors } } }, async (request, reply) => {
    const ownerId = await ownerOf(request);
    const report = await getReport(app.db, ownerId, request.params.reportId);
    if (!report) throw notFound();
    if (report.status !== 'completed' || !report.storagePath) throw new HttpError(409, { error: REPORT_MESSAGES.notReady });
    const { row, token } = await createShare(app.db, ownerId, report.id, request.body?.expiresInDays ?? SHARE_EXPIRY_DAYS.default);
    return reply.status(201).send({ share: toShareLink(row, shareUrl(publicUrl, token)) });
  });

  app.get('/api/reports/:reportId/shares', { schema: { params: reportParams, response: { 200: z.object({ shares: z.array(shareLinkSchema) }), ...errors } } }, async (request) => {
    const ownerId = await ownerOf(request);
    const report = await getReport(app.db, ownerId, request.params.reportId);
    if (!report) throw notFound();
    return { shares: (await listShares(app.db, ownerId, report.id)).map((row) => toShareLink(row, null)) };
  });

  app.delete('/api/report-shares/:shareId', { schema: { params: shareParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const ownerId = await ownerOf(request);
    if (!(await revokeShare(app.db, ownerId, request.params.shareId))) throw notFound();
    return reply.status(204).send(null);
  });

  // Public: the token is the authority. Never cached, never indexed, never framed.
  app.get('/shared/reports/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow, noarchive');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    const shared = await resolveShare(app.db, request.params.token);
    const problem = (kind: 'unknown' | 'revoked' | 'expired') => {
      const page = shareProblemPage(kind, `${publicUrl}/`);
      return reply.status(page.status).type('text/html; charset=utf-8').header('content-security-policy', SHARED_HTML_CSP).send(page.html);
    };
    if (shared.state !== 'ok') return problem(shared.state);
    const { report } = shared;
    const file = report.status === 'completed' && report.storagePath ? await storage.get(report.storagePath) : null;
    if (file === null) return problem('unknown');
    const format = report.format as ReportFormat;
    const inline = format === 'html' || format === 'pdf';
    reply.header('content-type', REPORT_CONTENT_TYPES[format]);
    reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${reportFileName(report.id, format)}"`);
    reply.header('content-security-policy', format === 'html' ? SHARED_HTML_CSP : SHARED_FILE_CSP);
    return reply.send(file);
  });
};
