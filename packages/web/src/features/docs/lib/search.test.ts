import { describe, expect, it } from 'vitest';
import { searchDocs } from './search';

const docs = [
  { title: 'Rate limits', description: 'Per-key limits.', text: 'Each key may make 60 requests per minute. The RateLimit headers say how many remain.' },
  { title: 'Authentication', description: 'Bearer keys.', text: 'Send the key as a Bearer token. Revoked keys get 401. Rate limits apply per key.' },
  { title: 'Schema Generator', description: 'JSON-LD.', text: 'Generates structured data.' },
];

describe('searchDocs', () => {
  it('needs every word, and ranks title matches first', () => {
    const hits = searchDocs(docs, 'rate limits');
    expect(hits.map((hit) => hit.doc.title)).toEqual(['Rate limits', 'Authentication']);
    expect(searchDocs(docs, 'bearer schema')).toEqual([]);
  });

  it('ignores case and accents and returns a snippet around the match', () => {
    const [hit] = searchDocs(docs, 'RÉVOKED');
    expect(hit?.doc.title).toBe('Authentication');
    expect(hit?.snippet).toContain('Revoked keys get 401');
  });

  it('returns nothing for an empty query', () => {
    expect(searchDocs(docs, '   ')).toEqual([]);
  });
});
