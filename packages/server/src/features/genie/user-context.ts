import { GENIE_CONTEXT_ACTIVITIES, GENIE_CONTEXT_AUDITS, SUBSCORE_IDS, SUBSCORE_LABELS, SUBSCORE_TOOL, type Activity, type CheckOutcome, type SubscoreId, type ToolId } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from '@citable/engine';
import type { Db } from '../../db/client';
import { listActivities, getOrCreateProfile } from '../profile';
import type { AuditHistoryRow, StoredAudit } from '../audits';
import { ownAudits } from '../track';

/** Spec 001 §9: a lowest subscore under 70 suggests a tool. */
export const WEAK_SUBSCORE = 70;
/** A check passes at this score, as the audit report counts it. */
const PASS_THRESHOLD = DEFAULT_SCORING_CONFIG.passThreshold;

export interface GenieUserContext {
  audits: AuditHistoryRow[];
  activities: Activity[];
}

/** Spec 001 §9: Genie loads 10 activities and 3 audits. */
export async function loadUserContext(db: Db, userId: string): Promise<GenieUserContext> {
  // The user's own audits: a competitor's weakest subscore is not theirs to fix (issue 19).
  const profile = await getOrCreateProfile(db, userId);
  const [audits, activities] = await Promise.all([ownAudits(db, userId, profile, GENIE_CONTEXT_AUDITS), listActivities(db, userId, GENIE_CONTEXT_ACTIVITIES)]);
  return { audits, activities };
}

export interface WeakestSubscore {
  subscore: SubscoreId;
  label: string;
  score: number;
  toolId: ToolId;
  websiteUrl: string | null;
}

/** The latest audit's lowest subscore, when it is under 70. */
export function weakestSubscore(audit: AuditHistoryRow | undefined): WeakestSubscore | null {
  if (!audit) return null;
  const [lowest] = SUBSCORE_IDS.map((id) => ({ id, score: audit[id] })).sort((a, b) => a.score - b.score);
  if (lowest.score >= WEAK_SUBSCORE) return null;
  return { subscore: lowest.id, label: SUBSCORE_LABELS[lowest.id], score: lowest.score, toolId: SUBSCORE_TOOL[lowest.id], websiteUrl: audit.websiteUrl };
}

/** One failing check of an audit: what it is, which subscore it belongs to and the points it cost. */
export interface FailingCheck {
  title: string;
  subscore: SubscoreId;
  pointsLost: number;
  suggestion: string;
}

/**
 * The failing checks of an audit's stored result, most points lost first: a page audit's own
 * checks, a site audit's merged lines. Rows saved without a result (or in an older shape) have none.
 */
export function failingChecks(audit: AuditHistoryRow): FailingCheck[] {
  const stored = audit.auditData as Partial<StoredAudit> | null;
  if (!stored || typeof stored !== 'object' || !stored.result) return [];
  const lines: { title: string; subscore: SubscoreId; score: number | null; pointsLost: number; suggestion: string; passed?: boolean | null }[] =
    stored.kind === 'site' ? (stored.checks ?? []) : (stored.result as { checks?: CheckOutcome[] }).checks ?? [];
  return lines
    .filter((check) => (check.passed === undefined ? check.score !== null && check.score < PASS_THRESHOLD : check.passed === false) && check.pointsLost > 0)
    .sort((a, b) => b.pointsLost - a.pointsLost)
    .map(({ title, subscore, pointsLost, suggestion }) => ({ title, subscore, pointsLost, suggestion }));
}
