import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { addressKey, isSiteScore, sameMeasurement, siteScoreAudit, type Digest } from '@citable/contract';
import type { Db } from '../../db/client';
import { alerts, citationRuns } from '../../db/schema';
import { measuredAudit, type AuditHistoryRow } from '../audits';
import { getOrCreateProfile } from '../profile';
import { ownAudits } from '../track';
import { topFixes } from './top-fixes';

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** Enough of the history to find each site's last audit before the week, for any realistic schedule. */
const HISTORY_LIMIT = 500;
const ALERT_LIMIT = 5;

/** Where each part of the digest leads in the dashboard. */
export const digestLink = (publicUrl: string, section: string) => `${publicUrl}/dashboard?section=${encodeURIComponent(section)}`;

/**
 * Per website: its score (the latest site audit of the week) against the last audit before it that
 * measured the same pages (or the week's first such). Page audits are no site's score, and a crawl
 * of other pages is no earlier value of it (contract your-score.ts, issue 30): then no change is given.
 */
function scoreChanges(audits: AuditHistoryRow[], weekStart: Date): Digest['scoreChanges'] {
  const bySite = new Map<string, AuditHistoryRow[]>();
  // Pasted content has no site to follow over time.
  for (const audit of audits) {
    const key = addressKey(audit.websiteUrl);
    if (audit.websiteOrigin && key && isSiteScore(audit.auditData)) bySite.set(key, [...(bySite.get(key) ?? []), audit]);
  }
  const changes: Digest['scoreChanges'] = [];
  for (const rows of bySite.values()) {
    const inWeek = rows.filter((row) => row.createdAt >= weekStart);
    if (inWeek.length === 0) continue;
    const latest = inWeek[0]!;
    const site = latest.websiteOrigin!;
    const comparable = rows.filter((row) => row !== latest && sameMeasurement(measuredAudit(row), measuredAudit(latest)));
    const before = comparable.find((row) => row.createdAt < weekStart) ?? comparable[comparable.length - 1];
    const from = before?.overallScore ?? null;
    changes.push({ site, from, to: latest.overallScore, change: from === null ? null : latest.overallScore - from });
  }
  return changes.sort((a, b) => Math.abs(b.change ?? 0) - Math.abs(a.change ?? 0));
}

/** The week ending at `now` for one user: what changed, what was found, and what to fix next. */
export async function buildDigest(db: Db, userId: string, now: Date, publicUrl: string): Promise<Digest> {
  const weekStart = new Date(now.getTime() - WEEK_MS);
  const profile = await getOrCreateProfile(db, userId);
  const audits = (await ownAudits(db, userId, profile, HISTORY_LIMIT)).filter((audit) => audit.createdAt < now);
  const newAlerts = await db
    .select({ title: alerts.title, message: alerts.message, severity: alerts.severity })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.dismissed, false), gte(alerts.createdAt, weekStart), lt(alerts.createdAt, now)))
    .orderBy(desc(alerts.createdAt))
    .limit(ALERT_LIMIT);
  const runs = await db
    .select({ mentions: citationRuns.mentions, samples: citationRuns.samples })
    .from(citationRuns)
    .where(and(eq(citationRuns.userId, userId), gte(citationRuns.createdAt, weekStart), lt(citationRuns.createdAt, now)));
  // The fixes are the site's score's: its latest site audit, a page audit only while there is none.
  const latest = siteScoreAudit(audits.map((audit) => ({ kind: audit.auditData.kind, audit })))?.audit ?? audits[0];
  const fixes = latest ? topFixes(latest.auditData).map((fix) => ({ ...fix, url: digestLink(publicUrl, 'audit') })) : [];
  const changes = scoreChanges(audits, weekStart);
  return {
    weekStart: weekStart.toISOString(),
    weekEnd: now.toISOString(),
    scoreChanges: changes,
    alerts: newAlerts,
    citations: { runs: runs.length, mentions: runs.reduce((sum, run) => sum + run.mentions, 0), samples: runs.reduce((sum, run) => sum + run.samples, 0) },
    topFixes: fixes,
    empty: changes.length === 0 && newAlerts.length === 0 && runs.length === 0 && fixes.length === 0,
  };
}
