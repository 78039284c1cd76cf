import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { PlanId, SiteEntry } from '@citable/contract';
import type { Db } from '../../db/client';
import { auditRuns, userProfiles } from '../../db/schema';
import { enforceSiteCaps } from '../billing';
import { workspacePrincipalIds } from './access';

/**
 * The plan's caps count per workspace (issue #11): an agency's websites, competitors and monthly
 * audits are the sum over its owner's own account and every client principal. For a user without
 * a workspace these reduce to the user's own counts.
 */

/** Counted audits since `since` across the workspace of `principalId` (as the audit limit counts them). */
export async function countWorkspaceRunsSince(db: Db, principalId: string, since: Date): Promise<number> {
  const ids = await workspacePrincipalIds(db, principalId);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditRuns)
    .where(and(inArray(auditRuns.userId, ids), eq(auditRuns.counted, true), ne(auditRuns.status, 'failed'), gte(auditRuns.createdAt, since)));
  return row?.count ?? 0;
}

/** Websites and competitors held by the workspace's other principals than `principalId`. */
export async function otherSiteUsage(db: Db, principalId: string): Promise<{ websites: number; competitors: number }> {
  const others = (await workspacePrincipalIds(db, principalId)).filter((id) => id !== principalId);
  if (others.length === 0) return { websites: 0, competitors: 0 };
  const [row] = await db
    .select({
      websites: sql<number>`coalesce(sum(jsonb_array_length(${userProfiles.websites})), 0)::int`,
      competitors: sql<number>`coalesce(sum(jsonb_array_length(${userProfiles.competitors})), 0)::int`,
    })
    .from(userProfiles)
    .where(inArray(userProfiles.userId, others));
  return { websites: row?.websites ?? 0, competitors: row?.competitors ?? 0 };
}

const filler = (count: number): SiteEntry[] => Array.from({ length: count }, () => ({ name: '', url: '' }));

/**
 * enforceSiteCaps over the whole workspace: the lists being saved for `principalId` plus what the
 * other principals hold already. Only the lists present in `input` are checked, as before.
 */
export async function enforceWorkspaceSiteCaps(db: Db, principalId: string, plan: PlanId, input: { websites?: SiteEntry[]; competitors?: SiteEntry[] }): Promise<void> {
  const used = await otherSiteUsage(db, principalId);
  enforceSiteCaps(plan, {
    ...(input.websites ? { websites: [...input.websites, ...filler(used.websites)] } : {}),
    ...(input.competitors ? { competitors: [...input.competitors, ...filler(used.competitors)] } : {}),
  });
}

/** A new client adds its website and competitors to everything the workspace of `ownerUserId` holds. */
export async function enforceNewClientCaps(db: Db, ownerUserId: string, plan: PlanId, added: { websites: number; competitors: number }): Promise<void> {
  const [own] = await db
    .select({ websites: sql<number>`jsonb_array_length(${userProfiles.websites})::int`, competitors: sql<number>`jsonb_array_length(${userProfiles.competitors})::int` })
    .from(userProfiles)
    .where(eq(userProfiles.userId, ownerUserId));
  const others = await otherSiteUsage(db, ownerUserId);
  enforceSiteCaps(plan, {
    websites: filler((own?.websites ?? 0) + others.websites + added.websites),
    competitors: filler((own?.competitors ?? 0) + others.competitors + added.competitors),
  });
}
