import { LANDING_TOOLS } from '@citable/contract';
import { AI_CRAWLER_COUNT, AUDIT_CHECK_COUNT, SITE_AUDIT_PAGES, SUBSCORE_WEIGHTS } from '../data/product-facts';

const [understanding, citation, conversation, structure] = SUBSCORE_WEIGHTS;

/** The product in four figures, each true of the engine and the plans (product-facts.test.ts). */
const FACTS = [
  {
    figure: `${AUDIT_CHECK_COUNT} checks`,
    text: `Every audit runs ${AUDIT_CHECK_COUNT} checks of crawler access, markup, content and structure, and each lost point comes with a fix.`,
  },
  {
    figure: `${SUBSCORE_WEIGHTS.length} subscores`,
    text: `${understanding.name} and ${citation.name} weigh ${understanding.weight}% each; ${conversation.name} and ${structure.name} weigh ${structure.weight}% each.`,
  },
  {
    figure: `${AI_CRAWLER_COUNT} AI crawlers`,
    text: `Each audit tests whether ${AI_CRAWLER_COUNT} AI crawlers from OpenAI, Anthropic, Perplexity, Google and others may read your pages.`,
  },
  {
    figure: `${LANDING_TOOLS.length} tools`,
    text: `A site audit reads up to ${SITE_AUDIT_PAGES.standard} pages (${SITE_AUDIT_PAGES.agency} on Agency), and ${LANDING_TOOLS.length} tools turn its findings into changes.`,
  },
];

export function AtAGlance() {
  return (
    <section aria-labelledby="glance-title" className="border-y border-slate-200 bg-white py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="glance-title" className="text-center text-sm font-semibold tracking-wide text-primary-700 uppercase">
          Citable at a glance
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FACTS.map((fact) => (
            <li key={fact.figure} className="text-center sm:text-left">
              <p className="text-3xl font-extrabold tracking-tight text-slate-900">{fact.figure}</p>
              <p className="mt-2 text-sm leading-6 text-slate-600">{fact.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
