import type { HistoryEntry } from '@citable/contract';

const HEADER = ['Date', 'Website', 'Type', 'Trigger', 'Status', 'Overall Score', 'AI Understanding', 'Citation Likelihood', 'Conversational Readiness', 'Content Structure', 'Top Recommendations'];

/** Quotes a field when it holds a comma, quote or line break (RFC 4180). */
function field(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function historyCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((entry) =>
    [
      entry.created_at,
      entry.website_url,
      entry.kind,
      entry.trigger,
      entry.status,
      entry.overall_score,
      entry.subscores?.aiUnderstanding,
      entry.subscores?.citationLikelihood,
      entry.subscores?.conversationalReadiness,
      entry.subscores?.contentStructure,
      entry.recommendations.slice(0, 3).join(' | '),
    ]
      .map(field)
      .join(','),
  );
  return [HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
