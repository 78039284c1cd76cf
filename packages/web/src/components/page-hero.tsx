import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The heading band at the top of each public content page (contact, status, legal, help). */
export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-primary-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-slate-600">{children}</div> : null}
      </div>
    </section>
  );
}
