import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { PageByline } from '../../../components/page-byline';
import { FAQ } from '../data/faq';
import { LANDING_DATES } from '../data/product-facts';

/**
 * One answer open at a time (spec 000 §2): the WAI-ARIA accordion pattern, a button per question
 * that expands its answer. Plain React rather than Radix's Accordion, which would add a tenth of
 * the landing page's script for this one list.
 */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-secondary-700 uppercase">FAQ</p>
          <h2 id="faq-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Frequently asked questions
          </h2>
        </div>
        <div className="mt-12 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {FAQ.map((entry, index) => {
            const expanded = open === index;
            const state = expanded ? 'open' : 'closed';
            return (
              <div key={entry.question} data-state={state}>
                <h3 data-state={state}>
                  <button
                    type="button"
                    id={`${id}-question-${index}`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-answer-${index}`}
                    data-state={state}
                    onClick={() => setOpen(expanded ? null : index)}
                    className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50"
                  >
                    {entry.question}
                    <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
                  </button>
                </h3>
                {/* Rendered while closed, so the answers are in the pre-rendered HTML that crawlers and answer engines read. */}
                <div id={`${id}-answer-${index}`} role="region" aria-labelledby={`${id}-question-${index}`} data-state={state} className="px-6 pb-5 leading-7 text-slate-600 data-[state=closed]:hidden">
                  {entry.answer}
                </div>
              </div>
            );
          })}
        </div>
        <PageByline published={LANDING_DATES.published} updated={LANDING_DATES.updated} className="mt-10 text-center text-sm text-slate-500" />
      </div>
    </section>
  );
}
