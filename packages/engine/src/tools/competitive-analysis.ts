import { SUBSCORE_IDS, type AuditResult, type CheckGap, type CheckOutcome, type CompetitiveAnalysisResult, type CompetitivePosition, type SiteScore, type Subscores } from '@citable/contract';
import { CHECKS_BY_ID } from '../checks';
import { round } from './text-terms';

/**
 * A site's or page's audit as the comparison reads it: its scores and its checks. A page audit
 * (AuditResult) is one; so is a stored site audit, whose checks are the means over its pages.
 */
export type NamedAudit = Pick<AuditResult, 'overallScore' | 'subscores'> & {
  checks: Pick<CheckOutcome, 'id' | 'title' | 'score' | 'pointsLost' | 'suggestion'>[];
  url: string;
  name: string;
};

export interface CompareCompetitorsInput {
  primary: NamedAudit;
  competitors: NamedAudit[];
  /** Overall scores of other audited sites in the user's industry. */
  industryAudits?: number[];
}

/** Fewer industry audits than this say more about the sample than about the industry. */
export const MIN_INDUSTRY_AUDITS = 5;
/**
 * Score differences within this margin are "Competitive": the history view treats changes of 5
 * points or less as neither positive nor negative (spec 001 §9), so a gap that small is noise.
 */
export const POSITION_MARGIN = 5;
const MAX_RECOMMENDATIONS = 5;

export function competitivePosition(primaryScore: number, averageCompetitorScore: number): CompetitivePosition {
  const diff = round(primaryScore - averageCompetitorScore, 1);
  if (diff >= POSITION_MARGIN) return 'Leading';
  if (diff >= -POSITION_MARGIN) return 'Competitive';
  return 'Behind';
}

function siteScore(a: NamedAudit): SiteScore {
  return { name: a.name, url: a.url, overallScore: a.overallScore, subscores: a.subscores };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Places the user's audit beside its competitors' audits: the same checks, the same weights,
 * so every gap names the check where a competitor earns points the user loses.
 */
export function compareCompetitors(input: CompareCompetitorsInput): CompetitiveAnalysisResult {
  const { primary, competitors } = input;
  if (competitors.length === 0) throw new RangeError('Competitive analysis needs at least one competitor audit.');
  const averageCompetitorScore = round(mean(competitors.map((c) => c.overallScore)), 1);
  const industry = input.industryAudits ?? [];
  const useIndustry = industry.length >= MIN_INDUSTRY_AUDITS;
  const competitorSubscoreAverages = Object.fromEntries(SUBSCORE_IDS.map((id) => [id, round(mean(competitors.map((c) => c.subscores[id])), 1)])) as Subscores;
  const gaps = checkGaps(primary, competitors);
  return {
    primarySiteAnalysis: siteScore(primary),
    competitorAnalyses: competitors.map(siteScore),
    benchmarks: {
      industryAverage: useIndustry ? round(mean(industry), 1) : averageCompetitorScore,
      industryAverageSource: useIndustry ? 'industry' : 'competitors',
      competitorSubscoreAverages,
    },
    summary: {
      competitivePosition: competitivePosition(primary.overallScore, averageCompetitorScore),
      averageCompetitorScore,
      scoreDifference: round(primary.overallScore - averageCompetitorScore, 1),
    },
    recommendations: gaps.slice(0, MAX_RECOMMENDATIONS).map(
      (g) => `${g.title} (${g.checkId}): ${g.bestCompetitor} scores ${g.competitorScore}% against your ${g.yourScore}%, worth ${g.points} points. ${g.suggestion}`,
    ),
    checkGaps: gaps,
  };
}

/** Checks where at least one competitor scores higher, by the overall points the user would gain matching the best of them. */
function checkGaps(primary: NamedAudit, competitors: NamedAudit[]): CheckGap[] {
  const gaps: CheckGap[] = [];
  for (const mine of primary.checks) {
    if (mine.score === null) continue;
    let best: { name: string; score: number; points: number } | null = null;
    let ahead = 0;
    for (const comp of competitors) {
      const theirs = comp.checks.find((c) => c.id === mine.id);
      if (!theirs || theirs.score === null || theirs.score <= mine.score) continue;
      ahead++;
      // Points lost scale with the check's share of its subscore, which is the user's own audit's share.
      const points = mine.score >= 1 ? 0 : round(mine.pointsLost * ((theirs.score - mine.score) / (1 - mine.score)), 2);
      if (!best || points > best.points || (points === best.points && theirs.score > best.score)) best = { name: comp.name, score: theirs.score, points };
    }
    if (!best || best.points <= 0) continue;
    gaps.push({
      checkId: mine.id,
      title: CHECKS_BY_ID.get(mine.id)?.title ?? mine.title,
      points: best.points,
      bestCompetitor: best.name,
      competitorScore: Math.round(best.score * 100),
      yourScore: Math.round(mine.score * 100),
      competitorsAhead: ahead,
      suggestion: mine.suggestion,
    });
  }
  return gaps.sort((a, b) => b.points - a.points || (a.checkId < b.checkId ? -1 : 1));
}
