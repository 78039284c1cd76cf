import type { ToolScope } from '@citable/contract';

/**
 * The address a tool reads: the website itself for the site scope, or the typed path appended to
 * it for a specific page (spec 001 §5).
 */
export function targetUrl(website: string, scope: ToolScope, path: string): string {
  const trimmed = path.trim();
  if (scope === 'site' || trimmed === '') return website;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `${website.replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
}

export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}
