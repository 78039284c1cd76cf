import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_SCORE_KIND, siteAddress, type Profile } from '@citable/contract';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { auditHistory, userProfiles } from '../../db/schema';
import { scoreColumns, summarySelection, type AuditHistoryRow, type AuditSummaryRow } from '../audits';
import { profileSites, type ProfileSite } from './site-roles';

/**
 * The user's own audits as opposed to their competitors' (issue 19). Which site an audit belongs to
 * is decided in SQL by the same rule as `resolveSite` (contract/site-match.ts): among the profile's
 * sites on the audit's origin, the longest path the audited address lies within, the website on a
 * tie; by host only when no path matches, websites first. The sites go in as four array parameters,
 * so the statements stay prepared whatever the profile holds.
 */

type Sites = Pick<Profile, 'websites' | 'competitors'>;

export interface SiteParams {
  siteOrigins: string[];
  sitePaths: string[];
  siteKeys: string[];
  siteRoles: string[];
}

/**
 * The owner's websites and competitors for a read: from the session's profile when the request is
 * the user's own (no statement), else read. Never creates the profile, so a read stays a read.
 */
export async function ownerSites(app: FastifyInstance, request: FastifyRequest): Promise<Sites> {
  const owner = await app.requireOwner(request);
  const session = request.session;
  if (session && session.user.id === owner.ownerId) return session.profile ?? { websites: [], competitors: [] };
  const [row] = await app.db.select({ websites: userProfiles.websites, competitors: userProfiles.competitors }).from(userProfiles).where(eq(userProfiles.userId, owner.ownerId));
  return row ?? { websites: [], competitors: [] };
}

/** A site's identity in SQL answers: its origin and path. */
export const siteKeyOf = (site: Pick<ProfileSite, 'origin' | 'path'>) => `${site.origin}${site.path}`;

export function siteParams(sites: readonly ProfileSite[]): SiteParams {
  return {
    siteOrigins: sites.map((site) => site.origin),
    sitePaths: sites.map((site) => site.path),
    siteKeys: sites.map(siteKeyOf),
    siteRoles: sites.map((site) => site.role),
  };
}

/** The audited address's path without query, fragment or trailing slashes ('' for the root). */
const auditPath = sql`rtrim(coalesce(substring(${auditHistory.websiteUrl} from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*([^?#]*)'), ''), '/')`;

type Bound = SiteParams | 'placeholders';

function arrayParam(bound: Bound, name: keyof SiteParams): SQL {
  return bound === 'placeholders' ? sql`${sql.placeholder(name)}::text[]` : sql`${sql.param(bound[name])}::text[]`;
}

/** The key or role of the site the row's audit belongs to; null when it belongs to none. */
function resolvedSite(column: 'key' | 'role', bound: Bound): SQL {
  const within = sql`(s.path = '' or ${auditPath} = s.path or starts_with(${auditPath}, s.path || '/'))`;
  return sql`(select s.${sql.raw(column)} from unnest(${arrayParam(bound, 'siteOrigins')}, ${arrayParam(bound, 'sitePaths')}, ${arrayParam(bound, 'siteKeys')}, ${arrayParam(bound, 'siteRoles')}) with ordinality as s(origin, path, key, role, rank)
    where s.origin = ${auditHistory.websiteOrigin}
    order by ${within} desc, case when ${within} then length(s.path) else 0 end desc, s.rank
    limit 1)`;
}

/** Rows that are not a competitor's audit: the user's sites, other addresses and pasted content. */
export function ownAuditCondition(bound: Bound): SQL {
  return sql`(${auditHistory.websiteOrigin} is null or ${resolvedSite('role', bound)} is distinct from 'competitor')`;
}

/** Rows whose audit belongs to the site with this key (siteKeyOf). */
function ofSiteCondition(bound: Bound, key: SQL | string): SQL {
  return sql`${resolvedSite('key', bound)} = ${key}`;
}

/** The user's own audits, newest first: never a competitor's, whose scores must not pass for theirs. */
export async function ownAudits(db: Db, userId: string, profile: Sites, limit: number): Promise<AuditHistoryRow[]> {
  const bound = siteParams(profileSites(profile));
  return db.select().from(auditHistory).where(and(eq(auditHistory.userId, userId), ownAuditCondition(bound))).orderBy(desc(auditHistory.createdAt)).limit(limit);
}

/** How many own audits the user has. */
export async function countOwnAudits(db: Db, userId: string, profile: Sites): Promise<number> {
  const bound = siteParams(profileSites(profile));
  const [row] = await db.select({ audits: count() }).from(auditHistory).where(and(eq(auditHistory.userId, userId), ownAuditCondition(bound)));
  return row?.audits ?? 0;
}

/**
 * Rows that may stand for a site's score (contract your-score.ts, issue 30): site audits only. A
 * page audit is one page's measurement and never the site's score, however much newer it is.
 */
export const siteScoreCondition = sql`coalesce(${auditHistory.kind}, ${auditHistory.auditData}->>'kind') = ${sql.raw(`'${SITE_SCORE_KIND}'`)}`;

/** The newest own site audit's scores only (your score): what the insights need, without reading the stored audit. */
export async function latestOwnScores(db: Db, userId: string, profile: Sites) {
  // Prepared (the insights card asks on every page load): the sites are array parameters.
  const statement = preparedOn(db, 'latest_own_site_scores', (db, name) =>
    db
      .select(scoreColumns)
      .from(auditHistory)
      .where(and(eq(auditHistory.userId, sql.placeholder('userId')), ownAuditCondition('placeholders'), siteScoreCondition))
      .orderBy(desc(auditHistory.createdAt))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, ...siteParams(profileSites(profile)) });
  return row ?? null;
}

/** The user's audits that belong to one site (placeholders userId, origin, siteKey and the sites'). */
function oneSiteCondition() {
  return and(
    eq(auditHistory.userId, sql.placeholder('userId')),
    eq(auditHistory.websiteOrigin, sql.placeholder('origin')),
    ofSiteCondition('placeholders', sql`${sql.placeholder('siteKey')}::text`),
  );
}

/** The scores of the newest site audit that belongs to `website` (its score; a site of the profile, or matched as one more of the user's). */
export async function latestSiteScores(db: Db, userId: string, profile: Sites, website: string) {
  const address = siteAddress(website);
  if (address === null) return null;
  const statement = preparedOn(db, 'latest_site_audit_scores', (db, name) =>
    db
      .select(scoreColumns)
      .from(auditHistory)
      .where(and(oneSiteCondition(), siteScoreCondition))
      .orderBy(desc(auditHistory.createdAt))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, origin: address.origin, siteKey: siteKeyOf(address), ...siteParams(withSite(profileSites(profile), website, address)) });
  return row ?? null;
}

/**
 * The audits that belong to `website` (a site of the profile, or matched as one more of the
 * user's), with the sites bound as values rather than placeholders: for reads that are rare or
 * bind a different profile per user (reports, the workspace roll-up, playbooks). The caller scopes
 * it by user. Null for an address that is not http(s).
 */
export function siteAuditCondition(profile: Sites, website: string): SQL | null {
  const address = siteAddress(website);
  if (address === null) return null;
  const bound = siteParams(withSite(profileSites(profile), website, address));
  return and(eq(auditHistory.websiteOrigin, address.origin), ofSiteCondition(bound, sql`${siteKeyOf(address)}::text`))!;
}

/** The profile's sites, plus `website` as one more of the user's when the profile does not list it. */
function withSite(sites: ProfileSite[], website: string, address: { origin: string; path: string }): ProfileSite[] {
  const key = siteKeyOf(address);
  return sites.some((site) => siteKeyOf(site) === key) ? sites : [...sites, { name: website, url: website, ...address, role: 'website' }];
}

/**
 * The overview's audit list (GET /api/audits), newest first. Without `website`: the user's own
 * audits, never a competitor's. With it: the audits that belong to that site under the matching
 * rule, so a competitor under another path of the same host is not counted as the website. A
 * website missing from the profile is matched as one more site of the user's.
 */
export async function listOwnAuditSummaries(db: Db, userId: string, profile: Sites, options: { website?: string; limit: number }): Promise<AuditSummaryRow[]> {
  const sites = profileSites(profile);
  if (options.website === undefined) {
    const statement = preparedOn(db, 'own_audit_summaries', (db, name) =>
      db
        .select(summarySelection)
        .from(auditHistory)
        .where(and(eq(auditHistory.userId, sql.placeholder('userId')), ownAuditCondition('placeholders')))
        .orderBy(desc(auditHistory.createdAt))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    );
    return statement.execute({ userId, limit: options.limit, ...siteParams(sites) });
  }
  const address = siteAddress(options.website);
  if (address === null) return [];
  const key = siteKeyOf(address);
  const withTarget = withSite(sites, options.website, address);
  const statement = preparedOn(db, 'site_audit_summaries', (db, name) =>
    db
      .select(summarySelection)
      .from(auditHistory)
      .where(oneSiteCondition())
      .orderBy(desc(auditHistory.createdAt))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ userId, origin: address.origin, siteKey: key, limit: options.limit, ...siteParams(withTarget) });
}

/**
 * The address variants one audit is compared under: as stored, and with and without the trailing
 * slash of its path (the same page typed two ways). Like with like means the same address and the
 * same kind of audit (a page is never compared with a site crawl).
 */
export function addressVariants(url: string): string[] {
  const variants = new Set([url]);
  if (URL.canParse(url)) {
    const parsed = new URL(url);
    if (parsed.search === '' && parsed.hash === '') {
      const bare = url.replace(/\/+$/, '');
      variants.add(bare);
      variants.add(`${bare}/`);
    }
  }
  return [...variants];
}
