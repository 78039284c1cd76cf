import { HISTORY_RULES, SUBSCORE_IDS, SUBSCORE_LABELS, SUBSCORE_TOOL, TOOLS, type HistoryEntry, type HistoryInsight } from '@citable/contract';
import type { FixGain } from '../../audits';

/**
 * What the newest audit is, in the insights' words: a page audit is named as one, with its
 * address, so its score is never read as the site's (issue 30).
 */
function subjectOf(latest: HistoryEntry): { audit: string; score: string } {
  if (latest.kind === 'site') return { audit: 'The latest site audit', score: 'the site’s score' };
  if (latest.kind === 'page') return { audit: `The latest page audit, of ${latest.website_url ?? 'one page'},`, score: 'the page’s score' };
  return { audit: 'The latest audit of pasted content', score: 'the score' };
}

/**
 * The history's insights (spec 001 §9), over one comparable series oldest first, ending with the
 * newest entry: the same kind of audit of the same address (and pages) as it, so a page audit is
 * not compared with a site crawl, nor crawls of different pages.
 * `gainOf` gives what fixing an entry's failing checks is worth, from its stored audit (null when
 * the audit does not carry it): the projection is the engine's figure, or none.
 */
export function historyInsights(series: readonly HistoryEntry[], gainOf: (entry: HistoryEntry) => FixGain | null = () => null): HistoryInsight[] {
  const scored = series.filter((entry): entry is HistoryEntry & { overall_score: number } => entry.status === 'completed' && entry.overall_score !== null);
  if (scored.length === 0) return [];
  const latest = scored[scored.length - 1];
  const subject = subjectOf(latest);
  const insights: HistoryInsight[] = [];
  if (scored.length >= 2) {
    const change = latest.overall_score - scored[scored.length - 2].overall_score;
    if (change > HISTORY_RULES.positiveChange) {
      insights.push({ id: 'change', tone: 'positive', title: `Up ${change} points`, message: `${subject.audit} scored ${latest.overall_score}, ${change} more than the one before.` });
    } else if (change < -HISTORY_RULES.positiveChange) {
      insights.push({ id: 'change', tone: 'negative', title: `Down ${-change} points`, message: `${subject.audit} scored ${latest.overall_score}, ${-change} less than the one before.` });
    } else {
      insights.push({ id: 'change', tone: 'neutral', title: 'Holding steady', message: `${subject.audit} scored ${latest.overall_score}, within ${HISTORY_RULES.positiveChange} points of the one before.` });
    }
  }
  if (scored.length >= HISTORY_RULES.highlightSpan) {
    const span = latest.overall_score - scored[0].overall_score;
    if (Math.abs(span) > HISTORY_RULES.highlightChange) {
      insights.push({
        id: 'span',
        tone: 'highlight',
        title: span > 0 ? `+${span} points over ${scored.length} audits` : `${span} points over ${scored.length} audits`,
        message: `From ${scored[0].overall_score} to ${latest.overall_score} since ${scored[0].created_at.slice(0, 10)}.`,
      });
    }
  }
  if (latest.subscores) {
    const subscores = latest.subscores;
    const lowest = SUBSCORE_IDS.reduce((low, id) => (subscores[id] < subscores[low] ? id : low));
    if (subscores[lowest] < HISTORY_RULES.weakSubscore) {
      const tool = SUBSCORE_TOOL[lowest];
      insights.push({
        id: 'weakest',
        tone: 'negative',
        title: `Work on ${SUBSCORE_LABELS[lowest]}`,
        message: `${SUBSCORE_LABELS[lowest]} is your lowest subscore at ${subscores[lowest]}. The ${TOOLS[tool].name} works on it.`,
        section: tool,
      });
    }
  }
  const projection = projectionInsight(latest.overall_score, gainOf(latest), subject.score);
  if (projection) insights.push(projection);
  return insights;
}

/**
 * The score the latest audit would have with its failing checks fixed: its score plus the points
 * they cost, rounded and capped at 100. None without the figure, with nothing failing, or when
 * the fixes would not move the rounded score.
 */
function projectionInsight(score: number, gain: FixGain | null, whose: string): HistoryInsight | null {
  if (gain === null || gain.failing === 0) return null;
  const projected = Math.min(100, Math.round(score + gain.pointsLost));
  if (projected <= score) return null;
  const checks = gain.failing === 1 ? 'the failing check' : `the ${gain.failing} failing checks`;
  return { id: 'projection', tone: 'neutral', title: `Projected score ${projected}`, message: `Fixing ${checks} could take ${whose} from ${score} to ${projected}.` };
}
