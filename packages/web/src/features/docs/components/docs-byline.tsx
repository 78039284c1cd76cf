const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "22 November 2026", formatted by hand so the pre-render and the browser print the same text. */
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** Who wrote a docs page and when it last changed, as readers and crawlers both look for it. */
export function DocsByline({ updated }: { updated: string }) {
  return (
    <p className="mt-2 text-sm text-slate-500">
      By the Citable team · Updated <time dateTime={updated}>{longDate(updated)}</time>
    </p>
  );
}
