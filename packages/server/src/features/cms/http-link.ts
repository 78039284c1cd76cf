/**
 * A link taken from a CMS's data, kept only when it is an absolute http or https URL. A post's
 * `link` is whatever the site's API answers, and the dashboard renders it as a link: a
 * `javascript:` or `data:` value would run in the user's session if any renderer ever let it
 * through, so it is dropped on the way in, whoever renders it later.
 */
export function httpLinkOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value.trim())) return null;
  const url = new URL(value.trim());
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
}
