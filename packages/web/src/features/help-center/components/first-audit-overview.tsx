import { Link } from 'react-router';
import { HELP_ARTICLES } from '../data/articles';
import { FIRST_AUDIT_STEPS } from '../data/overview';

const titleOf = (slug: string) => HELP_ARTICLES.find((article) => article.slug === slug)?.title;

/** The path from sign-up to the first fix, each step linked to the article that covers it. */
export function FirstAuditOverview() {
  return (
    <section id="first-audit" aria-labelledby="help-overview">
      <h2 id="help-overview" className="text-2xl font-bold text-slate-900">
        Overview: your first audit in {FIRST_AUDIT_STEPS.length} steps
      </h2>
      <p className="mt-3 max-w-3xl leading-7 text-slate-600">
        The path from sign-up to your first fix takes {FIRST_AUDIT_STEPS.length} steps. You add your site, compare it with a competitor, audit your most important page and
        fix the issues that cost the most points. Each step links to the guide that explains it.
      </p>
      <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {FIRST_AUDIT_STEPS.map((step, index) => {
          const title = titleOf(step.article);
          return (
            <li key={step.name} className="flex flex-col rounded-2xl border border-slate-200 p-5">
              <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-primary-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <strong className="mt-3 text-slate-900">{step.name}</strong>
              <span className="mt-1 text-sm leading-6 text-slate-600">{step.text}</span>
              {title ? (
                <Link to={`/help-center/${step.article}`} className="mt-3 text-sm font-medium text-primary-700 hover:underline">
                  {title}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
