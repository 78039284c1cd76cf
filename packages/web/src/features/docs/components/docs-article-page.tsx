import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useDocContent } from '../data/doc-content';
import { DOC_ARTICLES, DOC_GROUPS, findDoc } from '../data/docs';
import { DocsByline } from './docs-byline';
import './docs-article.css';

/** One docs article from content/docs/<slug>.md, with its group, a contents list and the neighbouring articles. */
export function DocsArticlePage() {
  const { slug } = useParams();
  const article = findDoc(slug);
  const content = useDocContent(article?.slug);
  useDocumentTitle(article ? `${article.title} | Citable Docs` : 'Page not found | Citable Docs');
  if (!article || !content) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-4 text-slate-600">This documentation page does not exist or has moved.</p>
        <Link to="/documentation" className="mt-6 inline-block font-medium text-primary-700 underline underline-offset-2">
          Back to the documentation
        </Link>
      </div>
    );
  }
  const index = DOC_ARTICLES.indexOf(article);
  const previous = DOC_ARTICLES[index - 1];
  const next = DOC_ARTICLES[index + 1];
  const group = DOC_GROUPS.find((candidate) => candidate.id === article.group);
  const sections = content.headings.filter((heading) => heading.depth === 2);
  return (
    <div className="flex gap-10">
      <div className="min-w-0 flex-1">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/documentation" className="font-medium text-primary-700 hover:underline">
            Documentation
          </Link>{' '}
          / {group?.title}
        </nav>
        <DocsByline updated={article.updated} />
        {/* Trusted HTML: compiled from the repository's own Markdown at build time, raw HTML escaped. */}
        <article className="docs-article mt-4" dangerouslySetInnerHTML={{ __html: content.html }} />
        <nav aria-label="Previous and next" className="mt-12 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
          {previous ? (
            <Link to={`/docs/${previous.slug}`} className="group rounded-xl border border-slate-200 p-4 hover:border-primary-300">
              <span className="flex items-center gap-1 text-xs text-slate-500">
                <ArrowLeft aria-hidden="true" className="size-3" /> Previous
              </span>
              <span className="mt-1 block font-medium text-slate-900 group-hover:text-primary-700">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/docs/${next.slug}`} className="group rounded-xl border border-slate-200 p-4 text-right hover:border-primary-300">
              <span className="flex items-center justify-end gap-1 text-xs text-slate-500">
                Next <ArrowRight aria-hidden="true" className="size-3" />
              </span>
              <span className="mt-1 block font-medium text-slate-900 group-hover:text-primary-700">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </div>
      {sections.length > 1 ? (
        <aside className="hidden w-52 shrink-0 xl:block">
          <div className="sticky top-20">
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</h2>
            <ul className="mt-3 space-y-1.5 text-sm">
              {sections.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`} className="text-slate-600 hover:text-primary-700">
                    {heading.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      ) : null}
    </div>
  );
}
