import { PLAN_IDS, PLANS, SUBSCORE_LABELS, SUBSCORE_IDS, TOOLS, upgradeMessage, type ToolId } from '@citable/contract';

/**
 * What Genie knows about the product without a model: one entry per tool (its contract name and
 * description plus the words people use when they need it) and a few product topics built from
 * the contract's plans and subscores, so prices and names can never drift from the real ones.
 */

export interface KnowledgeEntry {
  id: string;
  /** The tool the entry is about, when it is about one. */
  toolId?: ToolId;
  title: string;
  /** Searched, and the first sentence of it is what Genie says about the entry. */
  text: string;
}

/** How people ask for each tool: the vocabulary of their questions, not marketing copy. */
const TOOL_GUIDES: Partial<Record<ToolId, string>> = {
  audit:
    'Audit a site or a single page: over forty checks of AI crawler access, robots.txt, JavaScript rendering, structured data, metadata, freshness, content depth and readability, each with a fix. Find out why a score is low, which issues to fix first and what the recommendations mean.',
  schema:
    'Generate schema markup: JSON-LD structured data with schema.org types such as Organization, Article, FAQPage, Product, HowTo and LocalBusiness, checked for required and recommended properties. Rich results and machine-readable facts.',
  citations:
    'Track whether ChatGPT, Perplexity, Claude, Gemini and other AI assistants cite, mention or recommend your brand, and how often, with citation history and alerts. Monitor mentions on Reddit and Hacker News. Know if you get cited in AI answers.',
  voice:
    'Test voice search: what Siri, Alexa and Google Assistant would read out for your questions, from your own pages. Speakable answers, spoken snippets, questions asked aloud.',
  summaries:
    'See how a language model would summarise your site and what it understands your business does. Generate llms.txt and llms-full.txt files for AI crawlers.',
  entities:
    'Entity coverage: the people, products, organisations, places and topics your pages name, compared with your competitors, so you can close gaps in topical authority and the knowledge graph.',
  generator:
    'Generate content from your own pages: FAQs, meta tags (title and meta description), answer snippets, question headings and page descriptions, scored for the lengths answer engines quote. Write FAQ content.',
  optimizer:
    'Optimize and rewrite content so AI answers quote and cite it: answer-first passages, a summary at the top, question headings, shorter sentences, statistics, quotations and cited sources. Improve a draft or page score before publishing; get cited by ChatGPT and quoted by AI search.',
  prompts:
    'Prompt match: the prompts and questions people ask AI assistants about your topic, by intent, and whether your pages answer them. Keyword research for AI search.',
  competitive:
    'Compare your AI visibility score and subscores with your competitors and the industry average, and see the checks where competitors beat you. Benchmark against rivals.',
  discovery:
    'Discover competitors: the sites competing with you for the same answers, ranked by relevance, to add to your tracked competitors.',
};

function toolEntries(): KnowledgeEntry[] {
  return (Object.keys(TOOL_GUIDES) as ToolId[]).map((toolId) => ({
    id: `tool:${toolId}`,
    toolId,
    title: TOOLS[toolId].name,
    text: `${TOOLS[toolId].description} ${TOOL_GUIDES[toolId]}`,
  }));
}

const price = (amount: number) => (amount === 0 ? 'free' : `$${amount} a month`);

function productEntries(): KnowledgeEntry[] {
  const plans = PLAN_IDS.map((id) => `${PLANS[id].name} (${price(PLANS[id].monthlyPrice)}, ${PLANS[id].websitesLimit} website${PLANS[id].websitesLimit === 1 ? '' : 's'})`).join(', ');
  const subscores = SUBSCORE_IDS.map((id) => SUBSCORE_LABELS[id]).join(', ');
  return [
    {
      id: 'product:plans',
      title: 'Plans and pricing',
      text: `Citable has four plans: ${plans}; annual billing costs less per month. Pricing, cost, subscription, upgrade, trial, free plan and billing are explained on the pricing page. ${upgradeMessage('core')}`,
    },
    {
      id: 'product:score',
      title: 'The AI Visibility Score',
      text: `The AI Visibility Score rates from 0 to 100 how well AI assistants can crawl, understand, retrieve and cite your site, as the weighted mean of four subscores: ${subscores}. Every point lost traces to a named check with a fix. What the score means and how it is calculated.`,
    },
    {
      id: 'product:what',
      title: 'What Citable does',
      text: 'Citable measures and improves how well AI answer engines such as ChatGPT, Perplexity, Claude and Google AI understand, retrieve and cite your website, and tracks that over time: analyze, optimize, track. What is Citable, how does it work, who is it for: marketers, site owners and agencies.',
    },
    {
      id: 'product:start',
      title: 'Getting started',
      text: 'Sign up, add your website and your competitors, then run your first AI Visibility Audit from the dashboard; it takes about a minute. How to start, create an account, onboarding, first steps.',
    },
  ];
}

export const KNOWLEDGE: KnowledgeEntry[] = [...toolEntries(), ...productEntries()];
