import { STORAGE_PREFIX, type AuditScope } from '@citable/contract';
import { readStorage, writeStorage } from '../../../lib/storage';

/** Set after the first audit; the next overview load then audits again (spec 001 §4). */
const KEY = `${STORAGE_PREFIX}audit-auto-run`;

export interface AutoAuditTarget {
  url: string;
  scope: AuditScope;
}

/** An audit to start: the target, and for a site audit the pages chosen (the server's default without). */
export interface AuditRequestTarget extends AutoAuditTarget {
  maxPages?: number;
}

export function rememberAutoAudit(target: AutoAuditTarget): void {
  writeStorage(KEY, JSON.stringify({ url: target.url, scope: target.scope }));
}

export function autoAuditTarget(): AutoAuditTarget | null {
  const raw = readStorage(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AutoAuditTarget>;
    return typeof value.url === 'string' && (value.scope === 'site' || value.scope === 'page') ? { url: value.url, scope: value.scope } : null;
  } catch {
    return null;
  }
}
