import type { PlanId } from './plans';

/** Dashboard tool section ids, in sidebar order (spec 001 §2). */
export const TOOL_IDS = [
  'overview',
  'audit',
  'schema',
  'citations',
  'voice',
  'summaries',
  'entities',
  'generator',
  'optimizer',
  'prompts',
  'competitive',
  'discovery',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Advanced section ids (spec 001 §2, 002 §2). */
// white-label is the agency theming editor (spec 002 §1); the spec leaves where it lives open.
export const ADVANCED_SECTION_IDS = ['playbooks', 'history', 'editor', 'reports', 'competitive-viz', 'integrations', 'white-label'] as const;
export type AdvancedSectionId = (typeof ADVANCED_SECTION_IDS)[number];

export interface ToolDefinition {
  id: ToolId;
  name: string;
  description: string;
  /** The lowest plan that may run it (spec 001 §6). */
  requiredPlan: PlanId;
  /** The server function that runs it, when it has one. */
  functionName?: string;
}

export const TOOLS: Record<ToolId, ToolDefinition> = {
  overview: { id: 'overview', name: 'Overview', description: 'Your AI Visibility Score and what to fix first.', requiredPlan: 'free' },
  audit: { id: 'audit', name: 'AI Visibility Audit', description: 'Audit a site or page for how AI systems read and cite it.', requiredPlan: 'core', functionName: 'ai-visibility-audit' },
  schema: { id: 'schema', name: 'Schema Generator', description: 'Generate valid JSON-LD structured data from your page.', requiredPlan: 'core', functionName: 'schema-generator' },
  citations: { id: 'citations', name: 'Citation Tracker', description: 'Find where AI answers and communities mention you.', requiredPlan: 'core', functionName: 'citation-tracker' },
  voice: { id: 'voice', name: 'Voice Assistant Tester', description: 'See what Siri, Alexa and Google would read out.', requiredPlan: 'core', functionName: 'voice-assistant-tester' },
  summaries: { id: 'summaries', name: 'LLM Site Summaries', description: 'Summarise your site and generate llms.txt.', requiredPlan: 'core', functionName: 'llm-site-summaries' },
  entities: { id: 'entities', name: 'Entity Coverage Analyzer', description: 'Find the entities competitors cover and you miss.', requiredPlan: 'pro', functionName: 'entity-coverage-analyzer' },
  generator: { id: 'generator', name: 'AI Content Generator', description: 'Generate FAQs, snippets and meta tags from your content.', requiredPlan: 'pro', functionName: 'ai-content-generator' },
  optimizer: { id: 'optimizer', name: 'AI Content Optimizer', description: 'Score and rewrite content to be cited.', requiredPlan: 'core', functionName: 'content-optimizer' },
  prompts: { id: 'prompts', name: 'Prompt Match Suggestions', description: 'The prompts people ask AI, and whether you answer them.', requiredPlan: 'pro', functionName: 'prompt-match-suggestions' },
  competitive: { id: 'competitive', name: 'Competitive Analysis', description: 'Compare your scores with your competitors.', requiredPlan: 'pro', functionName: 'competitive-analysis' },
  discovery: { id: 'discovery', name: 'Competitor Discovery', description: 'Find the sites competing for your answers.', requiredPlan: 'core', functionName: 'competitor-discovery' },
};

/** The 12 tools advertised on the landing page (spec 000 §1). */
export const LANDING_TOOLS: { name: string; description: string }[] = [
  { name: 'AI Visibility Score', description: 'One score from 0 to 100 with four subscores: AI Understanding, Citation Likelihood, Conversational Readiness and Content Structure Quality.' },
  { name: 'AI Visibility Audit', description: 'Over forty checks of how answer engines crawl, read and quote your pages, each with a fix.' },
  { name: 'Schema Generator', description: 'Valid JSON-LD for your organization, articles, FAQs, products and more, built from your page.' },
  { name: 'Citation Tracker', description: 'Mentions of your brand by language models, a search engine and discussion sites, with alerts.' },
  { name: 'Voice Assistant Tester', description: 'What Siri, Alexa and Google Assistant would read out for the questions you care about.' },
  { name: 'LLM Site Summaries', description: 'How a model would summarise your site, plus a ready-to-publish llms.txt.' },
  { name: 'Entity Coverage Analyzer', description: 'The people, products and topics your competitors cover and you do not.' },
  { name: 'AI Content Generator', description: 'FAQs, snippets and meta tags grounded in your own content.' },
  { name: 'AI Content Optimizer', description: 'Score a draft, then rewrite it to be quoted: answer first, sourced, structured.' },
  { name: 'Prompt Match Suggestions', description: 'The prompts people ask AI assistants about your topic, and whether your pages answer them.' },
  { name: 'Competitive Analysis', description: 'Your scores beside your competitors, and the checks where they beat you.' },
  { name: 'Genie', description: 'An assistant that knows your scores and opens the right tool for the job.' },
];
