import MiniSearch from 'minisearch';
import type { PageModel } from '../model/types';
import { chunkPassages, DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from './chunk-passages';

export interface RetrievalPage {
  /** Caller's key for the page (URL, competitor name). */
  id: string;
  model: PageModel;
}

export interface RankedPassage {
  pageId: string;
  passageId: string;
  heading: string | null;
  text: string;
  score: number;
  /** 1-based position among all passages for the prompt. */
  rank: number;
}

export interface PromptRanking {
  prompt: string;
  passages: RankedPassage[];
  /** Per page: share of the top-k retrieval score (0..1), best rank and best passage. */
  shareOfVoice: { pageId: string; share: number; bestRank: number | null; bestPassage: string | null }[];
}

export interface RankOptions {
  /** Passages per prompt that count as retrieved (answer engines ground on a handful). */
  topK: number;
  chunk: ChunkOptions;
}

export const DEFAULT_RANK_OPTIONS: RankOptions = { topK: 10, chunk: DEFAULT_CHUNK_OPTIONS };

interface IndexedPassage {
  key: string;
  pageId: string;
  passageId: string;
  heading: string;
  text: string;
}

/**
 * Ranks the passages of several pages for each prompt with BM25 (MiniSearch), as a retriever
 * in front of an answer engine would. Share of voice is each page's part of the summed scores
 * of the top-k passages. Deterministic: ties break by page order, then passage order.
 */
export function rankPassages(pages: RetrievalPage[], prompts: string[], options: RankOptions = DEFAULT_RANK_OPTIONS): PromptRanking[] {
  const docs: IndexedPassage[] = [];
  const order = new Map<string, number>();
  for (const page of pages) {
    for (const p of chunkPassages(page.model, options.chunk)) {
      const key = `${page.id}\u0000${p.id}`;
      order.set(key, docs.length);
      docs.push({ key, pageId: page.id, passageId: p.id, heading: p.heading ?? '', text: p.text });
    }
  }
  const index = new MiniSearch<IndexedPassage>({
    idField: 'key',
    fields: ['heading', 'text'],
    storeFields: ['pageId', 'passageId', 'heading', 'text'],
    searchOptions: { boost: { heading: 1.5 }, prefix: false, fuzzy: false, combineWith: 'OR' },
  });
  index.addAll(docs);

  return prompts.map((prompt) => {
    const hits = index
      .search(prompt)
      .sort((a, b) => b.score - a.score || order.get(a.id)! - order.get(b.id)!);
    const passages: RankedPassage[] = hits.map((h, i) => {
      const doc = docs[order.get(h.id)!];
      return { pageId: doc.pageId, passageId: doc.passageId, heading: doc.heading || null, text: doc.text, score: Math.round(h.score * 1000) / 1000, rank: i + 1 };
    });
    const top = passages.slice(0, options.topK);
    const total = top.reduce((n, p) => n + p.score, 0);
    const shareOfVoice = pages.map((page) => {
      const mine = top.filter((p) => p.pageId === page.id);
      const best = passages.find((p) => p.pageId === page.id) ?? null;
      return {
        pageId: page.id,
        share: total === 0 ? 0 : Math.round((mine.reduce((n, p) => n + p.score, 0) / total) * 1000) / 1000,
        bestRank: best?.rank ?? null,
        bestPassage: best?.text ?? null,
      };
    });
    return { prompt, passages, shareOfVoice };
  });
}
