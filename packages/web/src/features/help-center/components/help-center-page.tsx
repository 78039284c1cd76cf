import { PLANS, PRIORITY_SUPPORT_PLAN, SUPPORT_EMAIL } from '@citable/contract';
import { BookOpen, Bot, Mail, Search, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageByline } from '../../../components/page-byline';
import { PageHero } from '../../../components/page-hero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { HELP_ARTICLES, HELP_CATEGORIES, type HelpArticle } from '../data/articles';
import { HELP_FAQ } from '../data/help-faq';
import { HELP_CENTRE_DATES } from '../data/overview';
import { matches } from '../lib/search';
import { FirstAuditOverview } from './first-audit-overview';
import { HelpFaq } from './help-faq';
import { HelpSources } from './help-sources';
import { ScoreSummary } from './score-summary';

function ArticleLink({ article }: { article: HelpArticle }) {
  return (
    <Link to={`/help-center/${article.slug}`} className="font-medium text-primary-700 hover:underline">
      {article.title}
    </Link>
  );
}

/** The ways to reach support that exist (issue 19): people by e-mail and the form, and Genie, which is a bot. */
const SUPPORT = [
  { icon: Mail, title: 'E-mail', text: `${SUPPORT_EMAIL}, or the contact form: we reply within 24 hours on business days.` },
  {
    icon: Star,
    title: 'Priority support',
    text: `For ${PLANS[PRIORITY_SUPPORT_PLAN].name} and ${PLANS.agency.name} plans: send the contact form while signed in and your message reaches the team marked priority.`,
  },
  { icon: Bot, title: 'Genie', text: 'The assistant behind the chat button is automated, not a person: it answers product questions and opens the right tool.' },
];

/** Help Centre (spec 002 §2.14): search, categories, popular articles, FAQ and support contacts. */
export function HelpCenterPage() {
  useDocumentTitle('Help Centre | Citable');
  const [query, setQuery] = useState('');
  const articles = useMemo(() => HELP_ARTICLES.filter((article) => matches(query, article.title, article.summary, article.document.text)), [query]);
  const faq = useMemo(() => HELP_FAQ.filter((entry) => matches(query, entry.question, entry.answer)), [query]);
  const popular = articles.filter((article) => article.popular).slice(0, 3);
  const searching = query.trim() !== '';

  return (
    <>
      <PageHero eyebrow="Help Centre" title="How can we help?">
        <p id="help-summary" className="mb-5">
          The Citable Help Centre has guides and answers about the AI Visibility Score, audits, fixes, plans and billing. Search {HELP_ARTICLES.length} articles and{' '}
          {HELP_FAQ.length} frequent questions, or start with the overview below.
        </p>
        <form role="search" onSubmit={(event) => event.preventDefault()} className="relative mt-2 max-w-xl">
          <label htmlFor="help-search" className="sr-only">
            Search articles and questions
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id="help-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search articles and questions"
            className="block h-12 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-primary-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-primary-600/40"
          />
        </form>
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          {searching ? `${articles.length} ${articles.length === 1 ? 'article' : 'articles'} and ${faq.length} ${faq.length === 1 ? 'question' : 'questions'} match.` : ''}
        </p>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {!searching ? <FirstAuditOverview /> : null}

        {!searching ? (
          <section aria-labelledby="help-popular" className="mt-12">
            <h2 id="help-popular" className="text-2xl font-bold text-slate-900">
              Popular articles
            </h2>
            <ul className="mt-6 grid gap-4 md:grid-cols-3">
              {popular.map((article) => (
                <li key={article.slug} className="flex flex-col rounded-2xl border border-slate-200 p-5">
                  <BookOpen aria-hidden="true" className="size-6 text-primary-600" />
                  <h3 className="mt-3 text-lg">
                    <ArticleLink article={article} />
                  </h3>
                  <p className="mt-2 text-sm text-slate-600">{article.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {!searching ? <ScoreSummary /> : null}

        <section aria-labelledby="help-categories" className="mt-12">
          <h2 id="help-categories" className="text-2xl font-bold text-slate-900">
            {searching ? 'Matching articles' : 'Browse by category'}
          </h2>
          {searching && articles.length === 0 ? <p className="mt-4 text-slate-600">No articles match your search.</p> : null}
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            {HELP_CATEGORIES.map((category) => {
              const inCategory = articles.filter((article) => article.category === category.id);
              if (searching && inCategory.length === 0) return null;
              return (
                <section key={category.id} aria-labelledby={`help-category-${category.id}`} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5">
                  <h3 id={`help-category-${category.id}`} className="text-lg font-semibold text-slate-900">
                    {category.title}
                  </h3>
                  <p className="mt-1 text-sm text-slate-600">{category.description}</p>
                  <ul className="mt-3 space-y-1.5">
                    {inCategory.map((article) => (
                      <li key={article.slug}>
                        <ArticleLink article={article} />
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </section>

        {!searching ? <HelpSources /> : null}

        <section aria-labelledby="help-faq" className="mt-12">
          <h2 id="help-faq" className="text-2xl font-bold text-slate-900">
            Frequently asked questions
          </h2>
          <HelpFaq entries={faq} />
        </section>

        <section aria-labelledby="help-support" className="mt-12 rounded-3xl bg-primary-50 p-6 sm:p-8">
          <h2 id="help-support" className="text-2xl font-bold text-slate-900">
            Still need help?
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {SUPPORT.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-600" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-sm text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/contact-us" className="font-medium text-primary-700 underline underline-offset-2">
              Send us a message
            </Link>
          </p>
        </section>

        <PageByline published={HELP_CENTRE_DATES.published} updated={HELP_CENTRE_DATES.updated} className="mt-10 text-sm text-slate-500" />
      </div>
    </>
  );
}
