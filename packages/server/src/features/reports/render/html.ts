import { REPORT_MESSAGES, SUBSCORE_IDS, SUBSCORE_LABELS, type ReportDocument, type ReportSection } from '@citable/contract';
import { citationsIntro, CITATIONS_NOTES, citedDomainRows, engineFailureRows, engineRows, engineTrend, shareOfVoiceRows, trendLabels, type ReportCitations } from './citations';
import { checkScore, day, footerLine, ownCompetitorRow, PRIORITY_COLORS, roiAuditsLabel, roiValue, scoreColor, SECTION_TITLES, shortDay, subscoreRows } from './labels';
import { barChart, competitorRows, historyChart, lineChart, SUBSCORE_LINE_COLORS } from './svg-charts';

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function table(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((cell) => `<th>${esc(cell)}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

/** The answer-engine section: rates per engine, their trend, share of voice, cited domains and the gap. */
function citationsSection(doc: ReportDocument, citations: ReportCitations): string {
  if (citations.runs.length === 0) return `<p>${esc(REPORT_MESSAGES.noCitationRuns)}</p>`;
  const accent = doc.branding.colors.primary;
  const parts = [`<p>${esc(citationsIntro(citations, day))}</p>`, '<h3>Mention rate per answer engine</h3>'];
  const engines = engineRows(citations);
  if (engines.length === 0) parts.push('<p class="muted">No answer engine answered the latest run.</p>');
  else {
    parts.push(
      table(
        ['Answer engine', 'Mention rate (95% interval)', 'Answers mentioning you', 'Answers citing you', 'Share of voice', 'Previous run'],
        engines.map((row) => [
          `<strong>${esc(row.name)}</strong>`,
          row.rate === null ? '<span class="muted">—</span>' : `<strong>${esc(row.rate)}</strong>`,
          row.rate === null ? `<span class="muted">${esc(row.mentioned)}</span>` : esc(row.mentioned),
          esc(row.cited),
          esc(row.shareOfVoice),
          esc(row.previous),
        ]),
      ),
      `<p class="muted">${esc(CITATIONS_NOTES.interval)}</p>`,
      `<p class="muted">${esc(CITATIONS_NOTES.measures)}</p>`,
    );
    const failures = engineFailureRows(citations);
    if (failures.length > 0) {
      parts.push(
        '<h3>Failed asks on the latest run</h3>',
        `<p class="muted">${esc(CITATIONS_NOTES.failures)}</p>`,
        `<ul>${failures.map((row) => `<li><strong>${esc(row.name)}</strong>: ${esc(row.text)}</li>`).join('')}</ul>`,
      );
    }
    if (doc.report.charts) {
      parts.push('<h3>Mention rate over the runs</h3>');
      if (citations.runs.length >= 2) {
        const trend = engineTrend(citations);
        parts.push(
          // Each line a little wider than the one drawn over it, so engines with the same rates still show.
          lineChart(trendLabels(trend.dates), trend.series.map((line, index) => ({ color: line.color, widthPx: 2 + 1 * index, values: line.values, dots: true, dotRadius: 3 + 1 * index })), { label: 'Mention rate per answer engine over the runs', unit: '%', height: 180 }),
          `<p class="legend">${trend.series.map((line) => `<span style="background:${line.color}"></span>${esc(line.name)}`).join(' ')}</p>`,
        );
      } else parts.push(`<p class="muted">${esc(CITATIONS_NOTES.oneRun)}</p>`);
    }
  }
  parts.push('<h3>Share of voice</h3>');
  const voices = shareOfVoiceRows(citations);
  if (voices.every((row) => row.mentions === 0)) parts.push('<p class="muted">No answer of the latest run named you or a competitor.</p>');
  else {
    parts.push(
      table(['Brand', 'Mentioned', 'Cited', 'Share of voice'], voices.map((row) => [row.isUser ? `<strong style="color:${accent}">${esc(row.name)}</strong>` : esc(row.name), String(row.mentions), esc(row.cited), `<strong>${esc(row.share)}</strong>`])),
      `<p class="muted">${esc(CITATIONS_NOTES.shareOfVoice)}</p>`,
    );
  }
  parts.push('<h3>Top cited domains</h3>');
  const domains = citedDomainRows(citations);
  parts.push(domains.length === 0 ? `<p class="muted">${esc(CITATIONS_NOTES.noCited)}</p>` : table(['Domain', 'Times cited'], domains.map((row) => [row.own ? `<strong style="color:${accent}">${esc(row.host)}</strong>` : esc(row.host), String(row.count)])));
  parts.push('<h3>Citation gap</h3>');
  const gaps = citations.runs[0]!.gapPrompts;
  parts.push(
    gaps.length === 0
      ? `<p class="muted">${esc(CITATIONS_NOTES.noGap)}</p>`
      : `<p class="muted">${esc(CITATIONS_NOTES.gap)}</p>${table(['Prompt', 'Competitors named or cited'], gaps.map((gap) => [esc(gap.prompt), `<strong>${esc(gap.competitors.join(', '))}</strong>`]))}`,
  );
  return parts.join('');
}

const scoreCell = (value: number | null | undefined) => (value === null || value === undefined ? '<span class="muted">not audited</span>' : `<strong style="color:${scoreColor(value)}">${value}</strong>`);

function section(doc: ReportDocument, id: ReportSection): string {
  const charts = doc.report.charts;
  const latest = doc.site.latest!;
  switch (id) {
    case 'summary':
      return `<ul class="summary">${doc.summary.map((line) => `<li>${esc(line)}</li>`).join('')}</ul>`;
    case 'scores':
      return `<div class="score"><span style="color:${scoreColor(latest.overallScore)}">${latest.overallScore}</span><small>/100 overall</small></div>${charts ? barChart(subscoreRows(doc)) : ''}${
        doc.websites.length > 1 ? table(['Website', 'Overall', 'Audited'], doc.websites.map((site) => [esc(site.name), scoreCell(site.latest?.overallScore), site.latest ? esc(day(site.latest.date)) : '—'])) : ''
      }`;
    case 'issues':
      if (doc.issues.length === 0) return '<p>The latest audit found no failing checks.</p>';
      return table(
        ['Priority', 'Issue', 'Category', 'Fix'],
        doc.issues.map((issue) => [`<span class="pill" style="background:${PRIORITY_COLORS[issue.priority]}">${issue.priority}</span>`, esc(issue.title), esc(issue.category), esc(issue.suggestion)]),
      );
    case 'checks':
      return table(
        ['Check', 'Subscore', 'Score', 'Points lost', 'Finding'],
        doc.checks.map((check) => [esc(check.title), esc(check.subscore), check.score === null ? '<span class="muted">n/a</span>' : scoreCell(Number(checkScore(check.score))), check.pointsLost.toFixed(1), esc(check.explanation)]),
      );
    case 'recommendations':
      return doc.recommendations.length === 0 ? '<p>No recommendations: every check passed.</p>' : `<ol>${doc.recommendations.map((text) => `<li>${esc(text)}</li>`).join('')}</ol>`;
    case 'history': {
      if (doc.history.length === 0) return '<p>No audits in this period.</p>';
      const legend = `<p class="legend"><span style="background:${doc.branding.colors.primary}"></span>Overall ${SUBSCORE_IDS.map((sub, index) => `<span style="background:${SUBSCORE_LINE_COLORS[index]}"></span>${esc(SUBSCORE_LABELS[sub])}`).join(' ')}</p>`;
      const chart = !charts ? '' : doc.history.length >= 2 ? historyChart(doc.history, doc.branding.colors.primary) + legend : '<p class="muted">One audit in this period: the chart needs two.</p>';
      return `${chart}${table(['Date', 'Overall', ...SUBSCORE_IDS.map((sub) => SUBSCORE_LABELS[sub])], [...doc.history].reverse().map((point) => [esc(shortDay(point.date)), scoreCell(point.overallScore), ...SUBSCORE_IDS.map((sub) => String(point.subscores[sub]))]))}`;
    }
    case 'competitors':
      if (doc.competitors.length === 0) return '<p>No competitors in your profile: add them in Settings to benchmark against them.</p>';
      return `${charts ? barChart(competitorRows(doc)) : ''}${table(
        ['Site', 'Overall', ...SUBSCORE_IDS.map((sub) => SUBSCORE_LABELS[sub]), 'Audited'],
        [ownCompetitorRow(doc), ...doc.competitors].map((site) => [esc(site.name), scoreCell(site.latest?.overallScore), ...SUBSCORE_IDS.map((sub) => scoreCell(site.latest?.subscores[sub])), site.latest ? esc(shortDay(site.latest.date)) : 'run an audit of it to compare']),
      )}`;
    case 'citations':
      return doc.citations ? citationsSection(doc, doc.citations) : '';
    case 'roi': {
      const roi = doc.roi;
      if (!roi) return '';
      if (!roi.available) return `<p class="notice">${esc(roi.reason)}</p>`;
      return `<p>From ${esc(day(roi.period.from))} to ${esc(day(roi.period.to))} (${roiAuditsLabel(doc, roi.period.audits)}), with your inputs: ${roi.inputs.monthlyOrganicTraffic.toLocaleString('en-US')} organic visits per month, ${roi.inputs.conversionRate}% conversion rate, ${roi.inputs.valuePerConversion} per conversion.</p>${table(
        ['Metric', 'Value', 'How it is computed'],
        roi.terms.map((term) => [esc(term.label), `<strong>${esc(roiValue(term))}</strong>`, esc(term.formula)]),
      )}<p class="muted">Visibility factor: ${esc(roi.factorSource)}</p><p class="notice">${esc(roi.caveat)}</p>`;
    }
  }
}

/**
 * A self-contained page: inline CSS and SVG, no script, no external resource, so it shows the same
 * offline and under the strict Content-Security-Policy the viewer route sends with it.
 */
export function renderHtml(doc: ReportDocument): Buffer {
  const { colors, companyName, logo } = doc.branding;
  const body = doc.report.sections
    .filter((id) => (id !== 'roi' || doc.roi) && (id !== 'citations' || doc.citations))
    .map((id) => `<section><h2>${esc(SECTION_TITLES[id])}</h2>${section(doc, id)}</section>`)
    .join('');
  const brand = logo ? `<img src="${esc(logo)}" alt="" class="logo">` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(doc.report.name)}</title>
<style>
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0F172A;margin:0;background:#F8FAFC}
main{max-width:880px;margin:0 auto;padding:32px 24px;background:#fff}
header{border-bottom:4px solid ${colors.primary};padding-bottom:16px;margin-bottom:24px}
header h1{margin:8px 0 4px;font-size:28px}.meta{color:#475569;margin:0}.logo{height:40px}
.kicker{color:${colors.primary};font-weight:600;text-transform:uppercase;letter-spacing:.06em;font-size:12px;margin:0}
h3{font-size:15px;margin:20px 0 4px}
h2{font-size:18px;border-left:4px solid ${colors.secondary};padding-left:8px;margin-top:32px}
table{width:100%;border-collapse:collapse;margin:12px 0;font-size:13px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #E2E8F0;vertical-align:top}th{background:#F1F5F9}
.score span{font-size:48px;font-weight:700}.score small{color:#475569;margin-left:4px}
.pill{color:#fff;border-radius:999px;padding:1px 8px;font-size:12px}.muted{color:#64748B}
.notice{background:#FEF3C7;border-left:4px solid ${colors.accent};padding:8px 12px}
.legend span{display:inline-block;width:12px;height:3px;margin:0 4px 3px 10px}
footer{margin-top:40px;border-top:1px solid #E2E8F0;padding-top:12px;color:#64748B;font-size:12px}
@media print{body{background:#fff}main{padding:0}section{break-inside:avoid-page}}
</style></head><body><main>
<header>${brand}<p class="kicker">${esc(companyName ?? 'AI visibility report')}</p><h1>${esc(doc.report.name)}</h1>
<p class="meta">${esc(doc.report.templateName)} · ${esc(doc.site.name)} (${esc(doc.site.url)}) · ${esc(day(doc.report.generatedAt))}</p></header>
${body}
<footer>${esc(footerLine(doc))} · Report ${esc(doc.report.id.slice(0, 8))} · generated ${esc(doc.report.generatedAt)}</footer>
</main></body></html>
`;
  return Buffer.from(html, 'utf8');
}
