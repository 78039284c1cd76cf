// The plain text of every article, for the docs search: one chunk, loaded when a visitor first
// searches (components/docs-layout.tsx), not with every docs page.
const texts = import.meta.glob<string>('../../../../content/docs/*.md', { eager: true, query: '?text', import: 'default' });

/** Each article's text by slug. */
export const DOC_TEXTS: ReadonlyMap<string, string> = new Map(Object.entries(texts).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1, -'.md'.length), text]));
