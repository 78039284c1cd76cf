import type { MarkdownDocument } from '../../../lib/markdown/render-markdown';

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  category: HelpCategoryId;
  popular: boolean;
  order: number;
  document: MarkdownDocument;
}

export type HelpCategoryId = 'getting-started' | 'scores' | 'fixing-issues' | 'account';

export const HELP_CATEGORIES: { id: HelpCategoryId; title: string; description: string }[] = [
  { id: 'getting-started', title: 'Getting started', description: 'Your first audit, your sites and your competitors.' },
  { id: 'scores', title: 'Scores and audits', description: 'What the score measures and how it is computed.' },
  { id: 'fixing-issues', title: 'Fixing issues', description: 'The changes that recover the most points.' },
  { id: 'account', title: 'Account and billing', description: 'Plans, payments, security and your data.' },
];

const isCategory = (value: string | undefined): value is HelpCategoryId => HELP_CATEGORIES.some((category) => category.id === value);

// content/help/*.md, compiled to HTML at build time by lib/markdown/vite-markdown-plugin.ts.
const files = import.meta.glob<MarkdownDocument>('../../../../content/help/*.md', { eager: true, import: 'default' });

function toArticle(path: string, document: MarkdownDocument): HelpArticle {
  const slug = path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
  const { title, summary, category, popular, order } = document.meta;
  if (!title || !summary || !isCategory(category)) throw new Error(`content/help/${slug}.md needs a title, a summary and one of the help categories in its front matter`);
  return { slug, title, summary, category, popular: popular === '1' || popular === 'true', order: Number(order) || 99, document };
}

export const HELP_ARTICLES: readonly HelpArticle[] = Object.entries(files)
  .map(([path, document]) => toArticle(path, document))
  .sort((a, b) => a.order - b.order);

/** Route, title and description of an article page, for the pre-render's head tags; undefined for other routes. */
export function helpArticleMeta(route: string): { path: string; title: string; description: string } | undefined {
  const article = HELP_ARTICLES.find((candidate) => `/help-center/${candidate.slug}` === route);
  return article && { path: route, title: `${article.title} | Citable Help Centre`, description: article.summary };
}

export const HELP_ARTICLE_ROUTES = HELP_ARTICLES.map((article) => `/help-center/${article.slug}`);
