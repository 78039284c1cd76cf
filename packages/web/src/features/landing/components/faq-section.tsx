import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { PageByline } from '../../../components/page-byline';
import { FAQ } from '../data/faq';
import { LANDING_DATES } from '../data/product-facts';

/** One answer open at a time (spec 000 §2). */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-secondary-700 uppercase">FAQ</p>
          <h2 id="faq-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Frequently asked questions
          </h2>
        </div>
        <Accordion.Root type="single" collapsible className="mt-12 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {FAQ.map((entry, index) => (
            <Accordion.Item key={entry.question} value={`faq-${index}`}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50">
                    {entry.question}
                    <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              {/* Mounted while closed, so the answers are in the pre-rendered HTML that crawlers and answer engines read. */}
              <Accordion.Content forceMount className="px-6 pb-5 leading-7 text-slate-600 data-[state=closed]:hidden">
                {entry.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        <PageByline published={LANDING_DATES.published} updated={LANDING_DATES.updated} className="mt-10 text-center text-sm text-slate-500" />
      </div>
    </section>
  );
}
