import { Sparkles } from 'lucide-react';
import { AUDIT_RUN_MESSAGES } from '@citable/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useScopeAccess } from '../../../hooks/use-scope-access';

/**
 * Shown until the first audit exists (spec 001 §2). With `siteName`, the website chosen in the
 * controls has no audit yet: the call to action names it, so an empty ring is never mistaken for
 * another site's score (issue 19).
 */
export function FirstAuditCta({ onRun, disabled, siteName }: { onRun: () => void; disabled: boolean; siteName?: string }) {
  const access = useScopeAccess();
  const readOnlyId = useId();
  return (
    <div className="rounded-xl border border-dashed border-primary-300 bg-primary-50/60 p-6 text-center" data-testid="first-audit-cta">
      <Sparkles aria-hidden="true" className="mx-auto size-8 text-primary-600" />
      <h3 className="mt-3 text-lg font-semibold text-slate-900" data-testid="first-audit-title">
        {siteName ? AUDIT_RUN_MESSAGES.noAuditYet(siteName) : 'Run your first AI Visibility Audit'}
      </h3>
      <p className="mx-auto mt-1 max-w-xl text-sm text-slate-600">
        Citable reads your site the way AI answer engines do and scores how well they can understand, retrieve and cite it, with a fix for every point lost.
      </p>
      <Button className="mt-4" onClick={onRun} disabled={disabled || access.readOnly} title={access.reason ?? undefined} aria-describedby={access.readOnly ? readOnlyId : undefined}>
        {siteName ? `Audit ${siteName}` : 'Audit my website'}
      </Button>
      {access.reason ? <ReadOnlyNote id={readOnlyId} reason={access.reason} className="mt-2 justify-center" /> : null}
    </div>
  );
}
