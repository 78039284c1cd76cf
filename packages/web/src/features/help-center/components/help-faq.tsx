import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { HelpFaqEntry } from '../data/help-faq';

export function HelpFaq({ entries }: { entries: readonly HelpFaqEntry[] }) {
  if (entries.length === 0) return <p className="mt-4 text-slate-600">No questions match your search.</p>;
  return (
    <Accordion.Root type="single" collapsible className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      {entries.map((entry) => (
        <Accordion.Item key={entry.question} value={entry.question}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
                {entry.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          {/* Mounted while closed, so the answers are in the pre-rendered HTML. */}
          <Accordion.Content forceMount className="px-5 pb-4 leading-7 text-slate-600 data-[state=closed]:hidden">
            <p>{entry.answer}</p>
            {entry.source ? (
              <p className="mt-2 text-sm">
                Source:{' '}
                <a href={entry.source.url} className="font-medium text-primary-700 underline underline-offset-2">
                  {entry.source.publisher}, {entry.source.title}
                </a>
              </p>
            ) : null}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
