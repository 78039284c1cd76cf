import type { CompetitorDiscoveryInput, CompetitorDiscoveryResult } from '@citable/contract';
import { discoverCompetitorCandidates, rankCompetitors } from '@citable/engine';
import { listErrorPages, readOptionalSites, readSitePages } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

type Depth = NonNullable<CompetitorDiscoveryInput['analysisDepth']>;

/** Pages of the user's site read for candidates, candidate sites fetched, and pages read from each. */
const DEPTH: Record<Depth, { sitePages: number; candidates: number; candidatePages: number }> = {
  basic: { sitePages: 5, candidates: 5, candidatePages: 1 },
  standard: { sitePages: 10, candidates: 10, candidatePages: 3 },
  deep: { sitePages: 20, candidates: 15, candidatePages: 5 },
};

/**
 * Candidates are the sites the user's pages link to and the organisations they name; the
 * most-mentioned linked ones are fetched and ranked by how closely their content matches.
 * Sites the user already tracks are left out. Error pages, the user's or a candidate's, are
 * listed and not analysed: a candidate with nothing else is no candidate.
 */
export async function runCompetitorDiscovery(input: CompetitorDiscoveryInput, ctx: ToolContext): Promise<ToolOutcome<CompetitorDiscoveryResult>> {
  const depth = DEPTH[input.analysisDepth ?? 'standard'];
  const existingCompetitors = input.existingCompetitors.length > 0 ? input.existingCompetitors : ctx.profile.competitors.map((c) => c.url);
  const user = await readSitePages(input.url, ctx, depth.sitePages);
  const { candidates } = discoverCompetitorCandidates({ pages: user.pages, existingCompetitors });
  const linked = candidates.filter((c): c is typeof c & { url: string } => c.url !== null).slice(0, depth.candidates);
  const fetched = await readOptionalSites(
    linked.map((c) => c.url),
    ctx,
    depth.candidatePages,
  );
  const names = new Map(linked.map((c) => [c.url, c.name]));
  const result = rankCompetitors({
    userPages: user.pages,
    candidates: fetched.sites.map((site) => ({ url: site.url, name: names.get(site.url), pages: site.pages })),
    existingCompetitors,
  });
  return { result: { ...result, errorPages: listErrorPages(user.errorPages, fetched.errorPages) }, websiteUrl: input.url };
}
