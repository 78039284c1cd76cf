import { and, desc, eq, type SQL } from 'drizzle-orm';
import { CUSTOM_FIX_STEP_PREFIX, CUSTOM_PLAYBOOK_PREFIX, type AuditIssue, type Playbook, type Profile, type Subscores } from '@citable/contract';
import type { Db } from '../../db/client';
import { auditHistory, customPlaybooks, playbookProgress } from '../../db/schema';
import { ownAuditCondition, siteAuditCondition, siteParams, profileSites, siteScoreCondition } from '../track';

/** Playbook progress and custom playbooks, always scoped by the user id. */

export async function completedSteps(db: Db, userId: string): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ playbookId: playbookProgress.playbookId, stepId: playbookProgress.stepId })
    .from(playbookProgress)
    .where(eq(playbookProgress.userId, userId))
    .orderBy(playbookProgress.completedAt);
  const out: Record<string, string[]> = {};
  for (const row of rows) (out[row.playbookId] ??= []).push(row.stepId);
  return out;
}

/** Marks a step completed; completing it again keeps the first completion time. */
export async function completeStep(db: Db, userId: string, playbookId: string, stepId: string): Promise<void> {
  await db.insert(playbookProgress).values({ userId, playbookId, stepId }).onConflictDoNothing();
}

const customId = (rowId: string) => `${CUSTOM_PLAYBOOK_PREFIX}${rowId}`;

/**
 * A stored custom playbook as served: under its row's id, without the constant `matchScore` rows
 * written before the match was measured still hold, and with each fix step's check named (such
 * rows named it only in the step id, `fix-<check id>`).
 */
function storedPlaybook(rowId: string, stored: Playbook & { matchScore?: unknown }): Playbook {
  const { matchScore: _constant, ...playbook } = stored;
  const steps = playbook.steps.map((step) =>
    step.checkIds === undefined && step.id.startsWith(CUSTOM_FIX_STEP_PREFIX) ? { ...step, checkIds: [step.id.slice(CUSTOM_FIX_STEP_PREFIX.length)] } : step,
  );
  return { ...playbook, steps, id: customId(rowId) };
}
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's custom playbooks, newest first. */
export async function listCustomPlaybooks(db: Db, userId: string): Promise<Playbook[]> {
  const rows = await db.select().from(customPlaybooks).where(eq(customPlaybooks.userId, userId)).orderBy(desc(customPlaybooks.createdAt));
  return rows.map((row) => storedPlaybook(row.id, row.playbook));
}

/** Someone else's playbook, a missing one and a malformed id all read as null. */
export async function getCustomPlaybook(db: Db, userId: string, id: string): Promise<Playbook | null> {
  const rowId = id.slice(CUSTOM_PLAYBOOK_PREFIX.length);
  if (!uuidPattern.test(rowId)) return null;
  const [row] = await db
    .select()
    .from(customPlaybooks)
    .where(and(eq(customPlaybooks.id, rowId), eq(customPlaybooks.userId, userId)));
  return row ? storedPlaybook(row.id, row.playbook) : null;
}

/** Stores a playbook built by `build` with the id the row gets. */
export async function insertCustomPlaybook(db: Db, userId: string, auditId: string, build: (id: string) => Playbook): Promise<Playbook> {
  const rowId = crypto.randomUUID();
  const playbook = build(customId(rowId));
  await db.insert(customPlaybooks).values({ id: rowId, userId, auditId, playbook });
  return playbook;
}

export interface LatestAudit {
  id: string;
  subscores: Subscores;
  issues: AuditIssue[];
  websiteUrl: string | null;
  createdAt: Date;
}

type Sites = Pick<Profile, 'websites' | 'competitors'>;

/**
 * The newest own audit, a site audit first (the site's score, issue 30: a newer page audit is one
 * page, and a playbook built from it would be that page's, not the site's); a page audit only while
 * there is no site audit. A competitor's audit (by the profile's sites) is never the user's.
 */
export async function latestAudit(db: Db, userId: string, sites: Sites = { websites: [], competitors: [] }): Promise<LatestAudit | null> {
  return newestSiteAuditFirst(db, and(eq(auditHistory.userId, userId), ownAuditCondition(siteParams(profileSites(sites))))!);
}

/**
 * The newest audit of one site, a site audit first (`website`, matched by contract/site-match.ts's rule, so a
 * competitor under another path of the same host keeps its audits); null without one.
 */
export async function latestSiteAudit(db: Db, userId: string, sites: Sites, website: string): Promise<LatestAudit | null> {
  const ofSite = siteAuditCondition(sites, website);
  return ofSite === null ? null : newestSiteAuditFirst(db, and(eq(auditHistory.userId, userId), ofSite)!);
}

async function newestSiteAuditFirst(db: Db, condition: SQL): Promise<LatestAudit | null> {
  return (await newestWhere(db, and(condition, siteScoreCondition)!)) ?? newestWhere(db, condition);
}

async function newestWhere(db: Db, condition: SQL): Promise<LatestAudit | null> {
  const [row] = await db
    .select({
      id: auditHistory.id,
      aiUnderstanding: auditHistory.aiUnderstanding,
      citationLikelihood: auditHistory.citationLikelihood,
      conversationalReadiness: auditHistory.conversationalReadiness,
      contentStructure: auditHistory.contentStructure,
      issues: auditHistory.issues,
      websiteUrl: auditHistory.websiteUrl,
      createdAt: auditHistory.createdAt,
    })
    .from(auditHistory)
    .where(condition)
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  if (!row) return null;
  const { id, issues, websiteUrl, createdAt, ...subscores } = row;
  return { id, subscores, issues, websiteUrl, createdAt };
}
