import { desc, eq, sql } from 'drizzle-orm';
import { INSIGHT_RULES, siteAddress, type InsightList, type Profile } from '@citable/contract';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import { userActivity } from '../../../db/schema';
import { countOwnAudits, latestOwnScores, latestSiteScores } from '../own-audits';
import { profileSites } from '../site-roles';
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

  /**
   * `profile` is the owner's, as the route already has it (app.ownerProfile). With `website` the
   * insights read that website's latest audit, the one the overview shows (issue 19); without it,
   * the newest of the user's own audits. Never a competitor's.
   */
  async get(userId: string, profile: Profile, requested?: string): Promise<InsightList> {
    const now = this.now();
    // Only a website of the profile narrows them (which also bounds the cache to the profile's websites).
    const address = siteAddress(requested);
    const website = address ? profileSites(profile).find((site) => site.role === 'website' && site.origin === address.origin && site.path === address.path)?.url : undefined;
    const latest = website === undefined ? await latestOwnScores(this.db, userId, profile) : await latestSiteScores(this.db, userId, profile, website);
    const lastActivity = preparedOn(this.db, 'last_activity', (db, name) =>
      db.select({ at: userActivity.createdAt }).from(userActivity).where(eq(userActivity.userId, sql.placeholder('userId'))).orderBy(desc(userActivity.createdAt)).limit(1).prepare(name),
    );
    const [activity] = await lastActivity.execute({ userId });
    const fingerprint = [profile.plan, profile.updated_at, latest?.id ?? '', activity?.at.toISOString() ?? ''].join('|');
    const key = `${userId}\n${website ?? ''}`;
    const cached = this.cache.get(key);
    if (cached && cached.fingerprint === fingerprint && now.getTime() - cached.at < INSIGHT_RULES.throttleMs) return cached.value;
    // Own audits only: a competitor's audit is not one of the user's (issue 19).
    const audits = await countOwnAudits(this.db, userId, profile);
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
    this.cache.set(key, { at: now.getTime(), fingerprint, value });
    return value;
  }
}
