import { PAGE_META, type PageMeta } from './page-meta';
import { structuredData } from './structured-data';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script> must not be able to close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The <head> tags of one pre-rendered public page; `origin` is the public site address. Pages
 * generated from content (help articles) pass their own meta.
 */
export function headTags(path: string, origin: string, meta: PageMeta = PAGE_META[path] ?? PAGE_META['/']): string {
  const url = `${origin}${meta.path}`;
  const title = escapeAttribute(meta.title);
  const description = escapeAttribute(meta.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large" />`,
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Citable" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:image" content="${escapeAttribute(`${origin}/og-image.png`)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="Citable: AI Visibility Starts Here" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="alternate" type="text/plain" title="llms.txt" href="/llms.txt" />`,
    `<script type="application/ld+json">${safeJson(structuredData(origin, meta.path))}</script>`,
    ...(meta.pageStructuredData ? [`<script type="application/ld+json">${safeJson({ '@context': 'https://schema.org', '@graph': meta.pageStructuredData(origin) })}</script>`] : []),
  ].join('\n    ');
}
