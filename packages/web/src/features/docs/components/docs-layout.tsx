import { ChevronDown, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { API_REFERENCE_PATH, API_REFERENCE_TITLE, DOC_ARTICLES, DOC_GROUPS } from '../data/docs';
import { searchDocs } from '../lib/search';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-primary-50 font-medium text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

function DocsNav({ id, className }: { id: string; className: string }) {
  return (
    <nav id={id} aria-label="Documentation" className={`space-y-6 ${className}`}>
      {DOC_GROUPS.map((group) => (
        <div key={group.id}>
          <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</h2>
          <ul className="mt-2 space-y-0.5">
            {DOC_ARTICLES.filter((article) => article.group === group.id).map((article) => (
              <li key={article.slug}>
                <NavLink to={`/docs/${article.slug}`} className={navLinkClass}>
                  {article.title}
                </NavLink>
              </li>
            ))}
            {group.id === 'api' ? (
              <li>
                <NavLink to={API_REFERENCE_PATH} className={navLinkClass}>
                  {API_REFERENCE_TITLE}
                </NavLink>
              </li>
            ) : null}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The articles' text for the search: one chunk (data/docs-search-text.ts), loaded once the search
 * box is used rather than with every docs page.
 */
function useDocTexts(wanted: boolean): ReadonlyMap<string, string> | null {
  const [texts, setTexts] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => {
    if (!wanted || texts) return;
    let live = true;
    import('../data/docs-search-text').then(
      (module) => {
        if (live) setTexts(module.DOC_TEXTS);
      },
      // Offline or a replaced build: the titles and descriptions are searched alone.
      () => {
        if (live) setTexts(new Map());
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, texts]);
  return texts;
}

function SearchResults({ query, texts }: { query: string; texts: ReadonlyMap<string, string> | null }) {
  const hits = useMemo(() => (texts ? searchDocs(DOC_ARTICLES.map((article) => ({ ...article, text: texts.get(article.slug) ?? '' })), query) : []), [query, texts]);
  return (
    <section aria-labelledby="docs-results" className="min-w-0 flex-1">
      <h1 id="docs-results" className="text-2xl font-bold text-slate-900">
        Search results
      </h1>
      <p className="mt-2 text-sm text-slate-600" aria-live="polite">
        {!texts
          ? 'Searching...'
          : hits.length === 0
            ? `No article matches "${query.trim()}".`
            : `${hits.length} ${hits.length === 1 ? 'article matches' : 'articles match'} "${query.trim()}".`}
      </p>
      <ul className="mt-6 space-y-4">
        {hits.map(({ doc, snippet }) => (
          <li key={doc.slug} className="rounded-xl border border-slate-200 p-4 hover:border-primary-300">
            <Link to={`/docs/${doc.slug}`} className="font-semibold text-primary-700 hover:underline">
              {doc.title}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{snippet}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The documentation's frame: search and the five-group side navigation beside the page. While
 * a query is typed, the results replace the page; opening any page clears the query.
 */
export function DocsLayout() {
  const [query, setQuery] = useState('');
  const { pathname } = useLocation();
  useEffect(() => setQuery(''), [pathname]);
  const searching = query.trim() !== '';
  // Focusing the box starts loading what the search reads, before the first letter is typed.
  const [searchWanted, setSearchWanted] = useState(false);
  const texts = useDocTexts(searchWanted || searching);
  // On phones the navigation (some 30 links) is a disclosure above the article, closed at first so
  // the article is what the page opens on; from lg it is the sidebar, always shown. Closed in the
  // pre-render as on the first client render, so hydration agrees; opening a page closes it.
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => setNavOpen(false), [pathname]);
  const navId = useId();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:flex-row">
      <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:w-64 lg:shrink-0 lg:overflow-y-auto">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="relative mb-6">
          <label htmlFor="docs-search" className="sr-only">
            Search the documentation
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id="docs-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={() => setSearchWanted(true)}
            placeholder="Search docs"
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-primary-600/40"
          />
        </form>
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-primary-600/40 lg:hidden"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
          data-testid="docs-nav-toggle"
        >
          Documentation menu
          <ChevronDown aria-hidden="true" className={`size-4 text-slate-500 transition-transform ${navOpen ? 'rotate-180' : ''}`} />
        </button>
        <DocsNav id={navId} className={navOpen ? 'mt-4 lg:mt-0' : 'hidden lg:block'} />
      </aside>
      {searching ? <SearchResults query={query} texts={texts} /> : <div key={pathname} className="min-w-0 flex-1"><Outlet /></div>}
    </div>
  );
}
