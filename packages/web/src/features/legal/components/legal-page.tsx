import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { LEGAL_LAST_UPDATED, type LegalBlock, type LegalDocument } from '../data/legal-types';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p className="mt-3 leading-relaxed text-slate-700">{block}</p>;
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

interface LegalPageProps {
  document: LegalDocument;
  /** Extra content shown after a section's text, by section id (the cookie table). */
  extras?: Record<string, ReactNode>;
}

/** One legal document: title, date, a table of contents and numbered sections with linkable ids. */
export function LegalPage({ document, extras = {} }: LegalPageProps) {
  useDocumentTitle(`${document.title} | Citable`);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-slate-600">{`Last updated ${LEGAL_LAST_UPDATED}`}</p>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">{document.intro}</p>
      </header>
      <nav aria-label="Contents" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-20">
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
            {section.title}
          </h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          {extras[section.id]}
        </section>
      ))}
    </article>
  );
}
