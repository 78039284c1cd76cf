import type { PageModel } from '../model/types';
import { rankPassages } from '../retrieval/rank-passages';
import { splitSentences } from '../text/words';
import { structuredAnswers, type StructuredAnswer } from './structured-facts';
import { contentTerms } from './text-terms';
import { withoutByline } from './prose';

/**
 * Finds the passage of a site that answers a question, or says that none does (issue #32). The
 * retriever (BM25) proposes passages; a passage answers only when it carries what the question
 * asks for (an address for "where", hours or a date for "when", a price for "how much", steps
 * for "how do I", a name for "who") and the question's own words stand around it. The markup's
 * facts (a PostalAddress, opening hours, an Offer's price) answer too, as the site's own statement.
 */

export type QuestionType = 'where' | 'when' | 'price' | 'steps' | 'who' | 'other';

export interface SiteAnswerPage {
  id: string;
  model: PageModel;
}

export interface SiteAnswer {
  pageId: string;
  url: string | null;
  heading: string | null;
  /** The answer from its first answering sentence on (steps as "Step 1: ..."), untrimmed. */
  text: string;
  /** Share of the question's words found with the answer, 0..1: the evidence the answer rests on. */
  coverage: number;
  /** Where the answer came from: a passage of the page, or the page's structured data. */
  from: 'passage' | 'structured-data';
  /** The passage's BM25 rank for the question (1 = first); 1 for a declared fact, which is not ranked. */
  rank: number;
  score: number;
}

/** Below this share of the question's words around it, a passage is about something else. */
export const MIN_COVERAGE = 0.5;

const TYPE_WORDS: Record<QuestionType, RegExp> = {
  where: /^(?:where|located|location|locate|based|address|find|near|nearby)$/,
  // A day named in a "when" question is answered by any statement of the hours ("closed on weekends").
  when: /^(?:when|open|opening|hour|close|closing|time|start|begin|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|today|tomorrow)$/,
  price: /^(?:much|cost|price|pricing|fee|charge|pay|expensive|cheap)$/,
  steps: /^(?:how|step|steps)$/,
  who: /^(?:who|whom)$/,
  other: /^$/,
};

export function questionType(question: string): QuestionType {
  const q = question.toLowerCase();
  if (/\bhow much\b|\bcost\b|\bprice\b|\bfees?\b|\bcharge\b/.test(q)) return 'price';
  if (/^where\b|\bwhere (?:can|do|is|are)\b|\blocated\b/.test(q)) return 'where';
  if (/^when\b|\bwhat time\b|\bopening hours\b|\bare you open\b|\bis .* open\b|\bopen on\b/.test(q)) return 'when';
  if (/^who\b/.test(q)) return 'who';
  if (/^how (?:do|can|should) (?:i|you|we)\b|^how to\b/.test(q)) return 'steps';
  return 'other';
}

const STREET_RE = /\b\d{1,5}\s+(?:[NSEW]{1,2}\s+)?(?:[A-Z][\p{L}.'-]*\s+){1,4}(?:St|Street|Ave|Avenue|Blvd|Boulevard|Road|Rd|Row|Lane|Ln|Way|Drive|Dr|Place|Pl|Square|Sq|Court|Ct|Highway|Hwy|Parkway|Pkwy)\b/u;
const HOURS_RE = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b|\b(?:open|closed)\b/i;
const DATE_RE = /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+\d{1,2}\b|\b(?:19|20)\d{2}\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;
const PRICE_RE = /[$£€¥]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:usd|eur|gbp|dollars?|euros?|pounds?)\b|\bfree\b/i;
const NAME_RE = /\b\p{Lu}[\p{Ll}]+(?:\s+\p{Lu}[\p{Ll}]+)+\b|\b\p{Lu}{2,}\b/u;

/** Whether a sentence carries what a question of this type asks for. */
function carriesAnswer(type: QuestionType, sentence: string, askedNames: string[]): boolean {
  switch (type) {
    case 'where':
      return STREET_RE.test(sentence);
    case 'when':
      return HOURS_RE.test(sentence) || DATE_RE.test(sentence);
    case 'price':
      return PRICE_RE.test(sentence);
    case 'who': {
      const names = sentence.match(new RegExp(NAME_RE.source, 'gu')) ?? [];
      return names.some((n) => !askedNames.some((a) => a.toLowerCase().includes(n.toLowerCase()) || n.toLowerCase().includes(a.toLowerCase())));
    }
    default:
      return true;
  }
}

/** The words the question is about, without the words that only say what kind of answer it wants. */
function askedTerms(question: string, type: QuestionType): string[] {
  return [...new Set(contentTerms(question))].filter((t) => !TYPE_WORDS[type].test(t));
}

const DAY_OR_MONTH_RE = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/** Capitalised names in the question after its first word: "Portland", "Brightside Dental". */
function askedNames(question: string): string[] {
  // Days and months are capitalised but name a time, which the "when" evidence covers.
  return (question.replace(/^\S+\s*/, '').match(/\b\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu) ?? []).filter((n) => n !== 'I' && !DAY_OR_MONTH_RE.test(n));
}

function share(terms: string[], text: string): number {
  if (terms.length === 0) return 1;
  const have = new Set(contentTerms(text));
  return terms.filter((t) => have.has(t)).length / terms.length;
}

/** The ordered list of a page whose first item starts the passage's text: a how-to's steps. */
function stepsIn(model: PageModel, passageText: string): string[] | null {
  for (const list of model.lists) {
    if (!list.ordered || list.items.length < 3) continue;
    if (passageText.includes(list.items[0].trim().slice(0, 40))) return list.items;
  }
  return null;
}

/**
 * Every answer the site's pages give to the question, best first; empty when none does. Page
 * ids keep their order, so ties go to the earlier page.
 */
export function findSiteAnswers(question: string, pages: SiteAnswerPage[]): SiteAnswer[] {
  if (pages.length === 0 || question.trim() === '') return [];
  const type = questionType(question);
  const asked = askedTerms(question, type);
  const names = askedNames(question);
  const nameTerms = [...new Set(names.flatMap((n) => contentTerms(n)))];
  const ownWords = asked.filter((t) => !nameTerms.includes(t)).length > 0 ? asked.filter((t) => !nameTerms.includes(t)) : asked;
  const answers: SiteAnswer[] = [];
  const ranking = rankPassages(pages, [question])[0];
  const byId = new Map(pages.map((p) => [p.id, p.model]));
  const topScore = ranking.passages[0]?.score ?? 0;
  for (const passage of ranking.passages) {
    const model = byId.get(passage.pageId)!;
    const context = `${model.title ?? ''} ${passage.heading ?? ''} ${passage.text}`;
    const coverage = share(asked, context);
    if (coverage < MIN_COVERAGE) continue;
    // Every name the question asks about must stand with the answer: "ship to Canada" is not answered by "ships within 24 hours".
    if (nameTerms.some((t) => !contentTerms(context).includes(t))) continue;
    const relative = topScore > 0 ? passage.score / topScore : 0;
    if (type === 'steps') {
      const steps = stepsIn(model, passage.text);
      if (steps) {
        // Steps are what a "how do I" question asks for: a list of them beats any prose about the subject.
        answers.push({ pageId: passage.pageId, url: model.url, heading: passage.heading, text: steps.map((s, i) => `Step ${i + 1}: ${s.trim().replace(/[.;]?$/, '.')}`).join(' '), coverage, from: 'passage', rank: passage.rank, score: coverage + relative + 1.5 });
        continue;
      }
    }
    // The answer starts at the sentence that carries it and shares most of the question's own words (not its names).
    const sentences = splitSentences(passage.text).map((sentence) => withoutByline(sentence, model.author));
    let best = -1;
    let bestOverlap = -1;
    sentences.forEach((sentence, i) => {
      if (!carriesAnswer(type, sentence, names)) return;
      const overlap = share(ownWords, sentence);
      if (overlap > bestOverlap) {
        best = i;
        bestOverlap = overlap;
      }
    });
    if (best < 0) continue;
    answers.push({ pageId: passage.pageId, url: model.url, heading: passage.heading, text: sentences.slice(best).join(' '), coverage, from: 'passage', rank: passage.rank, score: coverage + relative + bestOverlap * 0.5 });
  }
  const wanted: StructuredAnswer['kind'] | null = type === 'where' ? 'where' : type === 'when' ? 'when' : type === 'price' ? 'price' : null;
  if (wanted) {
    for (const page of pages) {
      for (const fact of structuredAnswers(page.model)) {
        if (fact.kind !== wanted) continue;
        const context = `${page.model.title ?? ''} ${fact.subject ?? ''} ${fact.text}`;
        const coverage = share(asked, context);
        if (coverage < MIN_COVERAGE || nameTerms.some((t) => !contentTerms(context).includes(t))) continue;
        // A declared address is exact; declared hours and prices say less than a sentence about them.
        answers.push({ pageId: page.id, url: page.model.url, heading: null, text: fact.text, coverage, from: 'structured-data', rank: 1, score: coverage + (wanted === 'where' ? 1.2 : 0.6) });
      }
    }
  }
  return answers.sort((a, b) => b.score - a.score);
}
