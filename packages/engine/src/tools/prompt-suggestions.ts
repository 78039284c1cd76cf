import { PROMPT_INTENTS, type PromptContentType, type PromptIntent, type PromptSuggestion, type PromptSuggestionsResult } from '@citable/contract';
import type { PageModel } from '../model/types';
import { rankPassages } from '../retrieval/rank-passages';
import { conciseAnswers } from '../checks/concise-answers';
import { truncate } from '../text/words';
import { contentTerms, normalizeTerm } from './text-terms';
import { entitiesOf } from './entity-coverage';
import { siteName } from './site-identity';
import { findSiteAnswers } from './site-answers';
import { siteKinds, type SiteKind } from './site-kind';

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
  /** Only for sites of these kinds (a shop's buyers ask to buy, a service's to hire); any when absent or when the site's kind is unknown. */
  kinds?: SiteKind[];
}

const forAudience = (c: Context): string => (c.audience ? ` for ${c.audience}` : '');

/**
 * Phrasings of each intent, after the classic search-intent taxonomy (Broder, "A taxonomy of web
 * search", 2002, with commercial investigation split from transactional), each for the kinds of
 * business whose buyers ask it (issue #32: a coffee shop is never asked for a free quote). Each
 * is filled with the topic, the audience, the industry, the site's brand and the entities its
 * pages name; a template returns null when the input lacks what it needs.
 */
const TEMPLATES: Record<PromptIntent, Template[]> = {
  informational: [
    { make: (c) => `What ${c.is} ${c.topic}?` },
    { make: (c) => `How ${c.does} ${c.topic} work?`, kinds: ['saas', 'service', 'publisher'] },
    { make: (c) => `How do I get started with ${c.topic}${forAudience(c)}?`, types: ['guide', 'article', 'faq'], kinds: ['saas', 'publisher'] },
    { make: (c) => `What are the benefits of ${c.topic}${forAudience(c)}?` },
    { make: (c) => (c.industry ? `How is ${c.topic} used in ${c.industry}?` : null), kinds: ['saas', 'service', 'publisher'] },
    { make: (c) => `How do I choose ${c.topic}?`, kinds: ['shop'] },
    { make: (c) => (c.audience ? `What should ${c.audience} know about ${c.topic}?` : `What should I know about ${c.topic} before I start?`) },
  ],
  transactional: [
    { make: (c) => `How much ${c.does} ${c.topic} cost?`, kinds: ['shop', 'local', 'service', 'saas'] },
    { make: (c) => `Where can I buy ${c.topic}${forAudience(c)}?`, types: ['product', 'article', 'faq', 'guide'], kinds: ['shop'] },
    { make: (c) => `Where can I get ${c.topic} near me?`, kinds: ['local'] },
    { make: (c) => `How do I book an appointment for ${c.topic}?`, kinds: ['local', 'service'] },
    { make: (c) => `How do I hire a provider for ${c.topic}?`, types: ['service'], kinds: ['service'] },
    { make: (c) => `Can I get a free quote for ${c.topic}?`, types: ['service', 'product'], kinds: ['service'] },
    { make: (c) => (c.brand ? `How do I order ${c.topic} from ${c.brand}?` : null), kinds: ['shop'] },
    { make: (c) => `How do I sign up for ${c.topic}?`, types: ['service', 'article', 'guide', 'faq'], kinds: ['saas'] },
    { make: (c) => `Is there a free trial of ${c.topic}?`, kinds: ['saas'] },
    { make: (c) => `Are there discounts on ${c.topic}?`, kinds: ['shop', 'saas'] },
  ],
  navigational: [
    { make: (c) => (c.brand ? `Does ${c.brand} offer ${c.topic}?` : `What is the official website for ${c.topic}?`), kinds: ['shop', 'local', 'service', 'saas'] },
    { make: (c) => (c.brand ? `Where is ${c.brand} located?` : null), kinds: ['local'] },
    { make: (c) => (c.brand ? `What are ${c.brand}'s opening hours?` : null), kinds: ['local'] },
    { make: (c) => (c.brand ? `How do I contact ${c.brand} about ${c.topic}?` : null) },
    { make: (c) => (c.brand ? `Where is the ${c.brand} ${c.topic} pricing page?` : `Where can I find ${c.topic} documentation?`), kinds: ['saas'] },
    { make: (c) => (c.brand ? `What is ${c.brand}'s website for ${c.topic}?` : null) },
    { make: (c) => (c.brand ? `Where can I find ${c.brand}'s ${c.topic} guides?` : null), types: ['guide', 'article', 'faq'], kinds: ['publisher', 'saas', 'shop'] },
    { make: (c) => (c.brand ? `Where can I read ${c.brand}'s coverage of ${c.topic}?` : null), kinds: ['publisher'] },
  ],
  commercial: [
    { make: (c) => `What is the best ${c.topic}${forAudience(c)}?`, kinds: ['shop', 'local', 'service', 'saas'] },
    { make: (c) => (c.alternative ? `${capitalize(c.topic)} vs ${c.alternative}: which is better?` : null), kinds: ['shop', 'service', 'saas'] },
    { make: (c) => `What are the alternatives to ${c.topic}?`, kinds: ['shop', 'service', 'saas'] },
    { make: (c) => `${capitalize(c.is)} ${c.topic} worth it?`, kinds: ['shop', 'local', 'service', 'saas'] },
    { make: (c) => `Which ${c.topic} providers are the best${c.industry ? ` in ${c.industry}` : ''}?`, types: ['service', 'product'], kinds: ['service', 'local'] },
    { make: (c) => (c.brand ? `Is ${c.brand} a good choice for ${c.topic}?` : null), kinds: ['shop', 'local', 'service', 'saas'] },
    { make: (c) => `What are the different views on ${c.topic}?`, kinds: ['publisher'] },
  ],
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The prompts people would put to an assistant about a topic, by intent and fitted to the kind of
 * business the site is, each rated by whether a passage of the user's pages answers it (the
 * site-answer finder: the passage must carry what the prompt asks for, a price for "how much",
 * an address for "where"), not by how many of its words a page repeats (issue #32).
 */
export function suggestPrompts(input: SuggestPromptsInput): PromptSuggestionsResult {
  const context = buildContext(input);
  const kinds = siteKinds(input.pages);
  // The user's own word on what the content is counts as much as the markup: a service page gets service prompts.
  if (input.contentType === 'service') kinds.add('service');
  if (input.contentType === 'product') kinds.add('shop');
  const fits = (t: Template): boolean =>
    (!t.types || !context.contentType || t.types.includes(context.contentType)) && (!t.kinds || kinds.size === 0 || t.kinds.some((k) => kinds.has(k)));
  const byIntent = {} as Record<PromptIntent, string[]>;
  const seen = new Set<string>();
  for (const intent of PROMPT_INTENTS) {
    const limit = input.userIntent === undefined ? DEFAULT_PROMPTS : input.userIntent === intent ? FOCUS_PROMPTS : OTHER_PROMPTS;
    const prompts: string[] = [];
    const candidates = [...context.questions[intent].slice(0, SITE_QUESTIONS), ...TEMPLATES[intent].filter(fits).map((t) => t.make(context))];
    for (const prompt of candidates) {
      if (prompts.length >= limit) break;
      if (!prompt || seen.has(prompt.toLowerCase())) continue;
      seen.add(prompt.toLowerCase());
      prompts.push(prompt);
    }
    byIntent[intent] = prompts;
  }

  const all = PROMPT_INTENTS.flatMap((intent) => byIntent[intent]);
  const scored = scorePrompts(all, input.pages);
  const promptsByCategory = {} as PromptSuggestionsResult['promptsByCategory'];
  let k = 0;
  for (const intent of PROMPT_INTENTS) {
    promptsByCategory[intent] = byIntent[intent].map((prompt): PromptSuggestion => {
      const { likelihood, answered, best, missing } = scored[k++];
      return {
        prompt,
        intent,
        likelihood,
        answered,
        bestPassage: best ? { url: best.url, heading: best.heading, text: truncate(best.text, 300), rank: best.rank } : null,
        optimization: optimizationFor(prompt, intent, answered, best, missing, context),
        aiSystem: aiSystemFor(prompt, intent),
      };
    });
  }
  return { totalPrompts: all.length, promptsByCategory };
}

export interface PromptScore {
  prompt: string;
  /** Whether a passage (or a declared fact) of the pages answers the prompt. */
  answered: boolean;
  /**
   * 0-100: for an answered prompt, ANSWERED_LIKELIHOOD and up with the share of the prompt's words
   * around the answer; for an unanswered one, below ANSWERED_LIKELIHOOD by how near the closest passage came.
   */
  likelihood: number;
  best: { url: string | null; heading: string | null; text: string; rank: number } | null;
  missing: string[];
}

/** Each prompt rated by whether the pages answer it, with the answer it rests on. */
export function scorePrompts(prompts: string[], pages: PageModel[]): PromptScore[] {
  const sitePages = pages.map((model, i) => ({ id: String(i), model }));
  const rankings = sitePages.length > 0 ? rankPassages(sitePages, prompts) : prompts.map(() => null);
  return prompts.map((prompt, i) => {
    const terms = [...new Set(contentTerms(prompt))];
    const answer = findSiteAnswers(prompt, sitePages)[0];
    if (answer) {
      const have = new Set(contentTerms(`${answer.heading ?? ''} ${answer.text}`));
      return {
        prompt,
        answered: true,
        // Never 100: a simulated match is evidence, not a certainty.
        likelihood: Math.round(ANSWERED_LIKELIHOOD + (95 - ANSWERED_LIKELIHOOD) * answer.coverage),
        best: { url: answer.url, heading: answer.heading, text: answer.text, rank: answer.rank },
        missing: terms.filter((t) => !have.has(t)),
      };
    }
    const near = rankings[i]?.passages[0];
    const have = new Set(near ? contentTerms(`${near.heading ?? ''} ${near.text}`) : []);
    const missing = terms.filter((t) => !have.has(t));
    const coverage = terms.length === 0 ? 0 : (terms.length - missing.length) / terms.length;
    return {
      prompt,
      answered: false,
      likelihood: near ? Math.min(ANSWERED_LIKELIHOOD - 1, Math.round(ANSWERED_LIKELIHOOD * coverage * 0.8)) : 0,
      best: near ? { url: pages[Number(near.pageId)].url, heading: near.heading, text: near.text, rank: near.rank } : null,
      missing,
    };
  });
}

function buildContext(input: SuggestPromptsInput): Context {
  const topic = input.topic.trim();
  const topicTerms = new Set(contentTerms(topic));
  const brand = input.pages.find((p) => p.url !== null || p.jsonLd.length > 0);
  const brandName = brand ? siteName(brand) : null;
  // A page's own title or main heading is what the page is called, not a question someone asks.
  const titles = new Set(input.pages.flatMap((p) => [p.title, p.articleTitle, ...p.headings.filter((h) => h.level === 1).map((h) => h.text)]).filter((t): t is string => t !== null).map((t) => t.trim().toLowerCase()));
  // The site's own question headings on the topic are prompts its writers already expect.
  const questions = input.pages
    .flatMap((p) => p.questionHeadings.map((h) => h.text))
    .filter((q) => !titles.has(q.trim().toLowerCase()) && /\?\s*$/.test(q))
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
  answered: boolean,
  best: { url: string | null; heading: string | null; text: string } | null,
  missing: string[],
  context: Context,
): string {
  const { idealMin, idealMax } = conciseAnswers.defaultOptions;
  const hint = INTENT_HINT[intent](context);
  if (!best) return `No passage on your pages matches this prompt. Add a section headed "${prompt}" that answers it in its first ${idealMin}-${idealMax} words; ${hint}.`;
  const where = `${best.heading ? `"${best.heading}"` : `"${truncate(best.text, 60)}"`}${best.url ? ` on ${best.url}` : ''}`;
  if (answered) return `Answered by the passage ${where}. Keep its first ${idealMin}-${idealMax} words a self-contained answer; ${hint}.`;
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
