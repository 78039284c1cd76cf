import { count, desc, eq, sql } from 'drizzle-orm';
import { INSIGHT_RULES, type InsightList, type Profile } from '@citable/contract';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { auditHistory, userActivity } from '../../db/schema';
import { latestOwnScores } from '../own-audits';
import { buildInsights } from './insight-rules';

interface Cached {
  at: number;
  fingerprint: string;
  value: InsightList;
}

/**
 * Insights regenerate at most once per 60 s per user (spec 002 §9) while their inputs stand
 * still. A new audit, a settings change or a tool run changes the fingerprint and regenerates at
 * once, which is what the client's refresh after a tool run or a save relies on.
 */
export class InsightsService {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `profile` is the owner's, as the route already has it (app.ownerProfile). */
  async get(userId: string, profile: Profile): Promise<InsightList> {
    const now = this.now();
    const latest = await latestOwnScores(this.db, userId, profile);
    const lastActivity = preparedOn(this.db, 'last_activity', (db, name) =>
      db.select({ at: userActivity.createdAt }).from(userActivity).where(eq(userActivity.userId, sql.placeholder('userId'))).orderBy(desc(userActivity.createdAt)).limit(1).prepare(name),
    );
    const [activity] = await lastActivity.execute({ userId });
    const fingerprint = [profile.plan, profile.updated_at, latest?.id ?? '', activity?.at.toISOString() ?? ''].join('|');
    const cached = this.cache.get(userId);
    if (cached && cached.fingerprint === fingerprint && now.getTime() - cached.at < INSIGHT_RULES.throttleMs) return cached.value;
    const [{ audits }] = await this.db.select({ audits: count() }).from(auditHistory).where(eq(auditHistory.userId, userId));
    const insights = buildInsights({
      latest: latest
        ? {
            overall: latest.overallScore,
            subscores: {
              aiUnderstanding: latest.aiUnderstanding,
              citationLikelihood: latest.citationLikelihood,
              conversationalReadiness: latest.conversationalReadiness,
              contentStructure: latest.contentStructure,
            },
          }
        : null,
      auditCount: audits,
      plan: profile.plan,
      lastActivityAt: activity?.at ?? null,
      now,
    });
    const value = { insights, generatedAt: now.toISOString() };
    this.cache.set(userId, { at: now.getTime(), fingerprint, value });
    return value;
  }
}
