import { Check, CircleMinus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '../../../components/page-hero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { cn } from '../../../lib/cn';
import { API_KEYS_PATH, API_SNIPPET, CATEGORIES, CLI_SNIPPET, INTEGRATIONS, planLabel, type Integration } from '../data/integrations';

function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      <Check aria-hidden="true" className="size-3.5" />
      Available
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      <CircleMinus aria-hidden="true" className="size-3.5" />
      No connector
    </span>
  );
}

function IntegrationCard({ integration }: { integration: Integration }) {
  return (
    <li className={cn('flex flex-col rounded-2xl border p-5', integration.available ? 'border-emerald-200 bg-white' : 'border-slate-200 bg-slate-50/60')} data-testid={`integration-${integration.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{integration.name}</h3>
        <AvailabilityBadge available={integration.available} />
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600">{integration.description}</p>
      {integration.plan ? <p className="mt-3 text-xs font-medium text-slate-600">{planLabel(integration.plan)}</p> : null}
      {integration.links?.length ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {integration.links.map((link) => (
            <Link key={link.to} to={link.to} className="font-medium text-primary-700 underline underline-offset-2">
              {link.label}
              <span className="sr-only"> ({integration.name})</span>
            </Link>
          ))}
        </p>
      ) : null}
    </li>
  );
}

function Snippet({ id, title, note, code }: { id: string; title: string; note: string; code: string }) {
  return (
    <figure aria-labelledby={id} className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900">
      <figcaption id={id} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-700 px-4 py-2.5 text-sm">
        <span className="font-medium text-white">{title}</span>
        <span className="text-slate-300">{note}</span>
      </figcaption>
      {/* Focusable: a long line scrolls sideways, and the keyboard scrolls it (WCAG 2.1.1). */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/**
 * Integrations (spec 002 §2.14): what connects to Citable on this installation, each marked
 * Available or No connector. Nothing is "coming soon" (issues 19, 33): the REST API, webhooks and
 * the five CMS connectors work and say so, with their documentation and where to set them up;
 * Squarespace, which has no content API, says why there is no connector.
 */
export function IntegrationsPage() {
  useDocumentTitle('Integrations | Citable');
  return (
    <>
      <PageHero eyebrow="Integrations" title="Connect Citable to your stack">
        Each connector is marked as it really is on this installation: Available, or No connector, with what to use instead.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {CATEGORIES.map((category) => (
          <section key={category.id} aria-labelledby={`integrations-${category.id}`} className="mb-12">
            <h2 id={`integrations-${category.id}`} className="text-2xl font-bold text-slate-900">
              {category.title}
            </h2>
            <p className="mt-2 text-slate-600">{category.description}</p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {INTEGRATIONS.filter((integration) => integration.category === category.id).map((integration) => (
                <IntegrationCard key={integration.id} integration={integration} />
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="integrations-developers" className="rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
          <h2 id="integrations-developers" className="text-2xl font-bold text-slate-900">
            For developers
          </h2>
          <p className="mt-2 max-w-3xl text-slate-600">
            The command line and the REST API both work today. The request below starts a real audit: use your Citable address and an API key from{' '}
            <Link to={API_KEYS_PATH} className="font-medium text-primary-700 underline underline-offset-2">
              Settings
            </Link>
            , then read the result from <code>GET /api/v1/audits/{'{id}'}</code>. The{' '}
            <Link to="/docs/api-overview" className="font-medium text-primary-700 underline underline-offset-2">
              API documentation
            </Link>{' '}
            covers every endpoint.
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <Snippet id="snippet-cli" title="Command line" note="Available" code={CLI_SNIPPET} />
            <Snippet id="snippet-api" title="POST /api/v1/audits" note="Available" code={API_SNIPPET} />
          </div>
          <p className="mt-6 text-sm text-slate-700">
            Need a connector that is not listed?{' '}
            <Link to="/contact-us" className="font-medium text-primary-700 underline underline-offset-2">
              Tell us
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
