import type { AuditHistoryItem } from '@citable/contract';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The overall score's change over the last 7 days: newest minus oldest audit in that window, or
 * null unless at least 2 audits fall in it (spec 001 §2). `audits` is newest first.
 */
export function weeklyTrend(audits: AuditHistoryItem[], now = Date.now()): number | null {
  const week = audits.filter((audit) => now - Date.parse(audit.created_at) <= WEEK_MS);
  if (week.length < 2) return null;
  return week[0].overall_score - week[week.length - 1].overall_score;
}
