import { AI_CRAWLERS } from '@citable/contract';
import type { AiCrawlerAccess } from '@citable/contract';
import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface AiCrawlerAccessOptions {
  /** Score lost per blocked search or user-triggered crawler: these remove the page from AI answers. */
  searchPenalty: number;
  /** Score lost per blocked training crawler: a legitimate choice that costs little visibility. */
  trainingPenalty: number;
  /** Cap on the total training penalty. */
  trainingPenaltyCap: number;
}

function blockedBy(c: AiCrawlerAccess): string | null {
  if (!c.robotsAllowed) return 'robots.txt disallows it';
  if (c.uaProbe) {
    const { status, matchesBrowser } = c.uaProbe;
    if (status === null) return `the request with its user agent failed${c.uaProbe.note ? ` (${c.uaProbe.note})` : ''}`;
    if (status >= 400) return `the server answers its user agent with HTTP ${status}`;
    if (!matchesBrowser) return `the server sends its user agent different content${c.uaProbe.note ? ` (${c.uaProbe.note})` : ''}`;
  }
  return null;
}

export const aiCrawlerAccess: Check<AiCrawlerAccessOptions> = {
  id: 'ai-crawler-access',
  title: 'AI crawlers can fetch the page',
  failureTitle: 'AI crawlers are blocked from the page',
  description:
    'Answer engines such as ChatGPT search, Claude and Perplexity can only cite pages their crawlers may fetch. Blocking their search or user-triggered crawlers in robots.txt or at the server removes the page from their answers; blocking training crawlers only keeps it out of future model training.',
  learnMore: 'https://platform.openai.com/docs/bots',
  category: 'Technical SEO',
  priority: 'High',
  suggestion: 'Allow the search and user-triggered AI crawlers (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, PerplexityBot...) in robots.txt and in any firewall or bot-protection rules.',
  defaultOptions: { searchPenalty: 0.35, trainingPenalty: 0.05, trainingPenaltyCap: 0.15 },
  run(_model, site, options) {
    if (!site) return notApplicable('Pasted content has no site whose crawler rules could be checked.');
    if (site.aiCrawlers.length === 0) return notApplicable('The crawler did not test AI crawler access for this site.');
    const blocked = site.aiCrawlers.map((c) => ({ c, why: blockedBy(c) })).filter((b) => b.why !== null);
    if (blocked.length === 0) return pass(`All ${site.aiCrawlers.length} AI crawlers tested may fetch the page.`);
    const operator = (token: string) => AI_CRAWLERS.find((d) => d.token === token)?.operator ?? '';
    const critical = blocked.filter((b) => b.c.purpose !== 'training');
    const training = blocked.filter((b) => b.c.purpose === 'training');
    const penalty = Math.min(1, critical.length * options.searchPenalty) + Math.min(options.trainingPenaltyCap, training.length * options.trainingPenalty);
    const list = blocked.map((b) => detail(`${b.c.token} (${operator(b.c.token)}, ${b.c.purpose})`, b.why ?? ''));
    if (critical.length > 0) {
      return scored(1 - penalty, `${critical.length} search or user-triggered AI crawler(s) are blocked, so answer engines cannot read or cite this page.`, {
        title: critical.length === 1 ? 'An AI search crawler is blocked from the page' : `${critical.length} AI search crawlers are blocked from the page`,
        details: list,
        priority: 'High',
      });
    }
    return scored(1 - penalty, `${training.length} AI training crawler(s) are blocked. Answers are unaffected, but future models will know less about the site.`, {
      title: training.length === 1 ? 'An AI training crawler is blocked (answers unaffected)' : `${training.length} AI training crawlers are blocked (answers unaffected)`,
      details: list,
      priority: 'Low',
      suggestion: 'Blocking training crawlers is a legitimate choice; allow them if you want future models to learn about your brand.',
    });
  },
};
