const LOCAL_DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Parses a date string into an ISO instant. Times without a zone are read as UTC rather than
 * the machine's zone, so the same page gives the same result on every machine.
 */
export function parseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  let s = value.trim();
  if (!s) return null;
  if (LOCAL_DATE_TIME_RE.test(s)) s = `${s.replace(' ', 'T')}Z`;
  s = s.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  s = s.replace(/(\.\d{3})\d+/, '$1');
  const t = Date.parse(s);
  if (Number.isNaN(t)) return null;
  const year = new Date(t).getUTCFullYear();
  if (year < 1990 || year > 2100) return null;
  return new Date(t).toISOString();
}
