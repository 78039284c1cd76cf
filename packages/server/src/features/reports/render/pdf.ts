import { REPORT_MESSAGES, SUBSCORE_IDS, SUBSCORE_LABELS, type ReportDocument, type ReportSection } from '@citable/contract';
import { citationsIntro, CITATIONS_NOTES, citedDomainRows, engineFailureRows, engineRows, engineTrend, shareOfVoiceRows, trendLabels, type ReportCitations } from './citations';
import { checkScore, day, footerLine, ownCompetitorRow, PRIORITY_COLORS, roiAuditsLabel, roiValue, scoreColor, SECTION_TITLES, shortDay, subscoreRows } from './labels';
import { pdfText } from './pdf-text';
import { competitorRows, SUBSCORE_LINE_COLORS } from './svg-charts';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const INK = '#0F172A';
const MUTED = '#64748B';
const RULE = '#E2E8F0';

/** Sections that open a page of their own; the others follow on the current page when they fit. */
const NEW_PAGE: ReadonlySet<ReportSection> = new Set(['summary', 'issues', 'checks', 'history', 'citations', 'competitors', 'roi']);

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string, color: string): void {
  ensureSpace(doc, 60);
  const y = doc.y;
  doc.rect(PAGE.margin, y, 4, 20).fill(color);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(pdfText(text), PAGE.margin + 12, y + 2, { width: CONTENT_WIDTH - 12 });
  doc.moveDown(0.8);
}

function paragraph(doc: Doc, text: string, options: { color?: string; size?: number; font?: string } = {}): void {
  doc.font(options.font ?? 'Helvetica').fontSize(options.size ?? 10.5);
  const clean = pdfText(text);
  ensureSpace(doc, doc.heightOfString(clean, { width: CONTENT_WIDTH }) + 4);
  doc.fillColor(options.color ?? INK).text(clean, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
}

interface Column {
  title: string;
  width: number;
}
interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
}

/** A table that breaks across pages, repeating its header row. */
function table(doc: Doc, columns: Column[], rows: Cell[][]): void {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
  const pad = 4;
  const drawRow = (cells: Cell[], header: boolean) => {
    doc.fontSize(header ? 9 : 9.5);
    const heights = cells.map((cell, index) => doc.font(header || cell.bold ? 'Helvetica-Bold' : 'Helvetica').heightOfString(pdfText(cell.text), { width: widths[index]! - pad * 2 }));
    const height = Math.max(...heights) + pad * 2;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      if (!header) drawRow(columns.map((column) => ({ text: column.title })), true);
    }
    const top = doc.y;
    if (header) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill('#F1F5F9');
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      doc
        .font(header || cell.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor(cell.color ?? (header ? '#334155' : INK))
        .text(pdfText(cell.text), x + pad, top + pad, { width: widths[index]! - pad * 2 });
      x += widths[index]!;
    });
    doc.moveTo(PAGE.margin, top + height).lineTo(PAGE.margin + CONTENT_WIDTH, top + height).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = top + height;
  };
  drawRow(columns.map((column) => ({ text: column.title })), true);
  for (const row of rows) drawRow(row, false);
  doc.x = PAGE.margin;
  doc.moveDown(0.8);
}

/** Horizontal 0-100 bars drawn with vector primitives. */
function bars(doc: Doc, rows: { label: string; value: number | null }[]): void {
  const labelWidth = 170;
  const barWidth = CONTENT_WIDTH - labelWidth - 60;
  const rowHeight = 22;
  ensureSpace(doc, rows.length * rowHeight + 10);
  let y = doc.y;
  for (const row of rows) {
    doc.font('Helvetica').fontSize(9.5).fillColor('#334155').text(pdfText(row.label), PAGE.margin, y + 3, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
    doc.roundedRect(PAGE.margin + labelWidth, y + 2, barWidth, 12, 3).fill(RULE);
    if (row.value !== null && row.value > 0) doc.roundedRect(PAGE.margin + labelWidth, y + 2, Math.max(6, (barWidth * row.value) / 100), 12, 3).fill(scoreColor(row.value));
    doc
      .font('Helvetica-Bold')
      .fillColor(row.value === null ? MUTED : INK)
      .text(row.value === null ? 'not audited' : String(row.value), PAGE.margin + labelWidth + barWidth + 8, y + 3, { width: 52, lineBreak: false });
    y += rowHeight;
  }
  doc.x = PAGE.margin;
  doc.y = y + 8;
}

interface LineSeries {
  label: string;
  color: string;
  lineWidth: number;
  /** One value per x label, 0-100; null leaves a gap in the line. */
  values: (number | null)[];
  dots?: boolean;
  dotRadius?: number;
}

/**
 * Lines over time on a 0-100 grid (ticks 0, 25, 50, 75, 100, with `unit` after them), dated below
 * and with a legend. The first series is drawn last, on top of the others, and listed first.
 */
function lineChart(doc: Doc, labels: string[], series: LineSeries[], options: { height: number; unit?: string }): void {
  const height = options.height;
  ensureSpace(doc, height + 50);
  const left = PAGE.margin + 28;
  const top = doc.y + 6;
  const width = CONTENT_WIDTH - 36;
  const plotH = height - 30;
  const x = (index: number) => left + (labels.length === 1 ? width / 2 : (width * index) / (labels.length - 1));
  const y = (value: number) => top + plotH - (plotH * value) / 100;
  doc.font('Helvetica').fontSize(8);
  for (const tick of [0, 25, 50, 75, 100]) {
    doc.moveTo(left, y(tick)).lineTo(left + width, y(tick)).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.fillColor(MUTED).text(`${tick}${options.unit ?? ''}`, PAGE.margin - 8, y(tick) - 3.5, { width: 30, align: 'right', lineBreak: false });
  }
  for (const line of [...series].reverse()) {
    let drawing = false;
    let segments = 0;
    line.values.forEach((value, index) => {
      if (value === null) {
        drawing = false;
        return;
      }
      if (drawing) {
        doc.lineTo(x(index), y(value));
        segments += 1;
      } else doc.moveTo(x(index), y(value));
      drawing = true;
    });
    if (segments > 0) doc.lineWidth(line.lineWidth).strokeColor(line.color).stroke();
    line.values.forEach((value, index) => {
      // A point with no neighbour is drawn as a dot even on a line without dots, or it would not show.
      const alone = (line.values[index - 1] ?? null) === null && (line.values[index + 1] ?? null) === null;
      if (value !== null && (line.dots || alone)) doc.circle(x(index), y(value), line.dotRadius ?? 2.6).fill(line.color);
    });
  }
  const every = Math.max(1, Math.ceil(labels.length / 8));
  doc.fillColor(MUTED).fontSize(8);
  labels.forEach((label, index) => {
    if (index % every === 0 || index === labels.length - 1) doc.text(pdfText(label), x(index) - 30, top + plotH + 6, { width: 60, align: 'center', lineBreak: false });
  });
  let lx = PAGE.margin;
  let ly = top + plotH + 22;
  for (const line of series) {
    const label = pdfText(line.label);
    const entry = 16 + doc.fontSize(8).widthOfString(label) + 14;
    if (lx > PAGE.margin && lx + entry > PAGE.margin + CONTENT_WIDTH) {
      lx = PAGE.margin;
      ly += 14;
    }
    doc.rect(lx, ly + 3, 12, 3).fill(line.color);
    doc.fillColor('#334155').fontSize(8).text(label, lx + 16, ly, { lineBreak: false });
    lx += entry;
  }
  doc.x = PAGE.margin;
  doc.y = ly + 20;
}

/** The overall score over time (thick, brand colour) over the four subscores (thin). */
function historyLine(doc: Doc, points: ReportDocument['history'], color: string): void {
  lineChart(
    doc,
    points.map((point) => shortDay(point.date)),
    [
      { label: 'Overall', color, lineWidth: 2.2, values: points.map((point) => point.overallScore), dots: true },
      ...SUBSCORE_IDS.map((id, index) => ({ label: SUBSCORE_LABELS[id], color: SUBSCORE_LINE_COLORS[index]!, lineWidth: 1, values: points.map((point) => point.subscores[id]) })),
    ],
    { height: 200 },
  );
}

/** A bold line that opens a part of a section, kept with at least `keep` points of what follows. */
function subheading(doc: Doc, text: string, keep = 80): void {
  ensureSpace(doc, keep);
  doc.moveDown(0.3);
  paragraph(doc, text, { font: 'Helvetica-Bold', size: 11.5 });
}

/** The answer-engine section: rates per engine, their trend, share of voice, cited domains and the gap. */
function citationsSection(doc: Doc, report: ReportDocument, citations: ReportCitations): void {
  if (citations.runs.length === 0) return paragraph(doc, REPORT_MESSAGES.noCitationRuns);
  paragraph(doc, citationsIntro(citations, day));
  const accent = report.branding.colors.primary;

  subheading(doc, 'Mention rate per answer engine');
  const engines = engineRows(citations);
  if (engines.length === 0) paragraph(doc, 'No answer engine answered the latest run.', { color: MUTED });
  else {
    table(
      doc,
      [{ title: 'Answer engine', width: 1.6 }, { title: 'Mention rate (95% interval)', width: 2.1 }, { title: 'Answers mentioning you', width: 1.7 }, { title: 'Answers citing you', width: 1.5 }, { title: 'Share of voice', width: 1.3 }, { title: 'Previous run', width: 1.2 }],
      engines.map((row) => [{ text: row.name, bold: true }, row.rate === null ? { text: '-', color: MUTED } : { text: row.rate, bold: true }, { text: row.mentioned, color: row.rate === null ? MUTED : INK }, { text: row.cited }, { text: row.shareOfVoice }, { text: row.previous }]),
    );
    paragraph(doc, CITATIONS_NOTES.interval, { color: MUTED, size: 8.5 });
    paragraph(doc, CITATIONS_NOTES.measures, { color: MUTED, size: 8.5 });
    const failures = engineFailureRows(citations);
    if (failures.length > 0) {
      subheading(doc, 'Failed asks on the latest run', 40);
      paragraph(doc, CITATIONS_NOTES.failures, { color: MUTED, size: 8.5 });
      for (const row of failures) paragraph(doc, `${row.name}: ${row.text}`);
    }
  }

  if (report.report.charts && engines.length > 0) {
    subheading(doc, 'Mention rate over the runs', 200);
    if (citations.runs.length >= 2) {
      const trend = engineTrend(citations);
      // Each line a little wider than the one drawn over it, so engines with the same rates still show.
      const lines = trend.series.map((line, index) => ({ label: line.name, color: line.color, lineWidth: 1.6 + 0.8 * index, values: line.values, dots: true, dotRadius: 2.4 + 0.8 * index }));
      lineChart(doc, trendLabels(trend.dates), lines, { height: 150, unit: '%' });
    } else paragraph(doc, CITATIONS_NOTES.oneRun, { color: MUTED });
  }

  subheading(doc, 'Share of voice');
  const voices = shareOfVoiceRows(citations);
  if (voices.every((row) => row.mentions === 0)) paragraph(doc, 'No answer of the latest run named you or a competitor.', { color: MUTED });
  else {
    table(
      doc,
      [{ title: 'Brand', width: 3 }, { title: 'Mentioned', width: 1.4 }, { title: 'Cited', width: 1.4 }, { title: 'Share of voice', width: 1.6 }],
      voices.map((row) => [{ text: row.name, bold: row.isUser, color: row.isUser ? accent : INK }, { text: String(row.mentions) }, { text: row.cited }, { text: row.share, bold: true }]),
    );
    paragraph(doc, CITATIONS_NOTES.shareOfVoice, { color: MUTED, size: 8.5 });
  }

  subheading(doc, 'Top cited domains');
  const domains = citedDomainRows(citations);
  if (domains.length === 0) paragraph(doc, CITATIONS_NOTES.noCited, { color: MUTED });
  else table(doc, [{ title: 'Domain', width: 4 }, { title: 'Times cited', width: 1.4 }], domains.map((row) => [{ text: row.host, bold: row.own, color: row.own ? accent : INK }, { text: String(row.count) }]));

  subheading(doc, 'Citation gap');
  const gaps = citations.runs[0]!.gapPrompts;
  if (gaps.length === 0) paragraph(doc, CITATIONS_NOTES.noGap, { color: MUTED });
  else {
    paragraph(doc, CITATIONS_NOTES.gap, { color: MUTED, size: 9.5 });
    table(doc, [{ title: 'Prompt', width: 4 }, { title: 'Competitors named or cited', width: 2.4 }], gaps.map((gap) => [{ text: gap.prompt }, { text: gap.competitors.join(', '), bold: true }]));
  }
}

function cover(doc: Doc, report: ReportDocument): void {
  const { colors } = report.branding;
  doc.rect(0, 0, PAGE.width, 250).fill(colors.primary);
  doc.rect(0, 250, PAGE.width, 6).fill(colors.secondary);
  let y = 70;
  if (report.branding.logo) {
    doc.image(Buffer.from(report.branding.logo.split(',')[1]!, 'base64'), PAGE.margin, 40, { height: 36 });
    y = 96;
  }
  doc.fillColor('#FFFFFF').font('Helvetica-Bold').fontSize(11).text(pdfText((report.branding.companyName ?? 'AI visibility report').toUpperCase()), PAGE.margin, y, { characterSpacing: 1.2 });
  doc.font('Helvetica-Bold').fontSize(28).text(pdfText(report.report.name), PAGE.margin, y + 24, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(12).text(pdfText(report.report.templateName), PAGE.margin, doc.y + 6);
  const latest = report.site.latest!;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(pdfText(report.site.name), PAGE.margin, 300);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(pdfText(report.site.url), { width: CONTENT_WIDTH });
  doc.moveDown(1);
  doc.fillColor(INK).fontSize(11).text(pdfText(`Report date: ${day(report.report.generatedAt)}`));
  doc.text(pdfText(`Latest audit: ${day(report.site.auditedAt)} (${report.site.auditKind === 'site' ? `${report.site.pageCount} pages` : 'single page'})`));
  doc.text(pdfText(`Period: ${report.report.period === 'all' ? 'all audits' : `last ${report.report.period.replace('d', ' days')}`}`));
  const ringY = 480;
  doc.circle(PAGE.width / 2, ringY + 70, 70).lineWidth(10).strokeColor(RULE).stroke();
  const angle = (latest.overallScore / 100) * Math.PI * 2;
  if (latest.overallScore > 0) {
    const start = -Math.PI / 2;
    const steps = Math.max(2, Math.ceil(latest.overallScore));
    for (let i = 0; i <= steps; i += 1) {
      const a = start + (angle * i) / steps;
      const px = PAGE.width / 2 + 70 * Math.cos(a);
      const py = ringY + 70 + 70 * Math.sin(a);
      if (i === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    }
    doc.lineWidth(10).strokeColor(scoreColor(latest.overallScore)).stroke();
  }
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(40).text(String(latest.overallScore), PAGE.width / 2 - 60, ringY + 50, { width: 120, align: 'center' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('AI visibility score / 100', PAGE.width / 2 - 80, ringY + 96, { width: 160, align: 'center' });
}

function drawSection(doc: Doc, report: ReportDocument, id: ReportSection): void {
  const { colors } = report.branding;
  const latest = report.site.latest!;
  switch (id) {
    case 'summary':
      for (const line of report.summary) paragraph(doc, `•  ${line}`);
      return;
    case 'scores':
      paragraph(doc, `Overall AI visibility score: ${latest.overallScore}/100`, { font: 'Helvetica-Bold', size: 12, color: scoreColor(latest.overallScore) });
      if (report.report.charts) bars(doc, [{ label: 'Overall', value: latest.overallScore }, ...subscoreRows(report)]);
      else table(doc, [{ title: 'Score', width: 3 }, { title: 'Value', width: 1 }], subscoreRows(report).map((row) => [{ text: row.label }, { text: String(row.value), color: scoreColor(row.value), bold: true }]));
      if (report.websites.length > 1) {
        paragraph(doc, 'Your websites', { font: 'Helvetica-Bold' });
        table(doc, [{ title: 'Website', width: 3 }, { title: 'Overall', width: 1 }, { title: 'Audited', width: 2 }], report.websites.map((site) => [{ text: site.name }, site.latest ? { text: String(site.latest.overallScore), color: scoreColor(site.latest.overallScore), bold: true } : { text: 'not audited', color: MUTED }, { text: site.latest ? day(site.latest.date) : '-' }]));
      }
      return;
    case 'issues':
      if (report.issues.length === 0) return paragraph(doc, 'The latest audit found no failing checks.');
      table(
        doc,
        [{ title: 'Priority', width: 1.1 }, { title: 'Issue', width: 3 }, { title: 'Category', width: 1.6 }, { title: 'Fix', width: 5 }],
        report.issues.map((issue) => [{ text: issue.priority, color: PRIORITY_COLORS[issue.priority], bold: true }, { text: issue.title, bold: true }, { text: issue.category }, { text: issue.suggestion }]),
      );
      return;
    case 'checks':
      table(
        doc,
        [{ title: 'Check', width: 2.6 }, { title: 'Subscore', width: 2 }, { title: 'Score', width: 0.9 }, { title: 'Lost', width: 0.8 }, { title: 'Finding', width: 5 }],
        report.checks.map((check) => [{ text: check.title, bold: true }, { text: check.subscore }, check.score === null ? { text: 'n/a', color: MUTED } : { text: checkScore(check.score), color: scoreColor(check.score * 100), bold: true }, { text: check.pointsLost.toFixed(1) }, { text: check.explanation }]),
      );
      return;
    case 'recommendations':
      if (report.recommendations.length === 0) return paragraph(doc, 'No recommendations: every check passed.');
      report.recommendations.forEach((text, index) => paragraph(doc, `${index + 1}.  ${text}`));
      return;
    case 'history':
      if (report.history.length === 0) return paragraph(doc, 'No audits in this period.');
      if (report.report.charts && report.history.length >= 2) historyLine(doc, report.history, colors.primary);
      else if (report.report.charts) paragraph(doc, 'One audit in this period: the chart needs two.', { color: MUTED });
      table(
        doc,
        [{ title: 'Date', width: 1.4 }, { title: 'Overall', width: 1 }, ...SUBSCORE_IDS.map((sub) => ({ title: SUBSCORE_LABELS[sub], width: 1.4 }))],
        [...report.history].reverse().map((point) => [{ text: day(point.date) }, { text: String(point.overallScore), color: scoreColor(point.overallScore), bold: true }, ...SUBSCORE_IDS.map((sub) => ({ text: String(point.subscores[sub]) }))]),
      );
      return;
    case 'competitors':
      if (report.competitors.length === 0) return paragraph(doc, 'No competitors in your profile: add them in Settings to benchmark against them.');
      if (report.report.charts) bars(doc, competitorRows(report));
      table(
        doc,
        [{ title: 'Site', width: 2.2 }, { title: 'Overall', width: 1 }, ...SUBSCORE_IDS.map((sub) => ({ title: SUBSCORE_LABELS[sub], width: 1.3 }))],
        [ownCompetitorRow(report), ...report.competitors].map((site) => [
          { text: site.name, bold: true },
          site.latest ? { text: String(site.latest.overallScore), color: scoreColor(site.latest.overallScore), bold: true } : { text: 'not audited', color: MUTED },
          ...SUBSCORE_IDS.map((sub) => ({ text: site.latest ? String(site.latest.subscores[sub]) : '-' })),
        ]),
      );
      return;
    case 'citations':
      if (report.citations) citationsSection(doc, report, report.citations);
      return;
    case 'roi': {
      const roi = report.roi;
      if (!roi) return;
      if (!roi.available) return paragraph(doc, roi.reason, { color: '#92400E' });
      paragraph(doc, `From ${day(roi.period.from)} to ${day(roi.period.to)} (${roiAuditsLabel(report, roi.period.audits)}), with your inputs: ${roi.inputs.monthlyOrganicTraffic.toLocaleString('en-US')} organic visits per month, ${roi.inputs.conversionRate}% conversion rate, ${roi.inputs.valuePerConversion} per conversion.`);
      table(doc, [{ title: 'Metric', width: 2.4 }, { title: 'Value', width: 1.8 }, { title: 'How it is computed', width: 4.5 }], roi.terms.map((term) => [{ text: term.label, bold: true }, { text: roiValue(term), bold: true }, { text: term.formula }]));
      paragraph(doc, `Visibility factor: ${roi.factorSource}`, { color: MUTED, size: 9 });
      paragraph(doc, roi.caveat, { color: '#92400E', size: 9.5 });
      return;
    }
  }
}

/** Footer on every page: the branding line and "Page n of m". */
function footers(doc: Doc, report: ReportDocument): void {
  const range = doc.bufferedPageRange();
  const text = pdfText(footerLine(report));
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would make pdfkit start a new page; lift the margin meanwhile.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 10;
    doc.moveTo(PAGE.margin, y - 6).lineTo(PAGE.width - PAGE.margin, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(text, PAGE.margin, y, { width: CONTENT_WIDTH * 0.75, lineBreak: false, ellipsis: true });
    doc.text(`Page ${index + 1} of ${range.count}`, PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/**
 * A multi-page A4 PDF drawn with pdfkit's vector primitives and built-in fonts: no browser, no font
 * files. pdfkit is loaded on the first PDF, not with the server: few requests ever need it.
 */
export async function renderPdf(report: ReportDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: pdfText(report.report.name), Author: pdfText(report.branding.companyName ?? 'Citable'), Subject: pdfText(`${report.report.templateName}: ${report.site.name}`), CreationDate: new Date(report.report.generatedAt) },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cover(doc, report);
  for (const id of report.report.sections) {
    if ((id === 'roi' && !report.roi) || (id === 'citations' && !report.citations)) continue;
    if (NEW_PAGE.has(id) || doc.y > BOTTOM - 120) doc.addPage();
    else doc.moveDown(1);
    heading(doc, SECTION_TITLES[id], report.branding.colors.secondary);
    drawSection(doc, report, id);
  }
  footers(doc, report);
  doc.end();
  return done;
}
