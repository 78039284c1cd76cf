import { DEFAULT_CITATION_KEYWORDS, type CitationSourceStatus, type CitationTrackerResult } from '@citable/contract';

export const percent = (value: number) => `${Math.round(value * 100)}%`;

/** "67% (21–94%)": the rate with its 95% interval, as the tracker reports it. */
export const rateWithInterval = (rate: number, interval: { low: number; high: number }) => `${percent(rate)} (${Math.round(interval.low * 100)}–${percent(interval.high)})`;

/** The host of the user's first website, the tracker's default domain. */
export function defaultDomain(websites: readonly { url: string }[]): string {
  const url = websites[0]?.url;
  if (!url) return '';
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export const DEFAULT_KEYWORDS_TEXT = DEFAULT_CITATION_KEYWORDS.join(', ');

/**
 * The header's account of where the results came from (issue 19), from the run's own list of
 * sources: the ones that answered, by name, and the ones this server does not have. Never the
 * settings that would turn a source on: those are the operator's, in the deployment docs.
 */
export function sourceSummary(sources: readonly CitationSourceStatus[]): { answered: string; notSetUp: string | null } {
  const answered = sources.filter((source) => source.status === 'ok').map((source) => source.name);
  const off = sources.filter((source) => source.status === 'not_configured').map((source) => source.name);
  return {
    answered: answered.length > 0 ? answered.join(', ') : 'none answered',
    notSetUp: off.length > 0 ? `${off.join(', ')}: not set up on this server` : null,
  };
}

/** What the panel says when no brand was named: asks for competitors only when there are none to compare with. */
export function noVoiceText(entries: CitationTrackerResult['shareOfVoice']): string {
  const competitors = entries.filter((entry) => !entry.isUser).map((entry) => entry.name);
  if (competitors.length === 0) return 'You were not named in these answers. Add competitors in your profile to compare.';
  return `Neither you nor your competitors (${competitors.join(', ')}) were named in these answers.`;
}
