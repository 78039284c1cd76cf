import { statSync } from 'node:fs';
import { extname } from 'node:path';

/** A page to audit: a URL, a file, or the page read from standard input (`-`). */
export type AuditTarget = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'stdin'; text: string };

/** Extensions of the content files `citable audit` reads; also what marks a name as a file. */
export const CONTENT_EXTENSIONS = ['.html', '.htm', '.xhtml', '.md', '.markdown', '.txt', '.text'];

/**
 * Decides whether `citable audit` was given a URL or a file. An http(s) URL is a URL and an
 * existing path is a file; otherwise "example.com/page" is a URL without its scheme (the crawler
 * adds https), while "./page.html", "docs/page.md" or "page.html" are files that are missing,
 * which deserves "file not found" rather than a DNS error about a host called "docs".
 */
export function resolveAuditTarget(input: string): AuditTarget {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) return { kind: 'url', url: input };
  if (exists(input)) return { kind: 'file', path: input };
  const firstSegment = input.split(/[/?#]/)[0];
  const hostLike = /^(localhost|[^\s.]+(\.[^\s.]+)+|\[[0-9a-f:.]+\])(:\d+)?$/i.test(firstSegment);
  const fileLike = /^[.~/\\]/.test(input) || (!input.includes('/') && CONTENT_EXTENSIONS.includes(extname(input).toLowerCase()));
  return hostLike && !fileLike ? { kind: 'url', url: input } : { kind: 'file', path: input };
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
