import { AUDIT_MESSAGES, PLAN_IDS, SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_PAGE_LIMITS, USAGE_LIMITS, type PlanId, type Profile } from '@citable/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { countWorkspaceRunsSince } from '../workspaces';

function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '').toLowerCase() : null;
}

/** Whether the URL is on one of the user's websites or competitors (www. or not). */
export function isOwnHost(profile: Profile, url: string): boolean {
  const host = hostOf(url);
  return host !== null && [...profile.websites, ...profile.competitors].some((site) => hostOf(site.url) === host);
}

function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * 403 naming the next plan with a higher limit once this month's counted audits reach the plan's.
 * An agency workspace counts as one: its owner's audits and every client's (issue #11).
 */
export async function enforceAuditLimit(db: Db, userId: string, plan: PlanId, now = new Date()): Promise<void> {
  const used = await countWorkspaceRunsSince(db, userId, startOfMonth(now));
  const limit = USAGE_LIMITS[plan].auditsPerMonth;
  if (used < limit) return;
  const requiredPlan = PLAN_IDS.find((candidate) => USAGE_LIMITS[candidate].auditsPerMonth > limit);
  throw new HttpError(403, { error: AUDIT_MESSAGES.limitReached, ...(requiredPlan ? { requiredPlan } : {}) });
}

/**
 * The pages a site audit may read: the number asked for (the dashboard's form, the API's maxPages)
 * or the default, within the plan's limit (SITE_AUDIT_PAGE_LIMITS: 100, 500 on Agency). Asking
 * for more answers 403 with a message naming the limit and the plan that allows it.
 */
export function siteAuditPages(plan: PlanId, requested: number | undefined): number {
  const limit = SITE_AUDIT_PAGE_LIMITS[plan];
  if (requested === undefined) return Math.min(SITE_AUDIT_DEFAULT_PAGES, limit);
  if (requested <= limit) return requested;
  const requiredPlan = PLAN_IDS.find((candidate) => SITE_AUDIT_PAGE_LIMITS[candidate] >= requested);
  throw new HttpError(403, { error: AUDIT_MESSAGES.pageLimit(limit), ...(requiredPlan ? { requiredPlan } : {}) });
}
