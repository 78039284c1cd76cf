import { countWords } from '../text/words';
import type { KeywordCount } from './suggestions';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Occurrences of each keyword (whole words, any case, any spacing between its words) and its
 * density: occurrences per hundred words of the text, to one decimal.
 */
export function keywordCounts(text: string, keywords: readonly string[]): KeywordCount[] {
  const total = countWords(text);
  return keywords.map((keyword) => {
    const pattern = keyword.trim().split(/\s+/).map(escape).join('\\s+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'giu');
    const occurrences = [...text.matchAll(re)].map((m) => ({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
    const density = total === 0 ? 0 : Math.round((occurrences.length / total) * 1000) / 10;
    return { keyword, occurrences, density };
  });
}
