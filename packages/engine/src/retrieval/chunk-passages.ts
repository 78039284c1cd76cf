import type { PageModel } from '../model/types';
import { countWords, splitSentences } from '../text/words';

export interface Passage {
  /** Stable within a page: "<section index>-<chunk index>". */
  id: string;
  heading: string | null;
  text: string;
  wordCount: number;
}

export interface ChunkOptions {
  /** Passages are cut at sentence boundaries once they reach this many words. */
  maxWords: number;
  /** Shorter trailing pieces are merged into the previous passage. */
  minWords: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { maxWords: 120, minWords: 25 };

/**
 * Splits the main content into the passages an answer engine would retrieve: each section
 * under its heading, cut at sentence boundaries into pieces of about `maxWords` words. The
 * heading is kept with each piece because retrievers index it as the passage's context.
 */
export function chunkPassages(model: PageModel, options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Passage[] {
  const passages: Passage[] = [];
  model.sections.forEach((section, si) => {
    const pieces: string[] = [];
    let current: string[] = [];
    let words = 0;
    for (const block of section.text.split('\n')) {
      for (const sentence of splitSentences(block)) {
        const w = countWords(sentence);
        if (words > 0 && words + w > options.maxWords) {
          pieces.push(current.join(' '));
          current = [];
          words = 0;
        }
        current.push(sentence);
        words += w;
      }
    }
    if (current.length > 0) {
      if (words < options.minWords && pieces.length > 0) pieces[pieces.length - 1] += ` ${current.join(' ')}`;
      else pieces.push(current.join(' '));
    }
    pieces.forEach((text, ci) => {
      passages.push({ id: `${si}-${ci}`, heading: section.heading, text, wordCount: countWords(text) });
    });
  });
  return passages;
}
