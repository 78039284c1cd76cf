import type { CompetitiveSite } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScoreComparison } from './score-comparison';

function site(name: string, role: CompetitiveSite['role'], overallScore: number | null): CompetitiveSite {
  return {
    name,
    url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
    role,
    overallScore,
    subscores: overallScore === null ? null : { aiUnderstanding: overallScore, citationLikelihood: 40, conversationalReadiness: 30, contentStructure: 20 },
    lastUpdated: null,
  };
}

const render = (data: Parameters<typeof ScoreComparison>[0]['data']) => renderToString(<ScoreComparison data={data} />).replace(/<!-- -->/g, '');

describe('ScoreComparison', () => {
  it('draws a bar per audited site, the user’s marked, with the average line and four subscore panels', () => {
    const html = render({ userSite: site('Lantern Tea', 'user', 65), competitors: [site('Kettle Co', 'competitor', 72), site('Later', 'competitor', null)], competitorAverage: 72 });
    expect(html).toMatch(/<svg role="img" aria-label="Overall score: Kettle Co 72, Lantern Tea \(your site\) 65; competitor average 72"/);
    expect(html.match(/data-testid="comparison-user"/g)).toHaveLength(1);
    expect(html.match(/data-testid="comparison-competitor"/g)).toHaveLength(1);
    // Bars as wide as the scores; the average line at the average.
    expect(html).toContain('width="65%"');
    expect(html).toContain('width="72%"');
    expect(html.match(/<line x1="72%" x2="72%"/g)).toHaveLength(2);
    expect(html).toContain('· You');
    expect(html.match(/data-testid="subscore-comparison"/g)).toHaveLength(4);
    expect(html).toContain('aria-label="AI Understanding: Lantern Tea (your site) 65, Kettle Co 72"');
    expect(html).toContain('Lantern Tea ranks 2nd of 2 · 7 points below the competitor average');
  });

  it('draws nothing without an audited site', () => {
    expect(render({ userSite: site('Lantern Tea', 'user', null), competitors: [site('Kettle Co', 'competitor', null)], competitorAverage: null })).toBe('');
  });
});
