import { AUDIT_RUN_MESSAGES, type AuditRun } from '@citable/contract';
import { Spinner } from '../../../components/ui/spinner';

/** Pages done while a site audit runs; a page audit shows the spinner alone. `site` names what is audited. */
export function AuditProgress({ run, site }: { run: AuditRun | undefined; site?: string }) {
  const done = run?.progress.done ?? 0;
  const total = run?.progress.total;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const siteScope = run?.scope === 'site';
  const text =
    run?.status === 'queued' || !run
      ? site
        ? AUDIT_RUN_MESSAGES.running(site)
        : 'Starting the audit...'
      : siteScope
        ? site
          ? AUDIT_RUN_MESSAGES.progress(site, done, total)
          : `Audited ${done} of ${total ?? '?'} pages`
        : site
          ? AUDIT_RUN_MESSAGES.running(site)
          : 'Auditing the page...';
  return (
    <div className="rounded-xl border border-primary-200 bg-primary-50 p-4" data-testid="audit-progress">
      <p className="flex items-center gap-2 text-sm font-medium text-primary-900" role="status" aria-live="polite">
        <Spinner className="size-4" />
        {text}
      </p>
      {siteScope && (
        <div
          role="progressbar"
          aria-label="Site audit progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${done} of ${total ?? 'unknown'} pages`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-primary-100"
        >
          <div className="h-full rounded-full bg-primary-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
