import { ENGINE_FAILURE_LABELS, type CitationTracking, type TrackedSite, type TrackingRun } from '@citable/contract';
import { percent, rateWithInterval } from './format';

/**
 * Which answer engines the tracked prompts are asked of, in words a user understands (issue 21):
 * never the settings behind them, which are the operator's.
 */
export function engineSummary(engines: CitationTracking['engines']): { asked: string; notSetUp: string | null; notInPlan: string | null } {
  const names = (status: CitationTracking['engines'][number]['status']) => engines.filter((engine) => engine.status === status).map((engine) => engine.name);
  const on = names('on');
  const off = names('not_set_up');
  const over = names('not_in_plan');
  return {
    asked: on.length > 0 ? on.join(', ') : 'no answer engine',
    notSetUp: off.length > 0 ? `${off.join(', ')}: not set up on this server` : null,
    notInPlan: over.length > 0 ? `${over.join(', ')}: not in your plan` : null,
  };
}

export const cadence = (intervalDays: number) => (intervalDays === 1 ? 'daily' : intervalDays === 7 ? 'weekly' : `every ${intervalDays} days`);

/** "Running: 12 of 36 answers", "Next run 28 Nov, 09:00" or "First run within 5 minutes". */
export function scheduleLabel(site: TrackedSite, now: Date, format: (date: Date) => string): string {
  if (site.running) return `Running: ${site.running.asksDone} of ${site.running.asksPlanned} answers`;
  if (!site.nextRunAt) return 'Not scheduled';
  const next = new Date(site.nextRunAt);
  if (next.getTime() <= now.getTime()) return site.lastRunAt ? 'Next run within 5 minutes' : 'First run within 5 minutes';
  return `Next run ${format(next)}`;
}

export const ALL_PROMPTS = '';

/**
 * The trend chart's rows, oldest run first: one column per engine that answered in any run, the
 * engine's rate over every prompt, or over one prompt when `prompt` is set. An engine that did
 * not answer a run has no point there (a gap, not a zero).
 */
export function trendRows(runs: readonly TrackingRun[], prompt: string, label: (date: Date) => string): { rows: Record<string, string | number | null>[]; engines: { id: string; name: string }[] } {
  const engines = new Map<string, string>();
  for (const run of runs) for (const engine of run.engines) if (engine.samples > 0) engines.set(engine.sourceId, engine.name);
  const rows = [...runs].reverse().map((run) => {
    const row: Record<string, string | number | null> = { date: label(new Date(run.created_at)) };
    for (const id of engines.keys()) {
      if (prompt === ALL_PROMPTS) {
        const engine = run.engines.find((entry) => entry.sourceId === id);
        row[id] = engine && engine.samples > 0 ? Math.round(engine.rate * 100) : null;
      } else {
        const rate = run.prompts.find((entry) => entry.sourceId === id && entry.prompt === prompt);
        row[id] = rate && rate.samples > 0 ? Math.round(rate.rate * 100) : null;
      }
    }
    return row;
  });
  return { rows, engines: [...engines].map(([id, name]) => ({ id, name })) };
}

/** The latest run's rate for one prompt on one engine, with the change since the run before. */
export function promptCell(latest: TrackingRun, previous: TrackingRun | undefined, sourceId: string, prompt: string): { text: string; change: 'up' | 'down' | null } | null {
  const now = latest.prompts.find((entry) => entry.sourceId === sourceId && entry.prompt === prompt);
  if (!now || now.samples === 0) return null;
  const before = previous?.prompts.find((entry) => entry.sourceId === sourceId && entry.prompt === prompt);
  const change = !before || before.samples === 0 || before.rate === now.rate ? null : now.rate > before.rate ? 'up' : 'down';
  return { text: `${percent(now.rate)} (${now.mentions}/${now.samples})`, change };
}

/**
 * One engine on the latest run: its rate over its answers, cited beside mentioned, or why it has
 * none. Never "0 of 0 answers": an engine that gave no answer says so.
 */
export function engineLine(engine: TrackingRun['engines'][number]): string {
  const failedAsks = engine.failedAsks ? ` · ${engine.failedAsks} of ${engine.asks ?? engine.failedAsks + engine.samples} asks failed${engine.failure ? ` (${ENGINE_FAILURE_LABELS[engine.failure].toLowerCase()})` : ''}` : '';
  if (engine.status !== 'ok') return `${engine.failure ? ENGINE_FAILURE_LABELS[engine.failure] : 'No answer'}: ${engine.message ?? 'no answer on the last run'}`;
  if (engine.samples === 0) return `no answer on the last run${failedAsks}`;
  return [
    `mentioned ${rateWithInterval(engine.rate, engine.interval)} of ${engine.samples} answers`,
    engine.cited !== undefined ? ` · cited in ${engine.cited}` : '',
    engine.shareOfVoice != null ? ` · share of voice ${percent(engine.shareOfVoice)}` : '',
    failedAsks,
  ].join('');
}

/**
 * What the history says before its first scheduled run, true to the schedule (issue 29): a run is
 * only promised when one is scheduled, and "no prompt tracked" is said as such.
 */
export function noRunsText(domain: string, site: TrackedSite | undefined, engines: CitationTracking['engines'] | undefined): string {
  if (!site || site.prompts.length === 0) return `No scheduled run yet for ${domain}: track a prompt above and it is asked on a schedule.`;
  if (engines && !engines.some((engine) => engine.status === 'on')) return `No scheduled run yet for ${domain}: no answer engine is set up on this server, so the tracked prompts are not asked.`;
  if (site.running) return `No scheduled run yet for ${domain}: the first one is running.`;
  if (!site.nextRunAt) return `No scheduled run yet for ${domain}, and none is scheduled.`;
  return `No scheduled run yet for ${domain}. The first one starts within minutes of adding a prompt.`;
}
