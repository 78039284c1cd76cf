import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { PLAN_IDS, REPORT_MESSAGES, REPORT_TEMPLATES, usageLimit, usesBranding, type generateReportRequestSchema, type PlanId } from '@citable/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditHistory, reports } from '../../db/schema';
import { assertEntitled, calendarMonth } from '../billing';
import { HttpError } from '../../lib/http-error';
import { workspacePrincipalIds } from '../workspaces';

type Request = z.output<typeof generateReportRequestSchema>;

/**
 * Whether this calendar month's reports have reached the plan's allowance. An agency workspace's
 * reports (owner's and every client's) share one allowance (issue #11), whoever `userId` is of it.
 */
export async function reportAllowanceUsed(db: Db, userId: string, plan: PlanId, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ used: count() })
    .from(reports)
    .where(and(inArray(reports.userId, await workspacePrincipalIds(db, userId)), gte(reports.createdAt, calendarMonth(now).start)));
  return (row?.used ?? 0) >= usageLimit(plan, 'reports');
}

/** 403 naming the next plan with a larger allowance once this month's reports reach the plan's. */
async function enforceReportLimit(db: Db, userId: string, plan: PlanId, now: Date): Promise<void> {
  if (!(await reportAllowanceUsed(db, userId, plan, now))) return;
  const limit = usageLimit(plan, 'reports');
  const requiredPlan = PLAN_IDS.find((candidate) => usageLimit(candidate, 'reports') > limit);
  throw new HttpError(403, { error: REPORT_MESSAGES.limitReached, ...(requiredPlan ? { requiredPlan } : {}) });
}

/**
 * Everything checked before a report is queued: the template's plan, the plan of each option
 * asked for, the ROI inputs, the monthly allowance, and that there is an audit to report on.
 */
export async function checkReportRequest(db: Db, userId: string, plan: PlanId, request: Request, now = new Date()): Promise<void> {
  const { config } = request;
  assertEntitled(plan, { reportTemplate: request.reportType });
  if (config.includeCompetitorBenchmarks) assertEntitled(plan, { area: 'report-competitor-benchmarks' });
  if (usesBranding(config.brandingOptions)) assertEntitled(plan, { area: 'report-white-label' });
  if (config.includeROI && !REPORT_TEMPLATES[request.reportType].carriesRoi) throw new HttpError(400, { error: REPORT_MESSAGES.roiNotOffered });
  if (config.includeROI && !config.roiInputs) throw new HttpError(400, { error: REPORT_MESSAGES.roiInputsRequired });
  await enforceReportLimit(db, userId, plan, now);
  const [audits] = await db.select({ n: count() }).from(auditHistory).where(eq(auditHistory.userId, userId));
  if ((audits?.n ?? 0) === 0) throw new HttpError(422, { error: REPORT_MESSAGES.noAudits });
}
