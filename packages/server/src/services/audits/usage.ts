import { AUDIT_MESSAGES, PLAN_IDS, USAGE_LIMITS, type PlanId, type Profile } from '@citable/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { countWorkspaceRunsSince } from '../../workspaces/caps';

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
