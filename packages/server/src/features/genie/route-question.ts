import MiniSearch from 'minisearch';
import { KNOWLEDGE, type KnowledgeEntry } from './knowledge';

/**
 * Routes a question to the knowledge entries that answer it with BM25 (MiniSearch, as the
 * engine's retrieval simulation does). Terms are reduced to a crude stem so "cited", "citing"
 * and "citations" meet, and function words are dropped so "how do I" matches nothing by itself.
 */

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from get got how i if in into is it its me my of on or our so that the this to use using was what when where which who why will with you your want need help tell about'.split(' '),
);

export function stem(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOPWORDS.has(t)) return null;
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ers', 'ed', 'es', 's']) {
    if (t.length - suffix.length >= 4 && t.endsWith(suffix)) return t.slice(0, -suffix.length);
  }
  return t;
}

const index = new MiniSearch<KnowledgeEntry>({
  fields: ['title', 'text'],
  storeFields: ['id'],
  processTerm: stem,
  searchOptions: { boost: { title: 2 }, combineWith: 'OR', prefix: false, fuzzy: false },
});
index.addAll(KNOWLEDGE);
const byId = new Map(KNOWLEDGE.map((entry) => [entry.id, entry]));

export interface RoutedEntry {
  entry: KnowledgeEntry;
  score: number;
}

/** Entries scoring within this share of the best one are offered beside it. */
const RELATIVE_CUTOFF = 0.45;

/** The entries that answer `question`, best first; empty when no entry shares a meaningful term with it. */
export function routeQuestion(question: string, limit = 3): RoutedEntry[] {
  const hits = index.search(question).sort((a, b) => b.score - a.score || String(a.id).localeCompare(String(b.id)));
  const top = hits[0]?.score ?? 0;
  return hits
    .filter((hit) => hit.score >= top * RELATIVE_CUTOFF)
    .slice(0, limit)
    .map((hit) => ({ entry: byId.get(String(hit.id))!, score: hit.score }));
}
