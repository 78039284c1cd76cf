import { REPORT_MESSAGES, SUBSCORE_IDS, SUBSCORE_LABELS, type ReportDocument, type ReportSiteScores } from '@citable/contract';
import { engineFailureRows, rateWithInterval, reportedEngines, type ReportCitations } from './citations';
import { roiValue } from './labels';

export const CSV_COLUMNS = ['section', 'site', 'date', 'metric', 'value', 'priority', 'category', 'detail'] as const;

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | number | null>>;

/** RFC 4180 quoting, and a leading quote mark on cells a spreadsheet would run as a formula. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function scoreRows(section: string, site: ReportSiteScores): Row[] {
  if (!site.latest) return [{ section, site: site.url, metric: 'Overall score', detail: 'Not audited yet' }];
  const { date, overallScore, subscores } = site.latest;
  return [
    { section, site: site.url, date, metric: 'Overall score', value: overallScore },
    ...SUBSCORE_IDS.map((id) => ({ section, site: site.url, date, metric: SUBSCORE_LABELS[id], value: subscores[id] })),
  ];
}

/** Per run and engine the mention rate (percent), then the latest run's share of voice, cited domains and gap. */
function citationRows(citations: ReportCitations): Row[] {
  const site = citations.domain;
  const section = 'citations';
  const [latest] = citations.runs;
  if (!latest) return [{ section, site, metric: 'Answer engines', detail: REPORT_MESSAGES.noCitationRuns }];
  const rows: Row[] = [];
  const engines = reportedEngines(citations.runs);
  for (const run of citations.runs) {
    for (const { sourceId, name } of engines) {
      const engine = run.engines.find((entry) => entry.sourceId === sourceId);
      if (!engine || engine.samples === 0) continue;
      rows.push({ section, site, date: run.created_at, metric: `${name} mention rate`, value: Math.round(engine.rate * 100), detail: `${rateWithInterval(engine.rate, engine.interval)}: ${engine.mentions} of ${engine.samples} answers` });
      if (engine.cited !== undefined) rows.push({ section, site, date: run.created_at, metric: `${name} answers citing you`, value: engine.cited, detail: `${engine.cited} of ${engine.samples} answers cite one of your pages` });
      if (engine.shareOfVoice != null) rows.push({ section, site, date: run.created_at, metric: `${name} share of voice`, value: Math.round(engine.shareOfVoice * 100), detail: 'your share of the brands it named' });
    }
  }
  const date = latest.created_at;
  rows.push(...engineFailureRows(citations).map((failure) => ({ section, site, date, metric: `${failure.name} failed asks`, detail: failure.text })));
  rows.push(
    ...latest.shareOfVoice.map((entry) => ({
      section,
      site,
      date,
      metric: `Share of voice: ${entry.name}`,
      value: Math.round(entry.share * 100),
      detail: `mentioned in ${entry.mentions}${entry.cited === undefined ? '' : `, cited in ${entry.cited}`}${entry.isUser ? ' (you)' : ''}`,
    })),
  );
  rows.push(...latest.citedDomains.map((entry) => ({ section, site, date, metric: 'Cited domain', value: entry.count, detail: entry.own ? `${entry.host} (your site)` : entry.host })));
  rows.push(...latest.gapPrompts.map((gap) => ({ section, site, date, metric: 'Citation gap', category: gap.competitors.join('; '), detail: gap.prompt })));
  return rows;
}

/** One long table (a row per measure) so every section fits the same columns and sorts in any spreadsheet. */
export function renderCsv(doc: ReportDocument): Buffer {
  const site = doc.site.url;
  const sections = new Set(doc.report.sections);
  const rows: Row[] = [
    { section: 'report', metric: 'Name', detail: doc.report.name },
    { section: 'report', metric: 'Template', detail: doc.report.templateName },
    { section: 'report', metric: 'Generated', date: doc.report.generatedAt },
    ...doc.summary.map((line) => ({ section: 'summary', site, detail: line })),
    ...scoreRows('scores', doc.site),
  ];
  if (sections.has('issues')) rows.push(...doc.issues.map((issue) => ({ section: 'issues', site, metric: issue.title, priority: issue.priority, category: issue.category, detail: issue.suggestion })));
  if (sections.has('checks')) rows.push(...doc.checks.map((check) => ({ section: 'checks', site, metric: check.title, value: check.score === null ? null : Math.round(check.score * 100), category: check.subscore, detail: check.explanation })));
  rows.push(...doc.recommendations.map((text, index) => ({ section: 'recommendations', site, metric: `#${index + 1}`, detail: text })));
  for (const point of doc.history) rows.push(...scoreRows('history', { name: doc.site.name, url: site, latest: point }));
  for (const competitor of doc.competitors) rows.push(...scoreRows('competitors', competitor));
  if (doc.citations) rows.push(...citationRows(doc.citations));
  if (doc.roi?.available) rows.push(...doc.roi.terms.map((term) => ({ section: 'roi', site, metric: term.label, value: term.value, detail: `${roiValue(term)} = ${term.formula}` })));
  else if (doc.roi) rows.push({ section: 'roi', site, metric: 'ROI', detail: doc.roi.reason });
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(','))];
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}
