import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { canUse, REPORT_CONTENT_TYPES, REPORT_LIMITS, reportFileName, REPORT_TEMPLATE_NAMES, reportConfigSchema, reportDocumentSchema, type ReportDocument, type ReportTemplateId } from '@citable/contract';
import type { Db } from '../../db/client';
import { clientReportRuns, clientReportSchedules } from './schema';
import { workspaceClients, workspaceSettings } from '../workspaces';
import { currentPlan } from '../billing';
import { generateReport, reportAllowanceUsed, documentKey, type ReportStorage, createReport, deleteReport, getReport, type StoredReportConfig } from '../reports';
import type { Mailer } from '../../mail/mailer';
import { renderReportEmail } from './report-email';
import { nextRunAfter } from './schedule-rules';
import { createShare, shareUrl } from './share-links-store';

export interface ClientReportDeps {
  db: Db;
  storage: ReportStorage;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface ClientReportOutcome {
  /** Schedules whose period was mailed to every recipient. */
  sent: number;
  /** Periods given up: no audit to report on, a plan that no longer carries the template, the month's report allowance used, or repeated mail failures. */
  skipped: number;
  /** Schedules left due because a send failed; the next run retries the recipients not yet mailed. */
  retrying: number;
}

/** A scheduled report's link lasts a month, long enough for the next monthly report to replace it. */
export const SCHEDULED_SHARE_DAYS = 30;
/** Runs of the job that may try one period before it is given up and the schedule moves on. */
const MAX_ATTEMPTS = 3;
/** Larger PDFs are only linked: many mail servers refuse messages over 10 MB once encoded. */
const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Schedules handled per run; the rest are still due and go on the next run. */
const BATCH = 200;

type Due = Awaited<ReturnType<typeof dueSchedules>>[number];

function dueSchedules(db: Db, now: Date) {
  return db
    .select({
      clientId: clientReportSchedules.clientId,
      cadence: clientReportSchedules.cadence,
      recipients: clientReportSchedules.recipients,
      template: clientReportSchedules.template,
      format: clientReportSchedules.format,
      nextRunAt: clientReportSchedules.nextRunAt,
      clientName: workspaceClients.name,
      principalId: workspaceClients.principalUserId,
      ownerUserId: workspaceSettings.ownerUserId,
    })
    .from(clientReportSchedules)
    .innerJoin(workspaceClients, eq(workspaceClients.id, clientReportSchedules.clientId))
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, workspaceClients.organizationId))
    .where(and(ne(clientReportSchedules.cadence, 'off'), lte(clientReportSchedules.nextRunAt, now)))
    .orderBy(asc(clientReportSchedules.nextRunAt))
    .limit(BATCH);
}

function reportName(clientName: string, template: ReportTemplateId, slot: Date): string {
  const suffix = ` - ${REPORT_TEMPLATE_NAMES[template]} - ${slot.toISOString().slice(0, 10)}`;
  return `${clientName.slice(0, REPORT_LIMITS.nameMaxLength - suffix.length)}${suffix}`;
}

/** The period's report as the client's own (user_id = its principal): created once per period, generated once. */
async function periodReport(deps: ClientReportDeps, due: Due, slot: Date, periodKey: string, branded: boolean, now: Date): Promise<string> {
  const { db } = deps;
  const runKey = and(eq(clientReportRuns.clientId, due.clientId), eq(clientReportRuns.periodKey, periodKey));
  const [run] = await db.select({ reportId: clientReportRuns.reportId }).from(clientReportRuns).where(runKey);
  let reportId = run?.reportId ?? null;
  if (reportId === null) {
    const template = due.template as ReportTemplateId;
    const config: StoredReportConfig = {
      ...reportConfigSchema.parse({
        includeCompetitorBenchmarks: true,
        // The client's own white-label settings (its principal's): company name, colours, logo.
        brandingOptions: branded ? { includeLogo: true, customColors: true } : undefined,
        period: due.cadence === 'weekly' ? '30d' : '90d',
      }),
      website: null,
    };
    const created = await createReport(db, due.principalId, { name: reportName(due.clientName, template, slot), type: template, format: due.format as 'pdf' | 'html', config });
    const [claimed] = await db.update(clientReportRuns).set({ reportId: created.id }).where(and(runKey, isNull(clientReportRuns.reportId))).returning({ reportId: clientReportRuns.reportId });
    if (claimed) reportId = created.id;
    else {
      // Another run of the job got there first: keep its report, drop this one.
      await deleteReport(db, due.principalId, created.id);
      const [other] = await db.select({ reportId: clientReportRuns.reportId }).from(clientReportRuns).where(runKey);
      reportId = other!.reportId!;
    }
  }
  await generateReport({ db, storage: deps.storage, log: deps.log }, due.principalId, reportId, now);
  return reportId;
}

async function readDocument(storage: ReportStorage, principalId: string, reportId: string): Promise<ReportDocument | null> {
  const file = await storage.get(documentKey(principalId, reportId));
  return file === null ? null : reportDocumentSchema.parse(JSON.parse(file.toString('utf8')));
}

type Result = 'sent' | 'skipped' | 'retrying';

/** One due schedule: its period's report generated once, each recipient mailed at most once, the schedule advanced. */
async function runSchedule(deps: ClientReportDeps, due: Due, now: Date): Promise<Result> {
  const { db, log } = deps;
  const cadence = due.cadence as 'weekly' | 'monthly';
  const slot = due.nextRunAt!;
  const periodKey = slot.toISOString();
  const runKey = and(eq(clientReportRuns.clientId, due.clientId), eq(clientReportRuns.periodKey, periodKey));

  // Moves the schedule past this period, unless someone changed the schedule in the meantime.
  const finish = async (result: Result): Promise<Result> => {
    await db.update(clientReportRuns).set({ completedAt: now }).where(runKey);
    await db
      .update(clientReportSchedules)
      .set({ nextRunAt: nextRunAfter(cadence, slot, now), ...(result === 'sent' ? { lastSentAt: now } : {}) })
      .where(and(eq(clientReportSchedules.clientId, due.clientId), eq(clientReportSchedules.nextRunAt, slot)));
    return result;
  };

  await db.insert(clientReportRuns).values({ clientId: due.clientId, periodKey, sentTo: [] }).onConflictDoNothing();
  const [run] = await db
    .update(clientReportRuns)
    .set({ attempts: sql`${clientReportRuns.attempts} + 1` })
    .where(runKey)
    .returning();
  // Done by an earlier run that stopped before moving the schedule on.
  if (run!.completedAt) return finish('skipped');

  const plan = await currentPlan(db, due.ownerUserId);
  const template = due.template as ReportTemplateId;
  if (!canUse(plan, { reportTemplate: template }) || !canUse(plan, { area: 'reports' })) {
    log.warn({ clientId: due.clientId, plan, template }, 'scheduled client report skipped: the workspace plan no longer includes it');
    return finish('skipped');
  }
  // The period's report counts towards the workspace's monthly allowance like one asked for in the
  // app; once the allowance is used up the period is given up, not retried every hour. A period
  // whose report was already created (a retry) goes on: that report is already counted.
  if (run!.reportId === null && (await reportAllowanceUsed(db, due.principalId, plan, now))) {
    log.warn({ clientId: due.clientId, plan, periodKey }, 'scheduled client report skipped: the workspace has used its monthly report allowance');
    return finish('skipped');
  }
  const reportId = await periodReport(deps, due, slot, periodKey, canUse(plan, { area: 'report-white-label' }), now);
  const report = await getReport(db, due.principalId, reportId);
  const document = report?.status === 'completed' ? await readDocument(deps.storage, due.principalId, reportId) : null;
  if (!report || report.status !== 'completed' || !document) {
    // Typically no audit yet: nothing worth mailing this period. The failed report stays in the client's list with its reason.
    log.warn({ clientId: due.clientId, reportId, error: report?.error }, 'scheduled client report not generated');
    return finish('skipped');
  }

  const pending = due.recipients.filter((address) => !run!.sentTo.includes(address));
  let failed = 0;
  if (pending.length > 0) {
    const share = await createShare(db, due.principalId, reportId, SCHEDULED_SHARE_DAYS, now);
    const url = shareUrl(deps.publicUrl, share.token);
    const pdf = due.format === 'pdf' && report.storagePath ? await deps.storage.get(report.storagePath) : null;
    const attachment = pdf && pdf.length <= MAX_ATTACHMENT_BYTES ? { filename: reportFileName(reportId, 'pdf'), content: pdf, contentType: REPORT_CONTENT_TYPES.pdf } : undefined;
    for (const address of pending) {
      const entry = JSON.stringify([address]);
      // Claimed before sending: two overlapping runs can never both mail the same recipient.
      const claimed = await db
        .update(clientReportRuns)
        .set({ sentTo: sql`${clientReportRuns.sentTo} || ${entry}::jsonb` })
        .where(and(runKey, sql`not (${clientReportRuns.sentTo} @> ${entry}::jsonb)`))
        .returning({ clientId: clientReportRuns.clientId });
      if (claimed.length === 0) continue;
      try {
        await deps.mailer.send(renderReportEmail({ to: address, clientName: due.clientName, cadence, document, shareUrl: url, shareExpiresAt: share.row.expiresAt, format: due.format as 'pdf' | 'html', attachment }));
      } catch (error) {
        failed += 1;
        log.error({ err: error, clientId: due.clientId }, 'scheduled client report e-mail failed');
        await db
          .update(clientReportRuns)
          .set({ sentTo: sql`${clientReportRuns.sentTo} - ${address}::text` })
          .where(runKey);
      }
    }
  }
  if (failed === 0) return finish('sent');
  if (run!.attempts >= MAX_ATTEMPTS) {
    log.error({ clientId: due.clientId, periodKey, failed }, 'scheduled client report given up after repeated e-mail failures');
    return finish('skipped');
  }
  return 'retrying';
}

/**
 * Sends every client report that is due at `now` (injected, so tests need not wait for the cron).
 * One client's failure is logged and the others still go out.
 */
export async function sendDueClientReports(deps: ClientReportDeps, now: Date): Promise<ClientReportOutcome> {
  const outcome: ClientReportOutcome = { sent: 0, skipped: 0, retrying: 0 };
  for (const due of await dueSchedules(deps.db, now)) {
    try {
      outcome[await runSchedule(deps, due, now)] += 1;
    } catch (error) {
      outcome.retrying += 1;
      deps.log.error({ err: error, clientId: due.clientId }, 'scheduled client report failed');
    }
  }
  if (outcome.sent + outcome.skipped + outcome.retrying > 0) deps.log.info(outcome, 'scheduled client reports');
  return outcome;
}
