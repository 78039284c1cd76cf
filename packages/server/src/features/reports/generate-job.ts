import { z } from 'zod';
import { REPORT_CONTENT_TYPES, REPORT_MESSAGES, reportViewUrl, type ReportFormat, type ReportTemplateId } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/jobs-plugin';
import { currentPlan } from '../billing';
import { getOrCreateProfile } from '../profile';
import { gatherReport, ReportDataError } from './gather';
import { renderReport } from './render';
import { documentKey, reportKey, type ReportStorage } from './storage';
import { getReport, setReportStatus } from './store';
import type { StoredReportConfig } from './stored-config';

export interface ReportJobDeps {
  db: Db;
  storage: ReportStorage;
  log: FastifyBaseLogger;
}

const payload = z.strictObject({ reportId: z.uuid(), userId: z.string().min(1) });

/** Gathers, renders and stores one report, and records the outcome on its row. */
export async function generateReport(deps: ReportJobDeps, userId: string, reportId: string, now = new Date()): Promise<void> {
  const row = await getReport(deps.db, userId, reportId);
  // Deleted while queued, or already done by an earlier attempt: nothing to do.
  if (!row || row.status === 'completed') return;
  await setReportStatus(deps.db, userId, reportId, 'running');
  const format = row.format as ReportFormat;
  try {
    const document = await gatherReport(deps.db, {
      id: row.id,
      userId,
      plan: await currentPlan(deps.db, userId),
      profile: await getOrCreateProfile(deps.db, userId),
      name: row.reportName,
      template: row.reportType as ReportTemplateId,
      format,
      config: row.config as unknown as StoredReportConfig,
      now,
    });
    const file = await renderReport(document, format);
    const key = reportKey(userId, reportId, format);
    await deps.storage.put(key, file, REPORT_CONTENT_TYPES[format]);
    // The document is kept too, so the download dialog can offer the other formats of the same data.
    if (format !== 'json') await deps.storage.put(documentKey(userId, reportId), Buffer.from(JSON.stringify(document)), REPORT_CONTENT_TYPES.json);
    await setReportStatus(deps.db, userId, reportId, 'completed', { storagePath: key, fileUrl: reportViewUrl(reportId, format, true), size: file.length, error: null, completedAt: new Date() });
  } catch (error) {
    // A report that cannot be built from the data will not build on a retry either: it fails once, with the reason shown.
    const known = error instanceof ReportDataError;
    if (!known) deps.log.error({ err: error, reportId }, 'report generation failed');
    await setReportStatus(deps.db, userId, reportId, 'failed', { error: known ? error.message : REPORT_MESSAGES.generateFailed, completedAt: new Date() });
  }
}

export function reportGenerateJob(deps: ReportJobDeps): JobDefinition<typeof payload> {
  return {
    id: 'report-generate',
    payload,
    queue: { retryLimit: 1, retryDelay: 10, expireInSeconds: 600 },
    handler: ({ reportId, userId }) => generateReport(deps, userId, reportId),
  };
}
