import type { AuditResult } from '@citable/contract';
import { snapshotPage } from '@citable/crawler';
import { auditContent, auditSnapshot } from '@citable/engine';
import type { AuditTarget } from './audit-target';
import { readContentFile } from './read-content-file';

/** Fetches (a URL, with its site context) or reads (a file, as pasted content) and audits it. */
export async function auditPage(target: AuditTarget): Promise<AuditResult> {
  // Freshness checks compare dates with "now"; the engine never reads the clock itself.
  const now = Date.now();
  if (target.kind === 'url') return auditSnapshot(await snapshotPage(target.url), { now });
  const file = readContentFile(target.path);
  return auditContent(file.text, { format: file.format }, { now });
}
