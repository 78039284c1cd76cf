import { GENIE_CONTEXT_ACTIVITIES, GENIE_CONTEXT_AUDITS, SUBSCORE_IDS, SUBSCORE_LABELS, SUBSCORE_TOOL, type Activity, type SubscoreId, type ToolId } from '@citable/contract';
import type { Db } from '../db/client';
import { listActivities } from '../services/activity';
import { listAuditHistory, type AuditHistoryRow } from '../services/audits/history';

/** Spec 001 §9: a lowest subscore under 70 suggests a tool. */
export const WEAK_SUBSCORE = 70;

export interface GenieUserContext {
  audits: AuditHistoryRow[];
  activities: Activity[];
}

/** Spec 001 §9: Genie loads 10 activities and 3 audits. */
export async function loadUserContext(db: Db, userId: string): Promise<GenieUserContext> {
  const [audits, activities] = await Promise.all([listAuditHistory(db, userId, { limit: GENIE_CONTEXT_AUDITS }), listActivities(db, userId, GENIE_CONTEXT_ACTIVITIES)]);
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
