import type { VoiceAssistant, VoiceAssistantResult, VoiceTestResult } from '@citable/contract';
import type { PageModel } from '../model/types';
import { rankPassages, type RankedPassage } from '../retrieval/rank-passages';
import { countWords, splitSentences, words } from '../text/words';
import { isQuestion } from '../text/questions';
import { typesOf } from '../model/json-ld';
import { contentTerms, round } from './text-terms';

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
  passage: RankedPassage;
  page: PageModel;
  user: boolean;
  firstSentenceWords: number;
  leadWords: number;
  words: number;
  questionHeading: boolean;
  queryInFirstSentence: boolean;
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
    weight: (p) => 1 + (p.firstSentenceWords <= CONCISE_LEAD && p.queryInFirstSentence ? 0.3 : 0) - (p.words > LONG_PASSAGE ? 0.2 : 0),
  },
  siri: {
    reason:
      'Siri answers from web results (Siri Knowledge and search suggestions) and reads answer-first passages; pages with structured data and question headings are parsed most reliably.',
    weight: (p) => 1 + (p.questionHeading && p.queryInFirstSentence ? 0.2 : 0) + (p.page.jsonLd.length > 0 ? 0.2 : 0),
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

/**
 * What each voice assistant would likely read for a query, simulated: the retrieval simulation
 * ranks every passage of the user's and the competitors' pages with BM25, each assistant's
 * documented preferences re-weigh them, and the winning passage is trimmed to spoken length.
 */
export function testVoiceAssistants(options: VoiceTestOptions): VoiceTestResult {
  const pages = [
    ...options.userPages.map((model, i) => ({ id: `u${i}`, model })),
    ...options.competitorPages.map((model, i) => ({ id: `c${i}`, model })),
  ];
  const byId = new Map(pages.map((p) => [p.id, p.model]));
  const ranking = pages.length > 0 ? rankPassages(pages, [options.query])[0] : null;
  const queryTerms = new Set(contentTerms(options.query));
  const facts: PassageFacts[] = (ranking?.passages ?? []).map((passage) => {
    const sentences = splitSentences(passage.text);
    const first = sentences[0] ?? '';
    let lead = 0;
    for (const s of sentences) {
      lead += countWords(s);
      if (lead >= SNIPPET_MIN) break;
    }
    return {
      passage,
      page: byId.get(passage.pageId)!,
      user: passage.pageId.startsWith('u'),
      firstSentenceWords: countWords(first),
      leadWords: lead,
      words: countWords(passage.text),
      questionHeading: passage.heading !== null && isQuestion(passage.heading),
      queryInFirstSentence: contentTerms(first).some((t) => queryTerms.has(t)),
    };
  });

  const results: VoiceAssistantResult[] = [...new Set(options.assistants)].map((assistant) => {
    const trait = VOICE_TRAITS[assistant];
    const ordered = facts
      .map((f) => ({ f, score: f.passage.score * Math.max(0, trait.weight(f)) }))
      .sort((a, b) => b.score - a.score || a.f.passage.rank - b.f.passage.rank);
    const winner = ordered[0];
    if (!winner || winner.score <= 0) {
      return { assistant, response: 'No passage on the tested pages answers this query.', mentioned: false, confidence: 0, ranking: null, source: null, basis: trait.reason };
    }
    const response = trimSpoken(winner.f.passage.text);
    const userIndex = ordered.findIndex((o) => o.f.user);
    const runnerUp = ordered.find((o) => o.f.passage.pageId !== winner.f.passage.pageId);
    const margin = runnerUp ? (winner.score - runnerUp.score) / winner.score : 1;
    const responseTerms = new Set(words(`${winner.f.passage.heading ?? ''} ${response}`).flatMap((w) => contentTerms(w)));
    const coverage = queryTerms.size === 0 ? 0 : [...queryTerms].filter((t) => responseTerms.has(t)).length / queryTerms.size;
    // Confidence: does the spoken answer carry the query's terms, and how clearly did it beat the next source.
    return {
      assistant,
      response,
      mentioned: winner.f.user,
      confidence: Math.round(100 * coverage * (0.5 + 0.5 * margin)),
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
    summary: {
      totalMentions: results.filter((r) => r.mentioned).length,
      assistantsTested: results.length,
      averageRanking: rankings.length === 0 ? null : round(rankings.reduce((a, b) => a + b, 0) / rankings.length, 1),
      averageConfidence: results.length === 0 ? 0 : Math.round(results.reduce((a, r) => a + r.confidence, 0) / results.length),
    },
  };
}
