import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CITATION_ALERT_RULES, isAnswerEngine, MONITOR_INTERVAL_MS } from '@citable/contract';
import { currentPlan } from '../billing';
import type { Db } from '../../db/client';
import type { JobDefinition, JobRegistry } from '../../jobs/jobs-plugin';
import { getOrCreateProfile } from '../profile';
import { storeAlerts, type AlertDraft } from '../track';
import { citationAlerts } from './citation-alerts';
import { asksPerEngine, enginesInPlan, runCitationTracker, sourcesOn, type TrackerDeps } from './tracker';
import { claimSchedule, dueSchedules, finishSchedule, listTrackedPrompts, releaseStaleSchedules, writeScheduleProgress } from './tracking-store';
import { scheduledRuns, trackingRun } from './tracking-history';

/** Websites started per tick at most, so one tick never floods the queue. */
const STARTS_PER_TICK = 50;
/** A run claimed this long ago whose job never finished died with its process: it may run again. */
export const STALE_RUN_MS = 2 * 3_600_000;
/** Progress is written at most this often per run, not on every answer. */
const PROGRESS_EVERY_MS = 1_000;

const runPayload = z.strictObject({ userId: z.string().min(1), domain: z.string().min(1).max(2048) });
const tickPayload = z.strictObject({});

export interface CitationMonitorDeps {
  tracker: Omit<TrackerDeps, 'now'>;
  jobs: Pick<JobRegistry, 'send'>;
  log: FastifyBaseLogger;
  /** The clock; tests drive weeks of schedule through it. */
  now?: () => Date;
  /** Told a scheduled run's alerts once they are stored (the composition root raises webhook events). */
  onAlerts?: (userId: string, domain: string, alerts: AlertDraft[]) => Promise<void>;
}

/**
 * Runs every tracked website's prompts on the plan's monitoring cadence (issue 21), as the audit
 * monitor does for audits: a cron tick every five minutes claims the due websites and sends one job
 * per website; the job asks every engine the plan allows, stores the run like a manual one (marked
 * `scheduled`), and raises the citation alerts against the previous scheduled run.
 */
export class CitationMonitor {
  readonly runJob: JobDefinition<typeof runPayload>;
  readonly tickJob: JobDefinition<typeof tickPayload>;
  private readonly now: () => Date;

  constructor(private readonly deps: CitationMonitorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.runJob = {
      id: 'citation-track',
      payload: runPayload,
      // A failed engine is already recorded in the run; a run that failed as a whole waits for its next turn.
      queue: { retryLimit: 0, expireInSeconds: 3600 },
      handler: ({ userId, domain }) => this.run(userId, domain),
    };
    this.tickJob = {
      id: 'citation-tick',
      payload: tickPayload,
      queue: { retryLimit: 0 },
      schedule: { cron: '*/5 * * * *', payload: {} },
      handler: () => this.tick(),
    };
  }

  private get db(): Db {
    return this.deps.tracker.db;
  }

  /** One pass of the scheduler at `now`: every due website without a run in flight is claimed and sent. */
  async tick(now: Date = this.now()): Promise<{ started: number }> {
    await releaseStaleSchedules(this.db, new Date(now.getTime() - STALE_RUN_MS));
    let started = 0;
    for (const { userId, domain } of await dueSchedules(this.db, now, STARTS_PER_TICK)) {
      if (await this.start(userId, domain, now)) started += 1;
    }
    return { started };
  }

  /**
   * Claims one website's run and queues it; false when a run is already in flight. The tick calls
   * it for due websites, and adding a website's first prompts calls it so the first figures come
   * in minutes, not at the next tick.
   */
  async start(userId: string, domain: string, now: Date = this.now()): Promise<boolean> {
    const plan = await currentPlan(this.db, userId);
    if (!(await claimSchedule(this.db, userId, domain, now, new Date(now.getTime() + MONITOR_INTERVAL_MS[plan])))) return false;
    try {
      await this.deps.jobs.send(this.runJob, { userId, domain });
    } catch (error) {
      await finishSchedule(this.db, userId, domain, now, 'The run could not be queued.');
      throw error;
    }
    return true;
  }

  /** The scheduled run of one website's tracked prompts; never throws for an engine's failure. */
  async run(userId: string, domain: string): Promise<void> {
    const prompts = (await listTrackedPrompts(this.db, userId, domain)).map((row) => row.prompt);
    if (prompts.length === 0) {
      await finishSchedule(this.db, userId, domain, this.now(), null);
      return;
    }
    const plan = await currentPlan(this.db, userId);
    const { tracker } = this.deps;
    const engines = [...enginesInPlan(sourcesOn(tracker.sources, tracker.llm.configured), plan)].filter(isAnswerEngine).length;
    // Tracked prompts are for answer engines: with none to ask, a run would measure nothing of them.
    if (engines === 0) {
      await finishSchedule(this.db, userId, domain, this.now(), null);
      return;
    }
    const progress = { asksDone: 0, asksPlanned: engines * asksPerEngine(prompts.length, tracker.sources.samples, plan) };
    await writeScheduleProgress(this.db, userId, domain, progress);
    let written = Date.now();
    const onAnswered = () => {
      progress.asksDone += 1;
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      void writeScheduleProgress(this.db, userId, domain, { ...progress }).catch((error: unknown) => this.deps.log.warn({ err: error }, 'citation run progress not written'));
    };
    try {
      const profile = await getOrCreateProfile(this.db, userId);
      await runCitationTracker({ ...tracker, now: this.now }, { userId, plan, profile, input: { domain }, tracked: { prompts }, onAnswered });
      const history = (await scheduledRuns(this.db, userId, domain, CITATION_ALERT_RULES.engineFailureRuns)).map(trackingRun);
      const drafts = citationAlerts(domain, history);
      await storeAlerts(this.db, userId, drafts, this.now());
      await this.deps.onAlerts?.(userId, domain, drafts);
      await finishSchedule(this.db, userId, domain, this.now(), null);
    } catch (error) {
      this.deps.log.error({ err: error, domain }, 'scheduled citation run failed');
      await finishSchedule(this.db, userId, domain, this.now(), 'The last scheduled run failed; it will run again at its next time.');
    }
  }
}
