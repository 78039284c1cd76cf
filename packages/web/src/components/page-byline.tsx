const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "22 November 2026", formatted by hand so the pre-render and the browser print the same text. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

interface PageBylineProps {
  /** ISO dates (YYYY-MM-DD), as the page's WebPage markup declares them. */
  published: string;
  updated: string;
  className?: string;
}

/** Who publishes a public page and when it was published and last changed, for readers and crawlers alike. */
export function PageByline({ published, updated, className }: PageBylineProps) {
  return (
    <p className={className ?? 'text-sm text-slate-500'}>
      Written and published by the Citable team · Published <time dateTime={published}>{longDate(published)}</time>
      {updated !== published ? (
        <>
          {' '}
          · Updated <time dateTime={updated}>{longDate(updated)}</time>
        </>
      ) : null}
    </p>
  );
}
