import { syllable } from 'syllable';
import type { ReadabilityStats } from '../model/types';
import { words } from './words';

/** The Flesch formulas are calibrated on English; a sample of this many words is representative. */
export const READABILITY_SAMPLE_WORDS = 400;
const LONG_SENTENCE_WORDS = 20;
const CACHE_LIMIT = 50_000;

// syllable() costs microseconds per word, and the same words recur on every page, so counts are
// memoised across audits. The function is pure, so the cache never changes a result.
const syllableCache = new Map<string, number>();

function syllablesOf(lower: string): number {
  if (lower.length <= 3) return 1;
  let n = syllableCache.get(lower);
  if (n === undefined) {
    n = /\d/.test(lower) ? 1 : syllable(lower) || 1;
    if (syllableCache.size >= CACHE_LIMIT) syllableCache.clear();
    syllableCache.set(lower, n);
  }
  return n;
}

export function readabilityStats(sentences: string[], english: boolean, locale?: string | null): ReadabilityStats {
  let wordTotal = 0;
  let syllables = 0;
  let counted = 0;
  let long = 0;
  for (const sentence of sentences) {
    if (wordTotal >= READABILITY_SAMPLE_WORDS) break;
    const ws = words(english ? sentence.toLowerCase() : sentence, locale);
    if (ws.length === 0) continue;
    counted++;
    wordTotal += ws.length;
    if (ws.length > LONG_SENTENCE_WORDS) long++;
    if (english) for (const w of ws) syllables += syllablesOf(w);
  }
  const averageSentenceLength = counted === 0 ? 0 : wordTotal / counted;
  const enough = english && wordTotal >= 30;
  const perWord = wordTotal === 0 ? 0 : syllables / wordTotal;
  return {
    words: wordTotal,
    sentences: counted,
    syllables,
    averageSentenceLength: round(averageSentenceLength),
    fleschReadingEase: enough ? round(206.835 - 1.015 * averageSentenceLength - 84.6 * perWord) : null,
    gradeLevel: enough ? round(0.39 * averageSentenceLength + 11.8 * perWord - 15.59) : null,
    longSentenceShare: counted === 0 ? 0 : round(long / counted),
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
