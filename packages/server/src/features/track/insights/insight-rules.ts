import { INSIGHT_RULES, planAtLeast, type Insight, type PlanId, type Subscores } from '@citable/contract';

/** What the dashboard insights are computed from (spec 002 §9). */
export interface InsightInput {
  /** The latest site audit's scores (the user's score, contract your-score.ts), or null. */
  latest: { overall: number; subscores: Subscores } | null;
  auditCount: number;
  plan: PlanId;
  /** The user's latest activity of any kind, or null. */
  lastActivityAt: Date | null;
  now: Date;
}

/**
 * The dashboard insights, most pressing first, at most three. Each threshold of spec 002 §9 is a
 * rule; the score bands are exclusive (urgent below 60, opportunity 60-74) so one score never
 * yields both.
 */
export function buildInsights(input: InsightInput): Insight[] {
  const insights: Insight[] = [];
  const { latest } = input;
  if (!latest && input.auditCount > 0) {
    // Only page audits so far: a page's score is not the site's (issue 30), so none is stated.
    insights.push({
      id: 'site-audit',
      type: 'urgent',
      title: 'Audit the whole site',
      description: 'Your score comes from an "Entire site" audit; page audits score one page each and are shown as such.',
      action: 'Run audit',
      actionUrl: 'audit',
    });
  } else if (!latest) {
    insights.push({
      id: 'first-audit',
      type: 'urgent',
      title: 'Run your first audit',
      description: 'An audit scores how AI systems read and cite your site, and says what to fix first.',
      action: 'Run audit',
      actionUrl: 'audit',
    });
  } else if (latest.overall < INSIGHT_RULES.urgentBelow) {
    insights.push({
      id: 'urgent-score',
      type: 'urgent',
      title: 'Your AI visibility needs attention',
      description: `Your score is ${latest.overall}, below ${INSIGHT_RULES.urgentBelow}. AI answer engines are unlikely to cite your pages yet.`,
      action: 'Fix top issues',
      actionUrl: 'audit',
      contextualTip: 'Start with the High priority recommendations: they cost the most points.',
    });
  } else if (latest.overall < INSIGHT_RULES.opportunityBelow) {
    insights.push({
      id: 'opportunity-score',
      type: 'opportunity',
      title: 'You are close to strong AI visibility',
      description: `Your score is ${latest.overall}. Reaching ${INSIGHT_RULES.opportunityBelow} puts you ahead of most sites.`,
      action: 'Optimize content',
      actionUrl: 'optimizer',
    });
  }
  if (latest && latest.subscores.contentStructure < INSIGHT_RULES.weakSubscoreBelow) {
    insights.push({
      id: 'content-structure',
      type: 'suggestion',
      title: 'Improve your content structure',
      description: `Content Structure Quality is ${latest.subscores.contentStructure}. Structured data and clear headings help machines parse and quote you.`,
      action: 'Generate schema',
      actionUrl: 'schema',
    });
  }
  if (latest && latest.subscores.citationLikelihood < INSIGHT_RULES.weakSubscoreBelow) {
    insights.push({
      id: 'citation-likelihood',
      type: 'suggestion',
      title: 'Make your pages more quotable',
      description: `Citation Likelihood is ${latest.subscores.citationLikelihood}. Statistics, sources and named authors make answers cite you.`,
      action: 'Track citations',
      actionUrl: 'citations',
    });
  }
  if (latest && latest.overall >= INSIGHT_RULES.highPerformerAt) {
    const pro = planAtLeast(input.plan, 'pro');
    insights.push({
      id: 'high-performer',
      type: 'opportunity',
      title: 'You are a high performer',
      description: `Your score is ${latest.overall}. Keep the lead by watching what your competitors do.`,
      action: pro ? 'Compare with competitors' : 'Find competitors',
      actionUrl: pro ? 'competitive-viz' : 'discovery',
    });
  }
  if (input.plan === 'free' && input.auditCount >= INSIGHT_RULES.upgradeAfterAudits) {
    insights.push({
      id: 'upgrade',
      type: 'suggestion',
      title: 'See what is behind your score',
      description: 'The Core plan shows the four subscores and every check, and unlocks the tools that fix them.',
      action: 'View plans',
      actionUrl: 'billing',
    });
  }
  if (input.lastActivityAt !== null && input.now.getTime() - input.lastActivityAt.getTime() > INSIGHT_RULES.inactiveAfterMs) {
    insights.push({
      id: 'inactive',
      type: 'suggestion',
      title: 'Welcome back',
      description: 'Nothing has happened on your account for over a week. A fresh audit shows what changed.',
      action: 'Run audit',
      actionUrl: 'audit',
    });
  }
  return insights.slice(0, INSIGHT_RULES.max);
}
