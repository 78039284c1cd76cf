/** Resolves an href cheaply: absolute and root-relative URLs need no URL object. */
export function resolveLink(href: string, base: string | null): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (/^(?:javascript|mailto|tel|data):/i.test(href)) return null;
  if (!base) return null;
  if (href.startsWith('/') && !href.startsWith('//')) {
    const origin = /^https?:\/\/[^/?#]+/i.exec(base);
    if (origin) return origin[0] + href;
  }
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}
