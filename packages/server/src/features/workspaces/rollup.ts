import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { SITE_SCORE_KIND, type Profile, type RollupRow, type RollupSort } from '@citable/contract';
import type { Db } from '../../db/client';
import { alerts, auditHistory, userProfiles } from '../../db/schema';
import { siteAuditCondition, siteScoreCondition } from '../track';
import type { ClientPrincipal } from './access';
import { toWorkspaceClients } from './clients';
import { rolledScore, type RolledAudit } from './rollup-score';

export const ROLLUP_SORTS = ['name', 'score', 'change', 'alerts'] as const satisfies readonly RollupSort[];
export type RollupDirection = 'asc' | 'desc';

/** Earlier site audits read per client to find one of the same pages: enough for a re-audit or two of other page sets. */
const SITE_AUDITS_READ = 10;

/**
 * Each client's newest site audits of its primary website (at most SITE_AUDITS_READ), newest
 * first, in one query for every client: "your score" is the newest (contract/your-score.ts), a
 * page audit never is. The page addresses are read so a change is stated only between audits of
 * the same pages. `ofSite` picks the website's audits by the site-matching rule, as the client's
 * own overview does.
 */
async function latestSiteAudits(db: Db, targets: { principalId: string; ofSite: SQL }[]): Promise<Map<string, RolledAudit[]>> {
  const byPrincipal = new Map<string, RolledAudit[]>();
  if (targets.length === 0) return byPrincipal;
  const ranked = db
    .select({
      userId: auditHistory.userId,
      id: auditHistory.id,
      score: auditHistory.overallScore,
      createdAt: auditHistory.createdAt,
      rank: sql<number>`row_number() over (partition by ${auditHistory.userId} order by ${auditHistory.createdAt} desc, ${auditHistory.id} desc)`.as('rank'),
    })
    .from(auditHistory)
    .where(and(or(...targets.map((target) => and(eq(auditHistory.userId, target.principalId), target.ofSite))), siteScoreCondition))
    .as('ranked');
  // The page addresses come from audit_data, read only for the few ranked rows.
  const rows = await db
    .select({
      userId: ranked.userId,
      score: ranked.score,
      createdAt: ranked.createdAt,
      url: auditHistory.websiteUrl,
      pageCount: auditHistory.pageCount,
      pageUrls: sql<(string | null)[] | null>`jsonb_path_query_array(${auditHistory.auditData}, '$.result.pages[*].url')`,
    })
    .from(ranked)
    .innerJoin(auditHistory, eq(auditHistory.id, ranked.id))
    .where(lte(ranked.rank, SITE_AUDITS_READ))
    .orderBy(ranked.userId, desc(ranked.createdAt), desc(ranked.id));
  for (const row of rows) {
    const list = byPrincipal.get(row.userId) ?? [];
    list.push({
      kind: SITE_SCORE_KIND,
      url: row.url,
      pageCount: row.pageCount ?? undefined,
      pageUrls: row.pageUrls && row.pageUrls.length > 0 ? row.pageUrls : undefined,
      score: row.score,
      at: new Date(row.createdAt),
    });
    byPrincipal.set(row.userId, list);
  }
  return byPrincipal;
}

/** The principals among `targets` with any audit of their primary website (a page audit counts). */
async function auditedPrincipals(db: Db, targets: { principalId: string; ofSite: SQL }[]): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: auditHistory.userId })
    .from(auditHistory)
    .where(or(...targets.map((target) => and(eq(auditHistory.userId, target.principalId), target.ofSite))));
  return new Set(rows.map((row) => row.userId));
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
 * One row per client: its primary site's score (its latest site audit), the change since the last
 * site audit of the same pages, and open alerts.
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
  const [audits, audited, openAlerts] = await Promise.all([latestSiteAudits(db, targets), auditedPrincipals(db, targets), openAlertCounts(db, [...principalOf.values()])]);
  return listed.map((client) => {
    const principalId = principalOf.get(client.id)!;
    return {
      clientId: client.id,
      name: client.name,
      url: client.primaryUrl,
      ...rolledScore(audits.get(principalId) ?? [], audited.has(principalId), client.primaryUrl ?? client.name),
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
