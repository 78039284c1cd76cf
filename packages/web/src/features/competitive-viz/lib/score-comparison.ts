import { SUBSCORE_LABELS, type CompetitiveData, type SubscoreId, type Subscores } from '@citable/contract';

/**
 * The Score Comparison charts of Competitive Insights (issue 19 item 5): the user's site against
 * each competitor, from the latest audits the section already loads. Sites without an audit in
 * the period are left out (the section offers to audit them).
 */

export interface ComparedSite {
  name: string;
  url: string;
  isUser: boolean;
  score: number;
  subscores: Subscores | null;
}

/** The audited sites by overall score, highest first; the user's site first among equals. */
export function comparedSites(data: Pick<CompetitiveData, 'userSite' | 'competitors'>): ComparedSite[] {
  const sites = [data.userSite, ...data.competitors].flatMap((site) =>
    site && site.overallScore !== null ? [{ name: site.name, url: site.url, isUser: site.role === 'user', score: site.overallScore, subscores: site.subscores }] : [],
  );
  return sites.map((site, index) => ({ site, index })).sort((a, b) => b.site.score - a.site.score || Number(b.site.isUser) - Number(a.site.isUser) || a.index - b.index).map(({ site }) => site);
}

/** The sites that have subscores, the user's first, the competitors in the overall chart's order: each panel reads alike. */
export function subscoreSites(sites: readonly ComparedSite[]): (ComparedSite & { subscores: Subscores })[] {
  const withSubscores = sites.filter((site): site is ComparedSite & { subscores: Subscores } => site.subscores !== null);
  return [...withSubscores.filter((site) => site.isUser), ...withSubscores.filter((site) => !site.isUser)];
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th'}`;
}

/** Where the user's site stands: "Lantern Tea ranks 2nd of 3 · 8 points above the competitor average" ("joint 2nd" on a tie). Null without its score. */
export function standing(sites: readonly ComparedSite[], competitorAverage: number | null): string | null {
  const user = sites.find((site) => site.isUser);
  if (!user) return null;
  const rank = sites.filter((site) => site.score > user.score).length + 1;
  const tied = sites.some((site) => site !== user && site.score === user.score);
  const parts = [`${user.name} ranks ${tied ? 'joint ' : ''}${ordinal(rank)} of ${sites.length}`];
  if (competitorAverage !== null) {
    const gap = user.score - competitorAverage;
    parts.push(gap === 0 ? 'level with the competitor average' : `${Math.abs(gap)} ${Math.abs(gap) === 1 ? 'point' : 'points'} ${gap > 0 ? 'above' : 'below'} the competitor average`);
  }
  return parts.join(' · ');
}

const named = (site: ComparedSite) => (site.isUser ? `${site.name} (your site)` : site.name);

/** The overall chart's accessible name: every site with its score, then the competitors' average. */
export function overallLabel(sites: readonly ComparedSite[], competitorAverage: number | null): string {
  const list = sites.map((site) => `${named(site)} ${site.score}`).join(', ');
  return `Overall score: ${list}${competitorAverage === null ? '' : `; competitor average ${competitorAverage}`}`;
}

/** A subscore panel's accessible name. */
export function subscoreLabel(id: SubscoreId, sites: readonly (ComparedSite & { subscores: Subscores })[]): string {
  return `${SUBSCORE_LABELS[id]}: ${sites.map((site) => `${named(site)} ${site.subscores[id]}`).join(', ')}`;
}

/** A name cut to `max` characters with an ellipsis, for chart labels that cannot wrap. */
export function shortName(name: string, max = 28): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
