export interface SearchableDoc {
  title: string;
  description: string;
  text: string;
}

export interface DocHit<T> {
  doc: T;
  /** A short passage around the first match in the text, for the result list. */
  snippet: string;
}

const normalise = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * Client-side search of the docs: every word of the query must appear in the title, description
 * or text; title matches rank first, then description matches, then the rest in docs order.
 */
export function searchDocs<T extends SearchableDoc>(docs: readonly T[], query: string): DocHit<T>[] {
  const terms = normalise(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const hits: { hit: DocHit<T>; rank: number; index: number }[] = [];
  docs.forEach((doc, index) => {
    const title = normalise(doc.title);
    const description = normalise(doc.description);
    const text = normalise(doc.text);
    if (!terms.every((term) => title.includes(term) || description.includes(term) || text.includes(term))) return;
    const rank = terms.every((term) => title.includes(term)) ? 0 : terms.some((term) => title.includes(term)) ? 1 : terms.some((term) => description.includes(term)) ? 2 : 3;
    hits.push({ hit: { doc, snippet: snippetOf(doc.text, text, terms[0]!) }, rank, index });
  });
  return hits.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ hit }) => hit);
}

/** About 160 characters around the first match, cut at word boundaries. Normalising keeps offsets for Latin text. */
function snippetOf(original: string, normalised: string, term: string): string {
  const at = normalised.indexOf(term);
  if (at < 0) return original.slice(0, 160).replace(/\s+\S*$/, '') + '...';
  const start = Math.max(0, original.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
  const space = original.indexOf(' ', Math.min(original.length, at + 100));
  const end = space < 0 ? original.length : space;
  return `${start > 0 ? '...' : ''}${original.slice(start, end).trim()}${end < original.length ? '...' : ''}`;
}
