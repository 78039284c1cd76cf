import { BookOpen, Code2, Gauge, Rocket } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useDocContent } from '../data/doc-content';
import { DOC_ARTICLES, DOC_GROUPS, findDoc } from '../data/docs';
import { DocsByline } from './docs-byline';
import './docs-article.css';

const FEATURED_ICONS: Record<string, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  introduction: BookOpen,
  'quick-start': Rocket,
  'audit-tool': Gauge,
  'api-overview': Code2,
};

/** /documentation: what the docs cover, the featured articles, the introduction, and every group. */
export function DocsHomePage() {
  useDocumentTitle('Documentation | Citable');
  const featured = DOC_ARTICLES.filter((article) => article.featured);
  const introduction = findDoc('introduction');
  const introductionContent = useDocContent(introduction?.slug);
  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Documentation</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">Citable documentation</h1>
      {introduction ? <DocsByline updated={DOC_ARTICLES.map((article) => article.updated).sort().at(-1)!} /> : null}
      <p className="mt-4 max-w-3xl text-lg text-slate-600">
        Citable scores how well AI assistants, AI search and voice assistants can read, understand and cite your website, and shows what to fix first. These
        {` ${DOC_ARTICLES.length} `}
        articles explain the score, every tool, the REST API and MCP server, the CMS integrations and the strategy behind them.
      </p>

      <section aria-labelledby="docs-featured" className="mt-10">
        <h2 id="docs-featured" className="text-lg font-semibold text-slate-900">
          Featured
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {featured.map((article) => {
            const Icon = FEATURED_ICONS[article.slug] ?? BookOpen;
            return (
              <li key={article.slug}>
                <Link to={`/docs/${article.slug}`} className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-primary-300 hover:shadow">
                  <Icon aria-hidden className="size-6 text-primary-600" />
                  <span className="mt-3 font-semibold text-slate-900 group-hover:text-primary-700">{article.title}</span>
                  <span className="mt-1 text-sm text-slate-600">{article.description}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {introductionContent ? (
        <section aria-label="Introduction" className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
          {/* The introduction's own h1 would be a second h1 on this page, so it becomes a section heading. */}
          <div className="docs-article" dangerouslySetInnerHTML={{ __html: introductionContent.html.replace(/<h1 id="([^"]+)">([\s\S]*?)<\/h1>/, '<h2 id="$1">$2</h2>') }} />
        </section>
      ) : null}

      <section aria-labelledby="docs-all" className="mt-12">
        <h2 id="docs-all" className="text-lg font-semibold text-slate-900">
          All topics
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {DOC_GROUPS.map((group) => (
            <div key={group.id} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">{group.title}</h3>
              <ul className="mt-3 space-y-2 text-sm">
                {DOC_ARTICLES.filter((article) => article.group === group.id).map((article) => (
                  <li key={article.slug}>
                    <Link to={`/docs/${article.slug}`} className="font-medium text-primary-700 hover:underline">
                      {article.title}
                    </Link>
                    <span className="text-slate-600">: {article.description}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
