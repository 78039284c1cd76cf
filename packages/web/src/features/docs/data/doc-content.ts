import { use } from 'react';
import type { MarkdownDocument, MarkdownHeading } from '../../../lib/markdown/render-markdown';
import { linkHeadings } from '../lib/heading-links';

/** What an article shows, loaded with its page rather than with the docs (data/docs.ts has the rest). */
export interface DocContent {
  /** The rendered article, its headings turned into self-links. */
  html: string;
  headings: MarkdownHeading[];
  document: MarkdownDocument;
}

// content/docs/*.md, compiled to HTML at build time by lib/markdown/vite-markdown-plugin.ts, one
// chunk per article.
const loaders = import.meta.glob<MarkdownDocument>('../../../../content/docs/*.md', { import: 'default' });
const bySlug = new Map(Object.entries(loaders).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.md'.length), load]));

type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const loading = new Map<string, Tracked<DocContent>>();
const loaded = new Map<string, DocContent>();

/** The Vite manifest's name of an article's chunk (for the pre-render's modulepreload links). */
export const docContentSource = (slug: string | undefined): string[] => (slug && bySlug.has(slug) ? [`content/docs/${slug}.md`] : []);

/** Loads an article's content once; nothing for an unknown slug. */
export function loadDocContent(slug: string | undefined): Promise<DocContent | undefined> {
  const load = slug ? bySlug.get(slug) : undefined;
  if (!slug || !load) return Promise.resolve(undefined);
  let promise = loading.get(slug);
  if (!promise) {
    promise = load().then(
      (document) => {
        const content = { html: linkHeadings(document.html), headings: document.headings, document };
        loaded.set(slug, content);
        // Marked as React's `use` reads it: a later render gets the value without suspending.
        Object.assign(promise!, { status: 'fulfilled', value: content });
        return content;
      },
      (error: unknown) => {
        loading.delete(slug);
        throw error;
      },
    ) as Tracked<DocContent>;
    loading.set(slug, promise);
  }
  return promise;
}

/** An article's content if loaded (always, after the pre-render's and the browser entry's preload). */
export const docContent = (slug: string | undefined): DocContent | undefined => (slug ? loaded.get(slug) : undefined);

/**
 * An article's content for a page: at once when loaded (a pre-rendered page's is, before
 * hydration), else the page suspends until its chunk has arrived. Undefined for an unknown slug.
 */
export function useDocContent(slug: string | undefined): DocContent | undefined {
  const content = docContent(slug);
  if (content || !slug || !bySlug.has(slug)) return content;
  return use(loadDocContent(slug));
}
