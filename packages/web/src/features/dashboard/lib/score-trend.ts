import { chartDomain, sameMeasurement, siteScoreAudit, type AuditHistoryItem, type AuditKind } from '@citable/contract';

/**
 * The overview's score trend (issue 19 item 5): the selected website's own audits, like with like.
 * The series follows the site's score (its newest site audit, issue 30), or the newest audit when
 * there is no site audit yet, and keeps only audits that measured the same thing (kind, address,
 * page count), so a line never joins a site crawl with a page audit, nor two pages.
 */

export interface TrendPoint {
  id: string;
  score: number;
  date: string;
}

export interface ScoreSeries {
  kind: AuditKind;
  points: TrendPoint[];
}

/** `audits` newest first (as the overview loads them); the comparable series, oldest first. Null without audits. */
export function comparableSeries(audits: readonly AuditHistoryItem[]): ScoreSeries | null {
  const newest = siteScoreAudit(audits) ?? audits[0];
  if (!newest) return null;
  const measured = (audit: AuditHistoryItem) => ({ kind: audit.kind, url: audit.website_url, pageCount: audit.page_count });
  const reference = measured(newest);
  const points = audits
    .filter((audit) => audit.created_at <= newest.created_at && sameMeasurement(measured(audit), reference))
    .map((audit) => ({ id: audit.id, score: audit.overall_score, date: audit.created_at }))
    .reverse();
  return { kind: newest.kind, points };
}

/** A point of the sparkline in a 0..100 box on both axes, y downwards as in SVG. */
export interface PlotPoint {
  x: number;
  y: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The points' places in a 0..100 box: evenly spaced from left to right (one audit a step, so
 * audits on the same day stay apart), and scaled on the Trends chart's padded score range so a
 * 2-point change does not fill the height. A single value sits in the middle.
 */
export function plotPoints(scores: readonly number[]): PlotPoint[] {
  if (scores.length === 0) return [];
  const [low, high] = chartDomain([...scores]);
  const span = high - low;
  return scores.map((score, index) => ({
    x: scores.length === 1 ? 50 : round((index / (scores.length - 1)) * 100),
    y: span === 0 ? 50 : round(100 - ((score - low) / span) * 100),
  }));
}

/** The SVG path of the line through the points. */
export function linePath(points: readonly PlotPoint[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

/** The SVG path of the area under the line, down to the box's bottom edge. */
export function areaPath(points: readonly PlotPoint[]): string {
  if (points.length < 2) return '';
  return `${linePath(points)} L${points[points.length - 1].x} 100 L${points[0].x} 100 Z`;
}

/** The accessible summary of the trend: "Score trend of Lantern Tea: 52 to 71 over 6 audits". */
export function trendLabel(siteName: string | null, scores: readonly number[]): string {
  const subject = siteName ? `Score trend of ${siteName}` : 'Score trend';
  if (scores.length < 2) return `${subject}: not enough audits yet`;
  return `${subject}: ${scores[0]} to ${scores[scores.length - 1]} over ${scores.length} audits`;
}

/** The change from the first to the last score of the series. */
export function scoreChange(scores: readonly number[]): number {
  return scores.length < 2 ? 0 : scores[scores.length - 1] - scores[0];
}
