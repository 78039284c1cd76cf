import type { AuditScope } from '@citable/contract';

/** The URL an overview audit targets: the site itself, or the typed path appended to it (spec 001 §5). */
export function auditTarget(siteUrl: string, scope: AuditScope, path: string): string {
  const site = siteUrl.trim().replace(/\/+$/, '');
  if (scope === 'site') return site;
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '/') return `${site}/`;
  return `${site}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}
