import { PROMPT_INTENTS, type PromptContentType, type PromptIntent, type PromptSuggestion, type PromptSuggestionsResult } from '@citable/contract';
import type { PageModel } from '../model/types';
import { rankPassages, type RetrievalPage } from '../retrieval/rank-passages';
import { conciseAnswers } from '../checks/concise-answers';
import { truncate } from '../text/words';
import { contentTerms, normalizeTerm } from './text-terms';
import { entitiesOf } from './entity-coverage';
import { siteName } from './site-identity';

export interface SuggestPromptsInput {
  topic: string;
  industry?: string;
  targetAudience?: string;
  contentType?: PromptContentType;
  /** The intent to explore most; every intent is still covered. */
  userIntent?: PromptIntent;
  /** The user's pages: the prompts are matched against their passages. */
  pages: PageModel[];
}

/** Prompts per intent: the focus intent gets more, so the user sees its variations. */
const FOCUS_PROMPTS = 6;
const OTHER_PROMPTS = 3;
const DEFAULT_PROMPTS = 4;
/** From this likelihood on, a prompt counts as answered by the site. */
export const ANSWERED_LIKELIHOOD = 50;
const SHORT_FACTUAL_WORDS = 6;
/** The site's own questions lead each intent's list, at most this many. */
const SITE_QUESTIONS = 2;
/** Words that mark a question's intent; anything else is informational. */
const TRANSACTIONAL_RE = /\b(?:cost|costs|price|prices|pricing|buy|order|hire|book|quote|discount|subscribe|sign up)\b/i;
const COMMERCIAL_RE = /\b(?:best|vs\.?|versus|compare|comparison|alternatives?|worth|reviews?|top)\b/i;
const NAVIGATIONAL_RE = /\b(?:contact|login|log in|website|official|location|address|find us)\b/i;

interface Context {
  topic: string;
  /** "is"/"are" and "does"/"do" agreeing with the topic ("solar panels are"). */
  is: string;
  does: string;
  audience: string | null;
  industry: string | null;
  brand: string | null;
  alternative: string | null;
  contentType: PromptContentType | null;
  /** The site's own question headings on the topic, by intent. */
  questions: Record<PromptIntent, string[]>;
}

interface Template {
  make: (c: Context) => string | null;
  /** Only for these content types; any when absent. */
  types?: PromptContentType[];
}

const forAudience = (c: Context): string => (c.audience ? ` for ${c.audience}` : '');

/**
 * Phrasings of each intent, after the classic search-intent taxonomy (Broder, "A taxonomy of web
 * search", 2002, with commercial investigation split from transactional). Each is filled with the
 * topic, the audience, the industry, the site's brand and the entities its pages name; a
 * template returns null when the input lacks what it needs.
 */
const TEMPLATES: Record<PromptIntent, Template[]> = {
  informational: [
    { make: (c) => `What ${c.is} ${c.topic}?` },
    { make: (c) => `How ${c.does} ${c.topic} work?` },
    { make: (c) => `How do I get started with ${c.topic}${forAudience(c)}?`, types: ['guide', 'article', 'faq'] },
    { make: (c) => `What are the benefits of ${c.topic}${forAudience(c)}?` },
    { make: (c) => (c.industry ? `How is ${c.topic} used in ${c.industry}?` : null) },
    { make: (c) => (c.audience ? `What should ${c.audience} know about ${c.topic}?` : `What should I know about ${c.topic} before I start?`) },
  ],
  transactional: [
    { make: (c) => `How much ${c.does} ${c.topic} cost?` },
    { make: (c) => `Where can I buy ${c.topic}${forAudience(c)}?`, types: ['product', 'article', 'faq', 'guide'] },
    { make: (c) => `How do I hire a provider for ${c.topic}?`, types: ['service'] },
    { make: (c) => `Can I get a free quote for ${c.topic}?`, types: ['service', 'product'] },
    { make: (c) => (c.brand ? `How do I order ${c.topic} from ${c.brand}?` : null) },
    { make: (c) => `How do I sign up for ${c.topic}?`, types: ['service', 'article', 'guide', 'faq'] },
    { make: (c) => `Are there discounts on ${c.topic}?` },
  ],
  navigational: [
    { make: (c) => (c.brand ? `Does ${c.brand} offer ${c.topic}?` : `What is the official website for ${c.topic}?`) },
    { make: (c) => (c.brand ? `How do I contact ${c.brand} about ${c.topic}?` : `Where can I find ${c.topic} documentation?`) },
    { make: (c) => (c.brand ? `Where is the ${c.brand} ${c.topic} pricing page?` : `Where can I read reviews of ${c.topic}?`) },
    { make: (c) => (c.brand ? `What is ${c.brand}'s website for ${c.topic}?` : null) },
    { make: (c) => (c.brand ? `Where can I find ${c.brand}'s ${c.topic} guides?` : null), types: ['guide', 'article', 'faq'] },
  ],
  commercial: [
    { make: (c) => `What is the best ${c.topic}${forAudience(c)}?` },
    { make: (c) => (c.alternative ? `${capitalize(c.topic)} vs ${c.alternative}: which is better?` : null) },
    { make: (c) => `What are the alternatives to ${c.topic}?` },
    { make: (c) => `${capitalize(c.is)} ${c.topic} worth it?` },
    { make: (c) => `Which ${c.topic} providers are the best${c.industry ? ` in ${c.industry}` : ''}?`, types: ['service', 'product'] },
    { make: (c) => (c.brand ? `Is ${c.brand} a good choice for ${c.topic}?` : null) },
  ],
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The prompts people would put to an assistant about a topic, by intent, each measured against
 * the user's pages with the retrieval simulation: likelihood is how well the best passage
 * matches (share of the prompt's terms it contains, scaled by its BM25 score).
 */
export function suggestPrompts(input: SuggestPromptsInput): PromptSuggestionsResult {
  const context = buildContext(input);
  const byIntent = {} as Record<PromptIntent, string[]>;
  const seen = new Set<string>();
  for (const intent of PROMPT_INTENTS) {
    const limit = input.userIntent === undefined ? DEFAULT_PROMPTS : input.userIntent === intent ? FOCUS_PROMPTS : OTHER_PROMPTS;
    const prompts: string[] = [];
    const candidates = [
      ...context.questions[intent].slice(0, SITE_QUESTIONS),
      ...TEMPLATES[intent].filter((t) => !t.types || !context.contentType || t.types.includes(context.contentType)).map((t) => t.make(context)),
    ];
    for (const prompt of candidates) {
      if (prompts.length >= limit) break;
      if (!prompt || seen.has(prompt.toLowerCase())) continue;
      seen.add(prompt.toLowerCase());
      prompts.push(prompt);
    }
    byIntent[intent] = prompts;
  }

  const all = PROMPT_INTENTS.flatMap((intent) => byIntent[intent]);
  const retrievalPages: RetrievalPage[] = input.pages.map((model, i) => ({ id: String(i), model }));
  const rankings = retrievalPages.length > 0 ? rankPassages(retrievalPages, all) : all.map((prompt) => ({ prompt, passages: [], shareOfVoice: [] }));
  const topScore = Math.max(0, ...rankings.map((r) => r.passages[0]?.score ?? 0));

  const promptsByCategory = {} as PromptSuggestionsResult['promptsByCategory'];
  let k = 0;
  for (const intent of PROMPT_INTENTS) {
    promptsByCategory[intent] = byIntent[intent].map((prompt): PromptSuggestion => {
      const best = rankings[k++].passages[0];
      const terms = [...new Set(contentTerms(prompt))];
      const passageTerms = new Set(best ? contentTerms(`${best.heading ?? ''} ${best.text}`) : []);
      const missing = terms.filter((t) => !passageTerms.has(t));
      const coverage = terms.length === 0 ? 0 : (terms.length - missing.length) / terms.length;
      // BM25 grows with repetition faster than answer quality; the square root damps that.
      const likelihood = best && topScore > 0 ? Math.round(100 * coverage * Math.sqrt(best.score / topScore)) : 0;
      const url = best ? input.pages[Number(best.pageId)].url : null;
      return {
        prompt,
        intent,
        likelihood,
        bestPassage: best ? { url, heading: best.heading, text: truncate(best.text, 300), rank: best.rank } : null,
        optimization: optimizationFor(prompt, intent, likelihood, best ? { url, heading: best.heading, text: best.text } : null, missing, context),
        aiSystem: aiSystemFor(prompt, intent),
      };
    });
  }
  return { totalPrompts: all.length, promptsByCategory };
}

function buildContext(input: SuggestPromptsInput): Context {
  const topic = input.topic.trim();
  const topicTerms = new Set(contentTerms(topic));
  const brand = input.pages.find((p) => p.url !== null || p.jsonLd.length > 0);
  const brandName = brand ? siteName(brand) : null;
  // The site's own question headings on the topic are prompts its writers already expect.
  const questions = input.pages
    .flatMap((p) => p.questionHeadings.map((h) => h.text))
    .filter((q) => contentTerms(q).some((t) => topicTerms.has(t)));
  const alternative = input.pages
    .flatMap((p) => entitiesOf(p))
    .find((e) => (e.type === 'product' || e.type === 'organization') && e.name.toLowerCase() !== brandName?.toLowerCase() && !contentTerms(e.name).some((t) => topicTerms.has(t)))?.name ?? null;
  const grouped: Record<PromptIntent, string[]> = { informational: [], transactional: [], navigational: [], commercial: [] };
  for (const q of new Set(questions)) grouped[intentOf(q)].push(q);
  const plural = isPlural(topic);
  return {
    topic,
    is: plural ? 'are' : 'is',
    does: plural ? 'do' : 'does',
    audience: input.targetAudience?.trim() || null,
    industry: input.industry?.trim() || null,
    brand: brandName,
    alternative,
    contentType: input.contentType ?? null,
    questions: grouped,
  };
}

function intentOf(question: string): PromptIntent {
  if (TRANSACTIONAL_RE.test(question)) return 'transactional';
  if (COMMERCIAL_RE.test(question)) return 'commercial';
  if (NAVIGATIONAL_RE.test(question)) return 'navigational';
  return 'informational';
}

/** A topic whose last word is a regular plural ("solar panels", "heat pumps") takes "are"/"do". */
function isPlural(topic: string): boolean {
  const last = topic.trim().split(/\s+/).pop()?.toLowerCase() ?? '';
  return last.length > 3 && /s$/.test(last) && !/(?:ss|us|is|ics)$/.test(last) && normalizeTerm(last) !== last;
}

const INTENT_HINT: Record<PromptIntent, (c: Context) => string> = {
  informational: () => 'define the subject in the first sentence',
  transactional: () => 'state prices, availability and how to buy or book',
  navigational: (c) => `name ${c.brand ?? 'your brand'} and link the page people look for (pricing, contact, sign-up)`,
  commercial: () => 'compare the options in a table with named criteria and figures',
};

function optimizationFor(
  prompt: string,
  intent: PromptIntent,
  likelihood: number,
  best: { url: string | null; heading: string | null; text: string } | null,
  missing: string[],
  context: Context,
): string {
  const { idealMin, idealMax } = conciseAnswers.defaultOptions;
  const hint = INTENT_HINT[intent](context);
  if (!best) return `No passage on your pages matches this prompt. Add a section headed "${prompt}" that answers it in its first ${idealMin}-${idealMax} words; ${hint}.`;
  const where = `${best.heading ? `"${best.heading}"` : `"${truncate(best.text, 60)}"`}${best.url ? ` on ${best.url}` : ''}`;
  if (likelihood >= ANSWERED_LIKELIHOOD) return `Answered by the passage ${where}. Keep its first ${idealMin}-${idealMax} words a self-contained answer; ${hint}.`;
  const gap = missing.length > 0 ? ` does not mention ${missing.join(', ')}` : ' matches only weakly';
  return `Your closest passage (${where})${gap}. Add a section headed "${prompt}" with a ${idealMin}-${idealMax} word answer first; ${hint}.`;
}

/**
 * Which assistant style a prompt suits, from documented behaviour:
 * - Google AI Overviews sit in Google Search beside shopping, local and site results, so
 *   buying and finding-a-site prompts surface there (Google Search Central, "AI features and
 *   your website").
 * - Perplexity answers research and comparison questions from several web sources with
 *   numbered citations (Perplexity Help Center, "How does Perplexity work?").
 * - Voice assistants read one short answer of about 29 words (Backlinko's voice search study of
 *   10,000 Google Home results), which fits short factual questions.
 * - ChatGPT explains and advises conversationally and cites the pages it searched when it
 *   browses (OpenAI, "Introducing ChatGPT search").
 */
function aiSystemFor(prompt: string, intent: PromptIntent): string {
  if (intent === 'transactional' || intent === 'navigational') return 'Google AI Overviews';
  if (intent === 'commercial') return 'Perplexity';
  if (prompt.split(/\s+/).length <= SHORT_FACTUAL_WORDS && /^(?:what|who|when|where)\b/i.test(prompt)) return 'Voice assistants (Siri, Alexa, Google Assistant)';
  return 'ChatGPT';
}
