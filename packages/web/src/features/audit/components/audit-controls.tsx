import { useId, useState, type FormEvent } from 'react';
import { AUDIT_MESSAGES, SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_PAGE_LIMITS, type AuditScope, type PlanId, type SiteEntry } from '@citable/contract';
import { Play } from 'lucide-react';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { auditTarget } from '../lib/audit-target';
import type { AuditRequestTarget } from '../lib/auto-audit';

interface AuditControlsProps {
  websites: SiteEntry[];
  /** The plan whose page limit caps a site audit. */
  plan: PlanId;
  running: boolean;
  onRun: (target: AuditRequestTarget) => void;
  /** "Please select a website first" belongs beside the controls. */
  onMissingWebsite: (message: string) => void;
  /** Told when the website changes: the overview shows the chosen website's own score (issue 19). */
  onWebsiteChange?: (url: string) => void;
}

/** The pages a site audit reads unless the user chooses: the default, within the plan's limit. */
export function defaultSitePages(plan: PlanId): number {
  return Math.min(SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_PAGE_LIMITS[plan]);
}

/** The number typed in "Pages to audit", or the message that says what is wrong with it. */
export function parseSitePages(value: string, plan: PlanId): { pages: number } | { error: string } {
  const limit = SITE_AUDIT_PAGE_LIMITS[plan];
  const pages = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(pages) || pages < 1) return { error: `Enter a whole number of pages from 1 to ${limit}.` };
  if (pages > limit) return { error: AUDIT_MESSAGES.pageLimit(limit) };
  return { pages };
}

/** Website, scope (whole site or one page, spec 001 §5), the pages a site audit reads, and the Run Audit button. */
export function AuditControls({ websites, plan, running, onRun, onMissingWebsite, onWebsiteChange }: AuditControlsProps) {
  const [website, setWebsite] = useState(websites[0]?.url ?? '');
  const [scope, setScope] = useState<AuditScope>('site');
  const [path, setPath] = useState('');
  const [pages, setPages] = useState(String(defaultSitePages(plan)));
  const [pagesError, setPagesError] = useState<string | undefined>();
  const scopeName = useId();
  const readOnlyId = useId();
  // A read-only role (a client of an agency) sees the scores but cannot start an audit: the server would refuse it.
  const access = useScopeAccess();
  const limit = SITE_AUDIT_PAGE_LIMITS[plan];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (access.readOnly) return;
    if (!website) return onMissingWebsite(AUDIT_MESSAGES.selectWebsite);
    if (scope === 'page') return onRun({ url: auditTarget(website, scope, path), scope });
    const parsed = parseSitePages(pages, plan);
    if ('error' in parsed) return setPagesError(parsed.error);
    setPagesError(undefined);
    onRun({ url: auditTarget(website, scope, path), scope, maxPages: parsed.pages });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_auto_auto] lg:items-end" aria-label="Run an AI Visibility Audit">
      <SelectField
        label="Website"
        value={website}
        onChange={(event) => {
          setWebsite(event.target.value);
          onWebsiteChange?.(event.target.value);
        }}
        disabled={running}
      >
        <option value="">Choose a website</option>
        {websites.map((site) => (
          <option key={site.url} value={site.url}>
            {site.name} ({site.url})
          </option>
        ))}
      </SelectField>
      <fieldset className="min-w-0" disabled={running}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Scope</legend>
        <div className="flex h-10 items-center gap-4">
          {(['site', 'page'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={scopeName} value={value} checked={scope === value} onChange={() => setScope(value)} className="size-4 accent-primary-600" />
              {value === 'site' ? 'Entire site' : 'Specific page'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" className="h-10" disabled={running || access.readOnly} title={access.reason ?? undefined} aria-describedby={access.readOnly ? readOnlyId : undefined} data-testid="audit-run">
        {running ? <Spinner className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        {running ? 'Running audit...' : 'Run Audit'}
      </Button>
      {access.reason ? <ReadOnlyNote id={readOnlyId} reason={access.reason} className="lg:col-span-3" /> : null}
      {scope === 'site' && (
        <TextField
          label="Pages to audit"
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          step={1}
          hint={`Up to ${limit} pages on your plan. Error pages (404, 500) are listed, not scored.`}
          error={pagesError}
          value={pages}
          onChange={(event) => {
            setPages(event.target.value);
            setPagesError(undefined);
          }}
          disabled={running}
          containerClassName="lg:col-span-3 lg:max-w-xs"
          data-testid="audit-max-pages"
        />
      )}
      {scope === 'page' && (
        <TextField
          label="Page path"
          hint={website ? `Audits ${auditTarget(website, 'page', path)}` : 'Appended to the website address'}
          placeholder="/pricing"
          value={path}
          onChange={(event) => setPath(event.target.value)}
          disabled={running}
          containerClassName="lg:col-span-3"
        />
      )}
    </form>
  );
}
