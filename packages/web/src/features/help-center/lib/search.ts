/** Words of the query that must all appear (case- and accent-insensitive) for an item to match. */
function terms(query: string): string[] {
  return normalise(query).split(/\s+/).filter(Boolean);
}

function normalise(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Client-side filter of the help centre: an empty query keeps everything. */
export function matches(query: string, ...fields: string[]): boolean {
  const wanted = terms(query);
  if (wanted.length === 0) return true;
  const haystack = normalise(fields.join(' '));
  return wanted.every((term) => haystack.includes(term));
}
