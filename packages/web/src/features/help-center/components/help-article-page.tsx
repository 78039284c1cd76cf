import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { HELP_ARTICLES, HELP_CATEGORIES } from '../data/articles';
import './help-article.css';

/** One help article, rendered from content/help/<slug>.md at build time. */
export function HelpArticlePage() {
  const { slug } = useParams();
  const article = HELP_ARTICLES.find((candidate) => candidate.slug === slug);
  useDocumentTitle(article ? `${article.title} | Citable Help Centre` : 'Article not found | Citable');
  if (!article) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Article not found</h1>
        <p className="mt-4 text-slate-600">This help article does not exist or has moved.</p>
        <Link to="/help-center" className="mt-6 inline-block font-medium text-primary-700 underline underline-offset-2">
          Back to the Help Centre
        </Link>
      </div>
    );
  }
  const category = HELP_CATEGORIES.find((candidate) => candidate.id === article.category);
  const related = HELP_ARTICLES.filter((candidate) => candidate.category === article.category && candidate.slug !== article.slug);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm">
        <Link to="/help-center" className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Help Centre
        </Link>
        {category ? <span className="text-slate-600">/ {category.title}</span> : null}
      </nav>
      {/* Trusted HTML: compiled from the repository's own Markdown at build time, raw HTML escaped. */}
      <article className="help-article mt-6" dangerouslySetInnerHTML={{ __html: article.document.html }} />
      {related.length ? (
        <aside aria-labelledby="help-related" className="mt-12 border-t border-slate-200 pt-6">
          <h2 id="help-related" className="font-semibold text-slate-900">
            More in {category?.title}
          </h2>
          <ul className="mt-3 space-y-1.5">
            {related.map((candidate) => (
              <li key={candidate.slug}>
                <Link to={`/help-center/${candidate.slug}`} className="text-primary-700 hover:underline">
                  {candidate.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </div>
  );
}
