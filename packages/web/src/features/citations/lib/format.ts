import { DEFAULT_CITATION_KEYWORDS } from '@citable/contract';

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
