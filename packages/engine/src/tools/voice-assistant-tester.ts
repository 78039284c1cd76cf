import type { VoiceAssistant, VoiceAssistantResult, VoiceTestResult } from '@citable/contract';
import type { PageModel } from '../model/types';
import { countWords, splitSentences } from '../text/words';
import { isQuestion } from '../text/questions';
import { typesOf } from '../model/json-ld';
import { round } from './text-terms';
import { findSiteAnswers, type SiteAnswer } from './site-answers';

export interface VoiceTestOptions {
  query: string;
  assistants: VoiceAssistant[];
  userPages: PageModel[];
  competitorPages: PageModel[];
}

/**
 * Voice answers average 29 words (Backlinko's study of 10,000 Google Home answers); a spoken
 * answer is cut at the last sentence that fits.
 */
export const SPOKEN_WORDS = 30;

interface PassageFacts {
  answer: SiteAnswer;
  page: PageModel;
  user: boolean;
  firstSentenceWords: number;
  leadWords: number;
  words: number;
  questionHeading: boolean;
  /** The answer is a fact of the page's structured data (an address, hours, a price). */
  structured: boolean;
}

interface Trait {
  /** Why this assistant weighs passages the way it does. */
  reason: string;
  /** Multiplier on the BM25 score (1 = no preference). */
  weight: (p: PassageFacts) => number;
}

/** Featured snippets run about 40-50 words (SEMrush's featured snippet study); Google Assistant reads them out. */
const SNIPPET_MIN = 40;
const SNIPPET_MAX = 50;
/** Alexa's answers are one or two short sentences; a lead sentence this short can be read whole. */
const CONCISE_LEAD = 25;
const LONG_PASSAGE = 100;

/**
 * Documented preferences of each assistant, as parameters. They shift which passage wins among
 * those the retriever found; they never invent an answer.
 */
export const VOICE_TRAITS: Record<VoiceAssistant, Trait> = {
  google: {
    reason:
      'Google Assistant reads the speakable sections of pages that declare them (Google Search Central, "Speakable") and otherwise the featured snippet, typically a 40-50 word passage under a matching heading.',
    weight: (p) =>
      1 +
      (hasSpeakable(p.page) ? 0.3 : 0) +
      (p.leadWords >= SNIPPET_MIN && p.leadWords <= SNIPPET_MAX ? 0.2 : 0) +
      (p.questionHeading ? 0.1 : 0),
  },
  alexa: {
    reason:
      'Alexa answers general questions with one short direct answer (Amazon\'s Alexa Answers guidelines ask for a concise, factual reply), so a passage whose first sentence answers briefly wins; long passages lose.',
    weight: (p) => 1 + (p.firstSentenceWords <= CONCISE_LEAD ? 0.3 : 0) - (p.words > LONG_PASSAGE ? 0.2 : 0),
  },
  siri: {
    reason:
      'Siri answers from web results (Siri Knowledge and search suggestions) and reads answer-first passages; pages with structured data and question headings are parsed most reliably.',
    weight: (p) => 1 + (p.questionHeading ? 0.2 : 0) + (p.structured ? 0.3 : p.page.jsonLd.length > 0 ? 0.1 : 0),
  },
};

function hasSpeakable(page: PageModel): boolean {
  return page.jsonLdNodes.some((n) => n.speakable !== undefined || typesOf(n).includes('SpeakableSpecification'));
}

/** The sentences of a passage that fit in `maxWords`; a first sentence longer than that is cut with an ellipsis. */
export function trimSpoken(text: string, maxWords = SPOKEN_WORDS): string {
  const out: string[] = [];
  let total = 0;
  for (const sentence of splitSentences(text)) {
    const n = countWords(sentence);
    if (total + n > maxWords) break;
    out.push(sentence);
    total += n;
  }
  if (out.length > 0) return out.join(' ');
  // Counted as the engine counts words, so "$12,000" is two, as it is read aloud.
  const kept: string[] = [];
  let count = 0;
  for (const token of text.trim().split(/\s+/)) {
    count += countWords(token);
    if (count > maxWords) break;
    kept.push(token);
  }
  return `${kept.join(' ').replace(/[,;:.!?]+$/, '')}…`;
}

/** What the tester says when no page of the site (or of a competitor) answers the question. */
export const NOT_ANSWERED = 'Your site does not answer this.';

/** Words each assistant reads out at most: Google a featured snippet, Alexa one short answer, Siri about the voice average. */
const READ_WORDS: Record<VoiceAssistant, number> = { google: SNIPPET_MAX, alexa: CONCISE_LEAD, siri: SPOKEN_WORDS };

/**
 * What each voice assistant would likely read for a query, simulated: the site-answer finder
 * picks, among the user's and the competitors' pages, the passages (or declared facts) that
 * answer the question by its type (where, when, how much, how to); each assistant's documented
 * preferences re-weigh them and its answer length trims the winner. When no passage answers,
 * each says the site does not answer this, with no mention, rank or confidence (issue #32).
 */
export function testVoiceAssistants(options: VoiceTestOptions): VoiceTestResult {
  const pages = [
    ...options.userPages.map((model, i) => ({ id: `u${i}`, model })),
    ...options.competitorPages.map((model, i) => ({ id: `c${i}`, model })),
  ];
  const byId = new Map(pages.map((p) => [p.id, p.model]));
  const answers = findSiteAnswers(options.query, pages);
  const facts = answers.map((answer) => {
    const sentences = splitSentences(answer.text);
    const first = sentences[0] ?? '';
    let lead = 0;
    for (const s of sentences) {
      lead += countWords(s);
      if (lead >= SNIPPET_MIN) break;
    }
    return {
      answer,
      page: byId.get(answer.pageId)!,
      user: answer.pageId.startsWith('u'),
      firstSentenceWords: countWords(first),
      leadWords: lead,
      words: countWords(answer.text),
      questionHeading: answer.heading !== null && isQuestion(answer.heading),
      structured: answer.from === 'structured-data',
    };
  });

  const results: VoiceAssistantResult[] = [...new Set(options.assistants)].map((assistant) => {
    const trait = VOICE_TRAITS[assistant];
    const ordered = facts.map((f) => ({ f, score: f.answer.score * Math.max(0, trait.weight(f)) })).sort((a, b) => b.score - a.score);
    const winner = ordered[0];
    if (!winner || winner.score <= 0) {
      return { assistant, response: NOT_ANSWERED, mentioned: false, confidence: 0, ranking: null, source: null, basis: trait.reason };
    }
    const response = trimSpoken(winner.f.answer.text, READ_WORDS[assistant]);
    const userIndex = ordered.findIndex((o) => o.f.user);
    const runnerUp = ordered.find((o) => o.f.answer.pageId !== winner.f.answer.pageId);
    const margin = runnerUp ? (winner.score - runnerUp.score) / winner.score : 1;
    // Confidence: how much of the question stands around the answer, and how clearly it beat another source's.
    return {
      assistant,
      response,
      mentioned: winner.f.user,
      confidence: Math.round(100 * winner.f.answer.coverage * (0.6 + 0.4 * margin)),
      ranking: userIndex < 0 ? null : userIndex + 1,
      source: winner.f.page.url,
      basis: trait.reason,
    };
  });

  const rankings = results.map((r) => r.ranking).filter((r): r is number => r !== null);
  return {
    query: options.query,
    simulated: true,
    results,
    sameAnswer: results.length > 1 && results.every((r) => r.response === results[0].response && r.source === results[0].source),
    summary: {
      totalMentions: results.filter((r) => r.mentioned).length,
      assistantsTested: results.length,
      averageRanking: rankings.length === 0 ? null : round(rankings.reduce((a, b) => a + b, 0) / rankings.length, 1),
      averageConfidence: results.length === 0 ? 0 : Math.round(results.reduce((a, r) => a + r.confidence, 0) / results.length),
    },
  };
}
