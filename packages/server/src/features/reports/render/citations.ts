import { CITATION_MEASURES, ENGINE_FAILURE_LABELS, type CitationSourceId, type ReportDocument, type TrackingRun } from '@citable/contract';
import { shortDay } from './labels';

/**
 * The answer-engine section (issue 21) as every format shows it: the website's scheduled runs of
 * its tracked prompts, newest first, turned into rows and series. Pure, so the wording is tested
 * once for the PDF, HTML and CSV renderers.
 */
export type ReportCitations = NonNullable<ReportDocument['citations']>;
type Engine = TrackingRun['engines'][number];

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "67% (21–94%)": the rate with its 95% interval, as the Citation Tracker shows it. */
export function rateWithInterval(rate: number, interval: { low: number; high: number }): string {
  return `${percent(rate)} (${Math.round(interval.low * 100)}–${percent(interval.high)})`;
}

/** One line colour per answer engine, the same in every run and format. */
export const ENGINE_LINE_COLORS: Partial<Record<CitationSourceId, string>> = {
  chatgpt: '#2563EB',
  claude: '#D97706',
  gemini: '#059669',
  perplexity: '#DB2777',
  'answer-engine': '#7C3AED',
};
const FALLBACK_LINE_COLOR = '#475569';

/** Why an engine has no rate in a run: the failure's label when the run recorded one (issue 29). */
function noRateText(engine: Engine | undefined): string {
  if (engine?.failure && engine.samples === 0) return ENGINE_FAILURE_LABELS[engine.failure].toLowerCase();
  switch (engine?.status) {
    case undefined:
      return 'not asked';
    case 'ok':
      return 'no answers';
    case 'unreachable':
      return 'unreachable';
    case 'error':
      return 'failed';
    case 'not_configured':
      return 'not set up';
    case 'not_in_plan':
      return 'not in the plan';
  }
}

const answered = (engine: Engine | undefined): engine is Engine => engine !== undefined && engine.samples > 0;

/**
 * The engines the section shows, in the runs' order: those that answered in any run, and those the
 * latest run asked that failed. Engines never set up or over the plan are not the site's story.
 */
export function reportedEngines(runs: readonly TrackingRun[]): { sourceId: CitationSourceId; name: string }[] {
  const engines = new Map<CitationSourceId, string>();
  const [latest] = runs;
  for (const run of runs) {
    for (const engine of run.engines) {
      const failedLatest = run === latest && (engine.status === 'unreachable' || engine.status === 'error');
      if (answered(engine) || failedLatest) engines.set(engine.sourceId, engine.name);
    }
  }
  return [...engines].map(([sourceId, name]) => ({ sourceId, name }));
}

export interface EngineRow {
  name: string;
  /** The latest run's rate with its interval, or null when the engine gave no answer. */
  rate: string | null;
  /** "4 of 6" answers mentioning the site (CITATION_MEASURES.mentioned), or why there are none. */
  mentioned: string;
  /** "1 of 6" answers citing one of the site's pages (CITATION_MEASURES.cited); '-' when there are no answers or the run did not record it. */
  cited: string;
  /** The run before's rate, '-' when there is none. */
  previous: string;
  /** The user's share of the brands the engine named in the latest run, '-' when it named none. */
  shareOfVoice: string;
}

/** Per engine, the latest run's mention rate (with its 95% interval) and the previous run's. */
export function engineRows(citations: ReportCitations): EngineRow[] {
  const [latest, previous] = citations.runs;
  if (!latest) return [];
  return reportedEngines(citations.runs).map(({ sourceId, name }) => {
    const now = latest.engines.find((engine) => engine.sourceId === sourceId);
    const before = previous?.engines.find((engine) => engine.sourceId === sourceId);
    return {
      name,
      rate: answered(now) ? rateWithInterval(now.rate, now.interval) : null,
      mentioned: answered(now) ? `${now.mentions} of ${now.samples}` : noRateText(now),
      cited: answered(now) && now.cited !== undefined ? `${now.cited} of ${now.samples}` : '-',
      previous: answered(before) ? percent(before.rate) : '-',
      shareOfVoice: answered(now) && now.shareOfVoice != null ? percent(now.shareOfVoice) : '-',
    };
  });
}

/**
 * What failed on the latest run, per engine, as the tracker page says it (issue 29): an engine
 * whose every ask failed with the reason the run recorded ("Key refused: Claude refused this
 * server's key (HTTP 401)."), and an engine that answered some asks with how many failed and why
 * ("3 of 15 asks failed: rate limited"). Empty when every ask of every engine was answered.
 */
export function engineFailureRows(citations: ReportCitations): { name: string; text: string }[] {
  const [latest] = citations.runs;
  if (!latest) return [];
  const shown = new Set(reportedEngines(citations.runs).map((engine) => engine.sourceId));
  return latest.engines.flatMap((engine) => {
    if (!shown.has(engine.sourceId)) return [];
    const label = engine.failure ? ENGINE_FAILURE_LABELS[engine.failure] : null;
    if (engine.samples === 0) {
      if (engine.status !== 'error' && engine.status !== 'unreachable') return [];
      const reason = engine.message ?? 'no answer on the latest run.';
      return [{ name: engine.name, text: `${label ?? (engine.status === 'unreachable' ? 'Unreachable' : 'Failed')}: ${reason}` }];
    }
    if (!engine.failedAsks) return [];
    const asks = engine.asks ?? engine.samples + engine.failedAsks;
    return [{ name: engine.name, text: `${engine.failedAsks} of ${asks} asks failed${label ? `: ${label.toLowerCase()}` : ''}` }];
  });
}

export interface EngineSeries {
  sourceId: CitationSourceId;
  name: string;
  color: string;
  /** Mention rate in percent per run, oldest run first; null where the engine gave no answer. */
  values: (number | null)[];
}

/** Each engine's mention rate over the runs, oldest first, for the trend chart. */
export function engineTrend(citations: ReportCitations): { dates: string[]; series: EngineSeries[] } {
  const runs = [...citations.runs].reverse();
  return {
    dates: runs.map((run) => run.created_at),
    series: reportedEngines(citations.runs).map(({ sourceId, name }) => ({
      sourceId,
      name,
      color: ENGINE_LINE_COLORS[sourceId] ?? FALLBACK_LINE_COLOR,
      values: runs.map((run) => {
        const engine = run.engines.find((entry) => entry.sourceId === sourceId);
        return answered(engine) ? Math.round(engine.rate * 100) : null;
      }),
    })),
  };
}

/** The trend chart's x labels: the day of each run, with the time (UTC) when two runs fall on one day. */
export function trendLabels(dates: readonly string[]): string[] {
  const days = dates.map(shortDay);
  if (new Set(days).size === days.length) return days;
  return dates.map((date, index) => `${days[index]}, ${date.slice(11, 16)}`);
}

/** The latest run's share of voice, most mentioned first, the user's brand marked. */
export function shareOfVoiceRows(citations: ReportCitations): { name: string; mentions: number; cited: string; share: string; isUser: boolean }[] {
  const latest = citations.runs[0];
  if (!latest) return [];
  return [...latest.shareOfVoice]
    .sort((a, b) => b.mentions - a.mentions || Number(b.isUser) - Number(a.isUser) || a.name.localeCompare(b.name))
    .map((entry) => ({ name: entry.isUser ? `${entry.name} (you)` : entry.name, mentions: entry.mentions, cited: entry.cited === undefined ? '-' : String(entry.cited), share: percent(entry.share), isUser: entry.isUser }));
}

/** Cited hosts shown: the most cited of the latest run. */
export const CITED_DOMAINS_SHOWN = 10;

export function citedDomainRows(citations: ReportCitations): { host: string; count: number; own: boolean }[] {
  return (citations.runs[0]?.citedDomains ?? []).slice(0, CITED_DOMAINS_SHOWN).map((entry) => ({ host: entry.own ? `${entry.host} (your site)` : entry.host, count: entry.count, own: entry.own }));
}

/** What the section says first: which runs it covers. */
export function citationsIntro(citations: ReportCitations, day: (iso: string) => string): string {
  const [latest] = citations.runs;
  const oldest = citations.runs[citations.runs.length - 1];
  if (!latest || !oldest) return '';
  const prompts = new Set(latest.prompts.map((entry) => entry.prompt)).size;
  const asked = latest.engines.filter(answered).length;
  const span = citations.runs.length === 1 ? 'the first run' : `${citations.runs.length} runs since ${day(oldest.created_at)}`;
  return `How answer engines answer the tracked prompts about ${citations.domain}: the latest run on ${day(latest.created_at)} asked ${prompts} prompt${prompts === 1 ? '' : 's'} of ${asked} answer engine${asked === 1 ? '' : 's'} (${span}).`;
}

export const CITATIONS_NOTES = {
  interval: 'The range in brackets is the 95% interval: answers vary from one ask to the next, so the rate over a few answers is an estimate.',
  shareOfVoice: 'Share of voice: of the mentions of these brands in the latest run (the answers of every engine and the searches together), the share of each.',
  noCited: 'The answers of the latest run cited no pages.',
  noGap: 'No citation gap: no prompt where a competitor was named or cited went without a mention of you.',
  gap: 'Prompts where answer engines named or cited a competitor and never mentioned you.',
  oneRun: 'One run so far: the trend chart needs two.',
  /** The two measures as the tracker page and the docs define them (contract CITATION_MEASURES). */
  measures: `${CITATION_MEASURES.mentioned.label}: ${CITATION_MEASURES.mentioned.definition} ${CITATION_MEASURES.cited.label}: ${CITATION_MEASURES.cited.definition}`,
  failures: 'Asks that failed on the latest run are left out of the rates; these are the engines and the reasons.',
} as const;
