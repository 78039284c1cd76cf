import type { PageMeta } from '../../landing/seo/page-meta';
import { articleStructuredData, docsHomeStructuredData } from '../lib/structured-data';
import { docContent } from './doc-content';
import { API_REFERENCE_PATH } from './docs-paths';

export type DocGroupId = 'getting-started' | 'features' | 'api' | 'integrations' | 'guides';

/** The five groups of the side navigation (spec 002 §2.14), in order. */
export const DOC_GROUPS: { id: DocGroupId; title: string }[] = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'features', title: 'Features' },
  { id: 'api', title: 'API Reference' },
  { id: 'integrations', title: 'Integrations' },
  { id: 'guides', title: 'Guides' },
];

/** An article as the navigation, the lists and the search know it; what it shows is its content (data/doc-content.ts). */
export interface DocArticle {
  slug: string;
  title: string;
  description: string;
  group: DocGroupId;
  order: number;
  featured: boolean;
  /** ISO dates from the front matter, for the byline and the article markup. */
  published: string;
  updated: string;
}

const isDate = (value: string | undefined): value is string => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '');
const isGroup = (value: string | undefined): value is DocGroupId => DOC_GROUPS.some((group) => group.id === value);

// The front matter of content/docs/*.md (lib/markdown/vite-markdown-plugin.ts): every docs page
// lists the articles, but loads only its own article's content.
const files = import.meta.glob<Record<string, string>>('../../../../content/docs/*.md', { eager: true, query: '?meta', import: 'default' });

function toArticle(path: string, meta: Record<string, string>): DocArticle {
  const slug = path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
  const { title, description, group, order, featured, published, updated } = meta;
  if (!title || !description || !isGroup(group) || !isDate(published) || !isDate(updated)) {
    throw new Error(`content/docs/${slug}.md needs a title, a description, one of the docs groups and published and updated dates (YYYY-MM-DD) in its front matter`);
  }
  return { slug, title, description, group, order: Number(order) || 99, featured: featured === '1', published, updated };
}

export const DOC_ARTICLES: readonly DocArticle[] = Object.entries(files)
  .map(([path, meta]) => toArticle(path, meta))
  .sort((a, b) => DOC_GROUPS.findIndex((g) => g.id === a.group) - DOC_GROUPS.findIndex((g) => g.id === b.group) || a.order - b.order);

export const findDoc = (slug: string | undefined) => DOC_ARTICLES.find((article) => article.slug === slug);

export { API_REFERENCE_PATH };
export const API_REFERENCE_TITLE = 'Interactive API reference';
const API_REFERENCE_DESCRIPTION = 'Every endpoint of the Citable API v1 with its parameters and schemas, and a form to try each one with your API key.';

export const DOCS_HOME_DESCRIPTION = 'Guides and reference for Citable: the AI Visibility Score, every tool, the REST API and MCP server, CMS integrations and strategy guides.';

/** Routes of the docs pages, for the pre-render and the sitemap. */
export const DOC_ROUTES = ['/documentation', ...DOC_ARTICLES.map((article) => `/docs/${article.slug}`), API_REFERENCE_PATH];

/**
 * Route, title, description and page markup of a docs page for the pre-render's head tags;
 * undefined for other routes. The page's article content must be loaded (the pre-render preloads
 * each route's content first).
 */
export function docsPageMeta(route: string): PageMeta | undefined {
  if (route === '/documentation') {
    return {
      path: route,
      title: 'Documentation | Citable: Guides, Tools and API Reference',
      description: DOCS_HOME_DESCRIPTION,
      pageStructuredData: (origin) => docsHomeStructuredData(DOC_ARTICLES, findDoc('introduction'), docContent('introduction'), origin),
    };
  }
  if (route === API_REFERENCE_PATH) return { path: route, title: `${API_REFERENCE_TITLE} | Citable Docs`, description: API_REFERENCE_DESCRIPTION };
  const article = DOC_ARTICLES.find((candidate) => `/docs/${candidate.slug}` === route);
  return article && { path: route, title: `${article.title} | Citable Docs`, description: article.description, pageStructuredData: (origin) => articleStructuredData(article, docContent(article.slug), origin) };
}
