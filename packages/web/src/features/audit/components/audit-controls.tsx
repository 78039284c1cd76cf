import { useId, useState, type FormEvent } from 'react';
import { AUDIT_MESSAGES, type AuditScope, type SiteEntry } from '@citable/contract';
import { Play } from 'lucide-react';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { auditTarget } from '../lib/audit-target';
import type { AutoAuditTarget } from '../lib/auto-audit';

interface AuditControlsProps {
  websites: SiteEntry[];
  running: boolean;
  onRun: (target: AutoAuditTarget) => void;
  /** "Please select a website first" belongs beside the controls. */
  onMissingWebsite: (message: string) => void;
}

/** Website, scope (whole site or one page, spec 001 §5) and the Run Audit button. */
export function AuditControls({ websites, running, onRun, onMissingWebsite }: AuditControlsProps) {
  const [website, setWebsite] = useState(websites[0]?.url ?? '');
  const [scope, setScope] = useState<AuditScope>('site');
  const [path, setPath] = useState('');
  const scopeName = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!website) return onMissingWebsite(AUDIT_MESSAGES.selectWebsite);
    onRun({ url: auditTarget(website, scope, path), scope });
  };

  return (
    <form onSubmit={submit} className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_auto_auto] lg:items-end" aria-label="Run an AI Visibility Audit">
      <SelectField label="Website" value={website} onChange={(event) => setWebsite(event.target.value)} disabled={running}>
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
      <Button type="submit" size="lg" className="h-10" disabled={running}>
        {running ? <Spinner className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        {running ? 'Running audit...' : 'Run Audit'}
      </Button>
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
