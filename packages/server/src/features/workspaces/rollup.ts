import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Profile, RollupRow, RollupSort } from '@citable/contract';
import type { Db } from '../../db/client';
import { alerts, auditHistory, userProfiles } from '../../db/schema';
import { siteAuditCondition } from '../track';
import type { ClientPrincipal } from './access';
import { toWorkspaceClients } from './clients';

export const ROLLUP_SORTS = ['name', 'score', 'change', 'alerts'] as const satisfies readonly RollupSort[];
export type RollupDirection = 'asc' | 'desc';

/**
 * The latest two audits of each client's primary website, in one query for every client: the
 * audits are ranked per principal by date and only the top two are read. `ofSite` picks the
 * website's audits by the site-matching rule, as the client's own overview does.
 */
async function latestTwoAudits(db: Db, targets: { principalId: string; ofSite: SQL }[]): Promise<Map<string, { score: number; at: Date }[]>> {
  const byPrincipal = new Map<string, { score: number; at: Date }[]>();
  if (targets.length === 0) return byPrincipal;
  const ranked = db
    .select({
      userId: auditHistory.userId,
      score: auditHistory.overallScore,
      createdAt: auditHistory.createdAt,
      rank: sql<number>`row_number() over (partition by ${auditHistory.userId} order by ${auditHistory.createdAt} desc, ${auditHistory.id} desc)`.as('rank'),
    })
    .from(auditHistory)
    .where(or(...targets.map((target) => and(eq(auditHistory.userId, target.principalId), target.ofSite))))
    .as('ranked');
  const rows = await db
    .select({ userId: ranked.userId, score: ranked.score, createdAt: ranked.createdAt })
    .from(ranked)
    .where(lte(ranked.rank, 2))
    .orderBy(ranked.userId, desc(ranked.createdAt));
  for (const row of rows) {
    const list = byPrincipal.get(row.userId) ?? [];
    list.push({ score: row.score, at: new Date(row.createdAt) });
    byPrincipal.set(row.userId, list);
  }
  return byPrincipal;
}

/** Open alerts (not dismissed: what each client's alerts panel shows), counted per principal in one query. */
async function openAlertCounts(db: Db, principalIds: string[]): Promise<Map<string, number>> {
  if (principalIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: alerts.userId, open: count() })
    .from(alerts)
    .where(and(inArray(alerts.userId, principalIds), eq(alerts.dismissed, false)))
    .groupBy(alerts.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.open)]));
}

/** Each principal's websites and competitors: what an audit is matched against. */
async function principalSites(db: Db, principalIds: string[]): Promise<Map<string, Pick<Profile, 'websites' | 'competitors'>>> {
  if (principalIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userProfiles.userId, websites: userProfiles.websites, competitors: userProfiles.competitors })
    .from(userProfiles)
    .where(inArray(userProfiles.userId, principalIds));
  return new Map(rows.map((row) => [row.userId, { websites: row.websites, competitors: row.competitors }]));
}

/**
 * One row per client: its primary site's latest and previous scores, the change, and open alerts.
 * The primary site's audits are matched as in the client's overview (contract/site-match.ts): a
 * competitor on the same host under its own path is not the client's site, however new its audit.
 */
export async function buildRollup(db: Db, clients: ClientPrincipal[]): Promise<RollupRow[]> {
  const [listed, sites] = await Promise.all([
    toWorkspaceClients(db, clients),
    principalSites(
      db,
      clients.map((client) => client.principalUserId),
    ),
  ]);
  const principalOf = new Map(clients.map((client) => [client.clientId, client.principalUserId]));
  const targets = listed.flatMap((client) => {
    const principalId = principalOf.get(client.id)!;
    const ofSite = client.primaryUrl === null ? null : siteAuditCondition(sites.get(principalId) ?? { websites: [], competitors: [] }, client.primaryUrl);
    return ofSite ? [{ principalId, ofSite }] : [];
  });
  const [audits, openAlerts] = await Promise.all([latestTwoAudits(db, targets), openAlertCounts(db, [...principalOf.values()])]);
  return listed.map((client) => {
    const principalId = principalOf.get(client.id)!;
    const [latest, previous] = audits.get(principalId) ?? [];
    return {
      clientId: client.id,
      name: client.name,
      url: client.primaryUrl,
      latestScore: latest?.score ?? null,
      previousScore: previous?.score ?? null,
      change: latest && previous ? latest.score - previous.score : null,
      lastAuditAt: latest?.at.toISOString() ?? null,
      openAlerts: openAlerts.get(principalId) ?? 0,
    };
  });
}

const byName = (a: RollupRow, b: RollupRow) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.clientId.localeCompare(b.clientId);

/**
 * Sorted by the chosen column; clients with no value (never audited, no previous audit) always
 * come last whatever the direction, and ties fall back to the name.
 */
export function sortRollup(rows: RollupRow[], sort: RollupSort, dir: RollupDirection): RollupRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const value = (row: RollupRow): number | null => (sort === 'score' ? row.latestScore : sort === 'change' ? row.change : sort === 'alerts' ? row.openAlerts : null);
  return [...rows].sort((a, b) => {
    if (sort === 'name') return sign * byName(a, b);
    const left = value(a);
    const right = value(b);
    if (left === null || right === null) return left === right ? byName(a, b) : left === null ? 1 : -1;
    return sign * (left - right) || byName(a, b);
  });
}
