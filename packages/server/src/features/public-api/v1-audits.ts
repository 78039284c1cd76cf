import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LIST_DEFAULT, AUDIT_MESSAGES, V1_PAGE_DEFAULT, YOUR_SCORE_MESSAGES, siteScoreLabel, type AuditListResponse, type AuditRun, type Profile, type V1AuditBody, type V1AuditListResponse, type V1YourScore } from '@citable/contract';
import type { FastifyInstance } from 'fastify';
import { type auditRunJob, listAuditSummaries, createRun, failAbandonedRuns, failRun, getRunInFlight, getRunWithAudit, enforceAuditLimit, isOwnHost, siteAuditPages, summarySelection, toHistoryItem, toRunView } from '../audits';
import { auditHistory } from '../../db/schema';
import { decodeCursor, encodeCursor, isCursorTimestamp, isUuid } from './cursor';
import { HttpError, notFound } from '../../lib/http-error';
import { getOrCreateProfile } from '../profile';
import { ownAuditCondition, profileSites, siteParams, siteScoreCondition } from '../track';

/**
 * The audits of the public API: the same runs, allowance and job as `POST /api/audits`, so an
 * audit started with a key shows up in the dashboard and counts against the same monthly limit.
 */
export async function startAudit(app: FastifyInstance, job: ReturnType<typeof auditRunJob>, userId: string, body: V1AuditBody): Promise<AuditRun> {
  const profile = await getOrCreateProfile(app.db, userId);
  const counted = body.scope === 'site' || !isOwnHost(profile, body.url);
  const maxPages = body.scope === 'site' ? siteAuditPages(profile.plan, body.maxPages) : 1;
  await failAbandonedRuns(app.db, userId);
  if (counted) await enforceAuditLimit(app.db, userId, profile.plan);
  const run = await createRun(app.db, userId, {
    scope: body.scope,
    websiteUrl: body.url,
    maxPages,
    status: 'queued',
    counted,
  });
  if (!run) throw new HttpError(409, { error: AUDIT_MESSAGES.alreadyRunning });
  try {
    await app.jobs.send(job, { runId: run.id, userId });
  } catch (error) {
    await failRun(app.db, userId, run.id, AUDIT_MESSAGES.failed);
    throw error;
  }
  return toRunView(run, null, profile.plan);
}

export async function readAudit(app: FastifyInstance, userId: string, id: string): Promise<AuditRun> {
  await failAbandonedRuns(app.db, userId);
  const found = await getRunWithAudit(app.db, userId, id);
  if (!found) throw notFound();
  const profile = await getOrCreateProfile(app.db, userId);
  return toRunView(found.run, found.run.status === 'completed' ? found.audit : null, profile.plan);
}

export async function latestAudits(app: FastifyInstance, userId: string, limit = AUDIT_LIST_DEFAULT): Promise<AuditListResponse> {
  const profile = await getOrCreateProfile(app.db, userId);
  const rows = await listAuditSummaries(app.db, userId, { limit });
  await failAbandonedRuns(app.db, userId);
  const current = await getRunInFlight(app.db, userId);
  return { audits: rows.map((row) => toHistoryItem(row, profile.plan)), current: current ? toRunView(current, null, profile.plan) : null };
}

const CURSOR_KIND = 'audits';
// created_at travels as PostgreSQL prints it in UTC with microseconds: exact, unlike a JS Date's milliseconds.

/**
 * One page of the key owner's audits, newest first, ordered by (created_at, id) so that two
 * audits saved in the same microsecond still have one order. The cursor holds the last item's
 * pair; the next page reads strictly older pairs, so audits saved meanwhile never shift it.
 */
export async function pageOfAudits(app: FastifyInstance, userId: string, page: { limit?: number; cursor?: string }): Promise<V1AuditListResponse> {
  const limit = page.limit ?? V1_PAGE_DEFAULT;
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, CURSOR_KIND, [isCursorTimestamp, isUuid]);
  const createdAtText = sql<string>`to_char(${auditHistory.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await app.db
    .select({ ...summarySelection, createdAtText })
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), after ? sql`(${auditHistory.createdAt}, ${auditHistory.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined))
    .orderBy(desc(auditHistory.createdAt), desc(auditHistory.id))
    .limit(limit + 1);
  const profile = await getOrCreateProfile(app.db, userId);
  await failAbandonedRuns(app.db, userId);
  const current = await getRunInFlight(app.db, userId);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    audits: shown.map(({ createdAtText: _text, ...row }) => toHistoryItem(row, profile.plan)),
    current: current ? toRunView(current, null, profile.plan) : null,
    nextCursor: rows.length > limit && last ? encodeCursor(CURSOR_KIND, [last.createdAtText, last.id]) : null,
    yourScore: await accountScore(app, userId, profile),
  };
}

/**
 * Your score (contract/your-score.ts) as the dashboard states it: the newest site audit of the
 * account's own websites (never a competitor's); without one, the newest page audit of an own
 * address, labelled as one page's score; null before either. /api/v1's audit list and the MCP
 * tools state it alike; the profile is read when the caller has not.
 */
export async function accountScore(app: FastifyInstance, userId: string, known?: Profile): Promise<V1YourScore> {
  const profile = known ?? (await getOrCreateProfile(app.db, userId));
  const newest = async (kind: SQL | undefined) => {
    const [row] = await app.db
      .select(summarySelection)
      .from(auditHistory)
      .where(and(eq(auditHistory.userId, userId), isNotNull(auditHistory.websiteOrigin), ownAuditCondition(siteParams(profileSites(profile))), kind))
      .orderBy(desc(auditHistory.createdAt), desc(auditHistory.id))
      .limit(1);
    return row ?? null;
  };
  const row = (await newest(siteScoreCondition)) ?? (await newest(undefined));
  if (!row) return null;
  const kind = row.kind === 'site' ? 'site' : 'page';
  return {
    kind,
    auditId: row.id,
    url: row.websiteUrl,
    score: row.overallScore,
    pageCount: row.pageCount,
    measuredAt: row.createdAt.toISOString(),
    label: kind === 'site' ? siteScoreLabel(row.websiteUrl, row.pageCount) : YOUR_SCORE_MESSAGES.pageAudit(row.websiteUrl ?? 'a page'),
  };
}
