import { SUBSCORE_IDS, type ReportDocument, type ReportSiteScores } from '@citable/contract';
import { ownCompetitorRow, scoreColor, shortDay } from './labels';

/** The subscores' thin lines under the overall score's line, in SUBSCORE_IDS order. */
export const SUBSCORE_LINE_COLORS = ['#94A3B8', '#A5B4FC', '#5EEAD4', '#FCD34D'] as const;

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Horizontal 0-100 bars, one per row; static SVG so the HTML report needs no script. */
export function barChart(rows: { label: string; value: number | null }[]): string {
  const rowHeight = 28;
  const labelWidth = 220;
  const barWidth = 360;
  const height = rows.length * rowHeight + 8;
  const bars = rows
    .map((row, index) => {
      const y = index * rowHeight + 4;
      const value = row.value;
      const bar = value === null ? '' : `<rect x="${labelWidth}" y="${y + 4}" width="${(barWidth * value) / 100}" height="16" rx="3" fill="${scoreColor(value)}"/>`;
      return `<text x="0" y="${y + 17}" font-size="12" fill="#334155">${esc(row.label)}</text><rect x="${labelWidth}" y="${y + 4}" width="${barWidth}" height="16" rx="3" fill="#E2E8F0"/>${bar}<text x="${labelWidth + barWidth + 8}" y="${y + 17}" font-size="12" font-weight="600" fill="#0F172A">${value === null ? 'not audited' : value}</text>`;
    })
    .join('');
  return `<svg role="img" aria-label="Score bars" viewBox="0 0 ${labelWidth + barWidth + 80} ${height}" width="100%" xmlns="http://www.w3.org/2000/svg">${bars}</svg>`;
}

export interface SvgLineSeries {
  color: string;
  widthPx: number;
  /** One value per date, 0-100; null leaves a gap in the line. */
  values: (number | null)[];
  dots?: boolean;
  dotRadius?: number;
}

/**
 * Lines over time on the 0-100 grid of spec 002 §9 (ticks 0, 25, 50, 75, 100, with `unit` after
 * them). The first series is drawn last, on top of the others.
 */
export function lineChart(labels: string[], series: SvgLineSeries[], options: { label: string; unit?: string; height?: number }): string {
  const width = 640;
  const height = options.height ?? 220;
  const left = 40;
  const right = 16;
  const top = 12;
  const bottom = 28;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (index: number) => left + (labels.length === 1 ? plotW / 2 : (plotW * index) / (labels.length - 1));
  const y = (value: number) => top + plotH - (plotH * value) / 100;
  const grid = [0, 25, 50, 75, 100].map((tick) => `<line x1="${left}" x2="${width - right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#E2E8F0"/><text x="${left - 6}" y="${y(tick) + 4}" font-size="10" text-anchor="end" fill="#64748B">${tick}${options.unit ?? ''}</text>`).join('');
  const lines = [...series]
    .reverse()
    .map((line) => {
      // Runs of consecutive values; a null ends one.
      const runs: string[][] = [[]];
      line.values.forEach((value, index) => (value === null ? runs.push([]) : runs[runs.length - 1]!.push(`${x(index)},${y(value)}`)));
      const polylines = runs.filter((run) => run.length > 1).map((run) => `<polyline fill="none" stroke="${line.color}" stroke-width="${line.widthPx}" points="${run.join(' ')}"/>`);
      const dots = line.values
        .map((value, index) => {
          const alone = (line.values[index - 1] ?? null) === null && (line.values[index + 1] ?? null) === null;
          return value !== null && (line.dots || alone) ? `<circle cx="${x(index)}" cy="${y(value)}" r="${line.dotRadius ?? 3}" fill="${line.color}"/>` : '';
        })
        .join('');
      return polylines.join('') + dots;
    })
    .join('');
  const labelEvery = Math.max(1, Math.ceil(labels.length / 8));
  const axis = labels
    .map((label, index) => (index % labelEvery === 0 || index === labels.length - 1 ? `<text x="${x(index)}" y="${height - 8}" font-size="10" text-anchor="middle" fill="#64748B">${esc(label)}</text>` : ''))
    .join('');
  return `<svg role="img" aria-label="${esc(options.label)}" viewBox="0 0 ${width} ${height}" width="100%" xmlns="http://www.w3.org/2000/svg">${grid}${lines}${axis}</svg>`;
}

/** The overall score over time (thick, with dots) over the four subscores (thin). */
export function historyChart(points: NonNullable<ReportSiteScores['latest']>[], color: string): string {
  return lineChart(
    points.map((point) => shortDay(point.date)),
    [
      { color, widthPx: 2.5, values: points.map((point) => point.overallScore), dots: true },
      ...SUBSCORE_IDS.map((id, index) => ({ color: SUBSCORE_LINE_COLORS[index]!, widthPx: 1, values: points.map((point) => point.subscores[id]) })),
    ],
    { label: 'Score history' },
  );
}

export function competitorRows(doc: ReportDocument): { label: string; value: number | null }[] {
  const own = ownCompetitorRow(doc);
  return [{ label: own.name, value: own.latest?.overallScore ?? null }, ...doc.competitors.map((competitor) => ({ label: competitor.name, value: competitor.latest?.overallScore ?? null }))];
}
