import type { MarkdownDocument } from '../../../lib/markdown/render-markdown';
import type { PageMeta } from '../../landing/seo/page-meta';
import { linkHeadings } from '../lib/heading-links';
import { articleStructuredData, docsHomeStructuredData } from '../lib/structured-data';

export type DocGroupId = 'getting-started' | 'features' | 'api' | 'integrations' | 'guides';

/** The five groups of the side navigation (spec 002 §2.14), in order. */
export const DOC_GROUPS: { id: DocGroupId; title: string }[] = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'features', title: 'Features' },
  { id: 'api', title: 'API Reference' },
  { id: 'integrations', title: 'Integrations' },
  { id: 'guides', title: 'Guides' },
];

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
  /** The rendered article, its headings turned into self-links. */
  html: string;
  document: MarkdownDocument;
}

const isDate = (value: string | undefined): value is string => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '');
const isGroup = (value: string | undefined): value is DocGroupId => DOC_GROUPS.some((group) => group.id === value);

// content/docs/*.md, compiled to HTML at build time by lib/markdown/vite-markdown-plugin.ts.
const files = import.meta.glob<MarkdownDocument>('../../../../content/docs/*.md', { eager: true, import: 'default' });

function toArticle(path: string, document: MarkdownDocument): DocArticle {
  const slug = path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
  const { title, description, group, order, featured, published, updated } = document.meta;
  if (!title || !description || !isGroup(group) || !isDate(published) || !isDate(updated)) {
    throw new Error(`content/docs/${slug}.md needs a title, a description, one of the docs groups and published and updated dates (YYYY-MM-DD) in its front matter`);
  }
  return { slug, title, description, group, order: Number(order) || 99, featured: featured === '1', published, updated, html: linkHeadings(document.html), document };
}

export const DOC_ARTICLES: readonly DocArticle[] = Object.entries(files)
  .map(([path, document]) => toArticle(path, document))
  .sort((a, b) => DOC_GROUPS.findIndex((g) => g.id === a.group) - DOC_GROUPS.findIndex((g) => g.id === b.group) || a.order - b.order);

export const findDoc = (slug: string | undefined) => DOC_ARTICLES.find((article) => article.slug === slug);

/** The interactive reference is a page of its own in the API group, rendered from the OpenAPI document. */
export const API_REFERENCE_PATH = '/docs/api-reference';
export const API_REFERENCE_TITLE = 'Interactive API reference';
const API_REFERENCE_DESCRIPTION = 'Every endpoint of the Citable API v1 with its parameters and schemas, and a form to try each one with your API key.';

export const DOCS_HOME_DESCRIPTION = 'Guides and reference for Citable: the AI Visibility Score, every tool, the REST API and MCP server, CMS integrations and strategy guides.';

/** Routes of the docs pages, for the pre-render and the sitemap. */
export const DOC_ROUTES = ['/documentation', ...DOC_ARTICLES.map((article) => `/docs/${article.slug}`), API_REFERENCE_PATH];

/** Route, title, description and page markup of a docs page for the pre-render's head tags; undefined for other routes. */
export function docsPageMeta(route: string): PageMeta | undefined {
  if (route === '/documentation') {
    return {
      path: route,
      title: 'Documentation | Citable: Guides, Tools and API Reference',
      description: DOCS_HOME_DESCRIPTION,
      pageStructuredData: (origin) => docsHomeStructuredData(DOC_ARTICLES, findDoc('introduction'), origin),
    };
  }
  if (route === API_REFERENCE_PATH) return { path: route, title: `${API_REFERENCE_TITLE} | Citable Docs`, description: API_REFERENCE_DESCRIPTION };
  const article = DOC_ARTICLES.find((candidate) => `/docs/${candidate.slug}` === route);
  return article && { path: route, title: `${article.title} | Citable Docs`, description: article.description, pageStructuredData: (origin) => articleStructuredData(article, origin) };
}
