import type { DocContent } from '../data/doc-content';
import type { DocArticle } from '../data/docs';

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

/**
 * The questions and answers of an article's "Frequently asked questions" section: each h3 and
 * the paragraphs under it. The visible FAQ and its FAQPage markup come from the same Markdown.
 */
export function faqOf(html: string): { question: string; answer: string }[] {
  const section = /<h2 id="frequently-asked-questions">[\s\S]*?<\/h2>([\s\S]*?)(?=<h2 |$)/.exec(html)?.[1];
  if (!section) return [];
  return [...section.matchAll(/<h3 id="[^"]*">([\s\S]*?)<\/h3>([\s\S]*?)(?=<h3 |$)/g)]
    .map(([, question, answer]) => ({ question: decode(question!), answer: decode(answer!).replace(/\s+/g, ' ') }))
    .filter((entry) => entry.question && entry.answer);
}

const organization = (origin: string) => ({ '@id': `${origin}/#organization` });
// A reference to the site's Organization node (declared once, in the site-wide markup), named so
// that readers of this block alone still see who wrote the page.
const authorOf = (origin: string) => ({ '@id': `${origin}/#organization`, name: 'Citable' });

function breadcrumbs(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

function faqPage(origin: string, path: string, faq: { question: string; answer: string }[]) {
  return {
    '@type': 'FAQPage',
    '@id': `${origin}${path}#faq`,
    url: `${origin}${path}`,
    mainEntity: faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
  };
}

/** JSON-LD of a docs article: the article (written and published by Citable), its breadcrumbs and its FAQ. */
export function articleStructuredData(article: DocArticle, content: DocContent | undefined, origin: string): Record<string, unknown>[] {
  if (!content) throw new Error(`The content of /docs/${article.slug} is not loaded`);
  const path = `/docs/${article.slug}`;
  const faq = faqOf(content.document.html);
  return [
    {
      '@type': 'TechArticle',
      '@id': `${origin}${path}#article`,
      headline: article.title,
      description: article.description,
      url: `${origin}${path}`,
      mainEntityOfPage: `${origin}${path}`,
      inLanguage: 'en',
      datePublished: article.published,
      dateModified: article.updated,
      author: authorOf(origin),
      publisher: organization(origin),
      isPartOf: { '@id': `${origin}/#website` },
      image: `${origin}/og-image.png`,
    },
    breadcrumbs(origin, [
      { name: 'Documentation', path: '/documentation' },
      { name: article.title, path },
    ]),
    ...(faq.length ? [faqPage(origin, path, faq)] : []),
  ];
}

/** JSON-LD of /documentation: a collection page of the articles, and the FAQ of the introduction it shows. */
export function docsHomeStructuredData(articles: readonly DocArticle[], introduction: DocArticle | undefined, introductionContent: DocContent | undefined, origin: string): Record<string, unknown>[] {
  if (introduction && !introductionContent) throw new Error('The content of the introduction is not loaded');
  const faq = introductionContent ? faqOf(introductionContent.document.html) : [];
  const latest = articles.map((article) => article.updated).sort().at(-1);
  return [
    {
      '@type': 'CollectionPage',
      '@id': `${origin}/documentation#page`,
      name: 'Citable documentation',
      url: `${origin}/documentation`,
      inLanguage: 'en',
      ...(introduction ? { datePublished: introduction.published, dateModified: latest } : {}),
      author: authorOf(origin),
      publisher: organization(origin),
      isPartOf: { '@id': `${origin}/#website` },
      // References to each article's own node, described in full on its page.
      hasPart: articles.map((article) => ({ '@id': `${origin}/docs/${article.slug}#article` })),
    },
    breadcrumbs(origin, [{ name: 'Documentation', path: '/documentation' }]),
    ...(faq.length ? [faqPage(origin, '/documentation', faq)] : []),
  ];
}
