import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addressKey, MONITOR_INTERVAL_MS, type PlanId } from '@citable/contract';
import { currentPlan } from '../../billing';
import type { Db } from '../../../db/client';
import { auditHistory, monitorRuns, monitorSchedules, userProfiles } from '../../../db/schema';
import type { JobDefinition, JobRegistry } from '../../../jobs/jobs-plugin';
import { expectedFailureMessage, INTERNAL_FAILURE_MESSAGE, isAddressRefusal, finishRun, type AuditDeps, auditSite, createRun, failAbandonedRuns, failRun, getRun, markRunning, writeProgress } from '../../audits';
import { profileSites } from '../site-roles';

/** Pages a scheduled audit reads: enough to follow a site, light enough to run for every site daily. */
export const MONITOR_MAX_PAGES = 10;
/** Retries of a failed scheduled audit, with exponential backoff from a minute (1, 2 minutes). */
export const MONITOR_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: true } as const;
/** Sites started per tick at most, so one tick never floods the queue. */
const STARTS_PER_TICK = 100;

const auditPayload = z.strictObject({ runId: z.uuid(), userId: z.string().min(1) });
const tickPayload = z.strictObject({});

export interface MonitorDeps {
  audit: AuditDeps;
  jobs: Pick<JobRegistry, 'send'>;
  /** The clock; tests drive weeks of schedule through it. */
  now?: () => Date;
}

export interface TickResult {
  started: number;
  /** Due sites left for a later tick because their user already had an audit in flight. */
  busy: number;
  /** Due sites moved to one interval after a site audit that ran since (a manual one, usually). */
  deferred: number;
}

/** How far back a site's own audits are looked at when one is due: a handful of the newest. */
const RECENT_AUDITS_READ = 20;

/**
 * Re-audits every website and competitor of every profile on the plan's cadence. A cron job ticks
 * every five minutes; the tick syncs the schedules with the profiles, then starts an audit run for
 * each due site as a background job. A run takes the user's one audit slot like a manual audit
 * does, so a user's manual and scheduled audits never run at once: a busy user's site stays due.
 */
export class Monitor {
  readonly auditJob: JobDefinition<typeof auditPayload>;
  readonly tickJob: JobDefinition<typeof tickPayload>;
  private readonly now: () => Date;

  constructor(private readonly deps: MonitorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.auditJob = {
      id: 'monitor-audit',
      payload: auditPayload,
      queue: { ...MONITOR_RETRY, expireInSeconds: 3600 },
      handler: ({ runId, userId }) => this.runAudit(userId, runId),
    };
    this.tickJob = {
      id: 'monitor-tick',
      payload: tickPayload,
      // A tick that overlaps the next would start nothing new: its due sites are already started.
      queue: { retryLimit: 0 },
      schedule: { cron: '*/5 * * * *', payload: {} },
      handler: () => this.tick(),
    };
  }

  private get db(): Db {
    return this.deps.audit.db;
  }

  /** Brings the schedule rows in step with the profiles: new sites are due at once, removed ones go. */
  async syncSchedules(now: Date): Promise<void> {
    const profiles = await this.db.select({ userId: userProfiles.userId, websites: userProfiles.websites, competitors: userProfiles.competitors }).from(userProfiles);
    const existing = await this.db.select({ userId: monitorSchedules.userId, url: monitorSchedules.url, role: monitorSchedules.role }).from(monitorSchedules);
    const key = (userId: string, url: string) => `${userId}\n${url}`;
    const wanted = new Map<string, { userId: string; url: string; role: string }>();
    for (const profile of profiles) {
      for (const site of profileSites(profile)) wanted.set(key(profile.userId, site.url), { userId: profile.userId, url: site.url, role: site.role });
    }
    const have = new Map(existing.map((row) => [key(row.userId, row.url), row]));
    const added = [...wanted.entries()].filter(([k]) => !have.has(k)).map(([, site]) => ({ ...site, nextRunAt: now }));
    if (added.length > 0) await this.db.insert(monitorSchedules).values(added).onConflictDoNothing();
    for (const [k, row] of have) {
      const site = wanted.get(k);
      if (!site) await this.db.delete(monitorSchedules).where(and(eq(monitorSchedules.userId, row.userId), eq(monitorSchedules.url, row.url)));
      else if (site.role !== row.role) await this.db.update(monitorSchedules).set({ role: site.role }).where(and(eq(monitorSchedules.userId, row.userId), eq(monitorSchedules.url, row.url)));
    }
  }

  /** One pass of the scheduler at `now`: sync, then start every due site whose user is free. */
  async tick(now: Date = this.now()): Promise<TickResult> {
    await this.syncSchedules(now);
    const due = await this.db
      .select({ schedule: monitorSchedules })
      .from(monitorSchedules)
      .innerJoin(userProfiles, eq(userProfiles.userId, monitorSchedules.userId))
      .where(sql`${monitorSchedules.nextRunAt} <= ${now.toISOString()}`)
      .orderBy(monitorSchedules.nextRunAt)
      .limit(STARTS_PER_TICK);
    const result: TickResult = { started: 0, busy: 0, deferred: 0 };
    for (const { schedule } of due) {
      // currentPlan, not the profile row: a workspace client's principal runs on the agency owner's plan (issue #11).
      const plan = await currentPlan(this.db, schedule.userId);
      if (await this.deferAfterRecentAudit(schedule.userId, schedule.url, plan, now)) result.deferred += 1;
      else if (await this.start(schedule.userId, schedule.url, schedule.role, plan, now)) result.started += 1;
      else result.busy += 1;
    }
    return result;
  }

  /**
   * A site audited by hand within the plan's interval (the first manual audit after onboarding, an
   * "Audit now") is not audited again by the schedule seconds later (issue 33): its next scheduled run
   * moves to one interval after that audit. Site audits only, of the same address (a trailing
   * slash aside, addressKey); a page audit does not stand in for a crawl of the site.
   */
  private async deferAfterRecentAudit(userId: string, url: string, plan: PlanId, now: Date): Promise<boolean> {
    const origin = URL.canParse(url) ? new URL(url).origin : null;
    if (!origin) return false;
    const recent = await this.db
      .select({ url: auditHistory.websiteUrl, kind: auditHistory.kind, createdAt: auditHistory.createdAt })
      .from(auditHistory)
      // The schedule's own runs already set its next run; only audits started by hand move it.
      .leftJoin(monitorRuns, eq(monitorRuns.runId, auditHistory.id))
      .where(and(eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, origin), isNull(monitorRuns.runId)))
      .orderBy(desc(auditHistory.createdAt))
      .limit(RECENT_AUDITS_READ);
    const key = addressKey(url);
    const latest = recent.find((row) => row.kind === 'site' && addressKey(row.url) === key);
    if (!latest) return false;
    const nextRunAt = new Date(latest.createdAt.getTime() + MONITOR_INTERVAL_MS[plan]);
    if (nextRunAt <= now) return false;
    await this.db
      .update(monitorSchedules)
      .set({ nextRunAt })
      .where(and(eq(monitorSchedules.userId, userId), eq(monitorSchedules.url, url)));
    return true;
  }

  private async start(userId: string, url: string, role: string, plan: PlanId, now: Date): Promise<boolean> {
    // Abandonment is about real time passing, not the schedule's clock (which tests run ahead).
    await failAbandonedRuns(this.db, userId);
    // Monitoring is part of the plan, not a use of the monthly audit allowance.
    const run = await createRun(this.db, userId, { scope: 'site', websiteUrl: url, maxPages: MONITOR_MAX_PAGES, status: 'queued', counted: false });
    if (!run) return false;
    await this.db.insert(monitorRuns).values({ runId: run.id, userId, url, role });
    await this.db
      .update(monitorSchedules)
      .set({ lastRunAt: now, nextRunAt: new Date(now.getTime() + MONITOR_INTERVAL_MS[plan]) })
      .where(and(eq(monitorSchedules.userId, userId), eq(monitorSchedules.url, url)));
    try {
      await this.deps.jobs.send(this.auditJob, { runId: run.id, userId });
    } catch (error) {
      await failRun(this.db, userId, run.id, INTERNAL_FAILURE_MESSAGE);
      throw error;
    }
    return true;
  }

  /**
   * The scheduled audit's work. Unlike a manual audit, a failure is thrown back to pg-boss while
   * retries remain (a site that is down now may be up in a minute); the last attempt fails the
   * run, which then shows as failed in the history. An address the crawler refuses (the address
   * policy, or a URL it cannot audit at all) is refused again on every attempt: that run fails at
   * once, with a single warning, and the site's card shows why (GET /api/monitoring/sites).
   */
  async runAudit(userId: string, runId: string): Promise<void> {
    const run = await getRun(this.db, userId, runId);
    if (!run || run.status === 'completed' || run.status === 'failed' || run.websiteUrl === null) return;
    const [attempt] = await this.db
      .update(monitorRuns)
      .set({ attempts: sql`${monitorRuns.attempts} + 1` })
      .where(and(eq(monitorRuns.runId, runId), eq(monitorRuns.userId, userId)))
      .returning({ attempts: monitorRuns.attempts });
    await markRunning(this.db, userId, runId);
    try {
      const stored = await auditSite(run.websiteUrl, {
        allowHosts: this.deps.audit.allowHosts,
        maxPages: run.maxPages,
        onProgress: (progress) => writeProgress(this.db, userId, runId, progress),
      });
      // The save is part of the work: a save that fails fails the run, never leaves it running (#35).
      await finishRun(this.deps.audit, userId, run, stored);
    } catch (error) {
      if (isAddressRefusal(error)) {
        // The user's own input, not a fault: no stack, and no URL beyond its host.
        this.deps.audit.log.warn({ auditId: runId, host: hostOf(run.websiteUrl), code: error.code }, 'scheduled audit refused: the address may not be audited');
        await failRun(this.db, userId, runId, error.message);
        return;
      }
      const message = expectedFailureMessage(error);
      if ((attempt?.attempts ?? 1) <= MONITOR_RETRY.retryLimit) throw error;
      if (message === null) this.deps.audit.log.error({ err: error, auditId: runId }, 'scheduled audit failed');
      await failRun(this.db, userId, runId, message ?? INTERNAL_FAILURE_MESSAGE);
    }
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
