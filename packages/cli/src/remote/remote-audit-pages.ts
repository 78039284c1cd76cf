import type { AuditRun } from '@citable/contract';
import type { PagesAudit } from '../audit-pages';
import { labelOf, nameOf } from '../audit-pages';
import type { AuditTarget } from '../audit-target';
import { CliError, ErrorPageError } from '../cli-error';
import type { Io } from '../io';
import { ProgressBar } from '../output/progress-bar';
import type { CitableApi } from './api-client';
import { auditRemotely, RemoteAuditFailed } from './remote-audit';

/**
 * The pages of `citable audit` audited on the server, one after the other (the server runs one
 * audit per account at a time). One page fails as a local audit does (an error page throws
 * ErrorPageError); with many, a page the server could not audit is recorded and the run goes on,
 * but an error of the API (RemoteApiError: a refusal of the key, the plan, a rate limit or an unreachable server) stops it. A line on
 * a terminal's stderr shows the run's progress; Ctrl-C (the signal) stops waiting.
 */
export async function auditPagesRemotely(targets: AuditTarget[], many: boolean, api: CitableApi, io: Io, signal: AbortSignal): Promise<PagesAudit> {
  for (const target of targets) {
    if (target.kind !== 'url') throw new CliError(`remote mode audits URLs, not ${target.kind === 'file' ? `files (${target.path})` : 'standard input'}; unset CITABLE_API_KEY to audit it locally`);
  }
  const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  const audit: PagesAudit = { audited: [], errorPages: [], failed: [] };
  try {
    for (const [index, target] of targets.entries()) {
      const note = (run: AuditRun) => `${many ? `page ${index + 1}/${targets.length} ` : ''}${run.status} on ${api.server}: ${nameOf(target)}`;
      try {
        const { result } = await auditRemotely(api, nameOf(target), { signal, onProgress: (run) => bar?.update(run.progress.done, run.progress.total ?? 1, note(run)) });
        audit.audited.push({ target, label: labelOf(target, result), result });
      } catch (error) {
        if (!many) throw error;
        if (error instanceof ErrorPageError) audit.errorPages.push(error.errorPage);
        else if (error instanceof RemoteAuditFailed) audit.failed.push({ url: nameOf(target), message: error.reason });
        else throw error;
      }
    }
  } finally {
    bar?.clear();
  }
  return audit;
}
