import type { CitationTracking, Profile } from '@citable/contract';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { useTracking, useTrackPrompts, useUntrackPrompt } from '../../hooks/use-tracking';
import { defaultDomain } from '../../lib/format';
import { cadence, engineSummary, noRunsText, scheduleLabel } from '../../lib/tracking-format';
import { Panel } from '../panel';
import { TrackingHistory } from './tracking-history';
import { useScopeAccess } from '../../../../hooks/use-scope-access';

const dateTime = (date: Date) => date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const hostOf = (url: string) => defaultDomain([{ url }]);

/**
 * Tracked prompts (issue 21): the questions a website is followed on, asked of every answer engine
 * the plan allows on its schedule, with the run going on and the history they build up.
 */
export function TrackedPrompts({ profile }: { profile: Profile }) {
  const websites = profile.websites.map((website) => ({ name: website.name, domain: hostOf(website.url) })).filter((website) => website.domain !== '');
  const [domain, setDomain] = useState(websites[0]?.domain ?? '');
  const tracking = useTracking();
  const site = tracking.data?.sites.find((entry) => entry.domain === domain);

  if (websites.length === 0) {
    return (
      <Panel title="Tracked prompts" testId="tracked-prompts">
        <p className="text-sm text-slate-600">Add a website under Settings to track the prompts your buyers ask about it.</p>
      </Panel>
    );
  }
  return (
    <div className="space-y-4">
      <Panel
        title="Tracked prompts"
        testId="tracked-prompts"
        action={
          websites.length > 1 ? (
            <SelectField label="Website" hideLabel value={domain} onChange={(event) => setDomain(event.target.value)} data-testid="tracked-website">
              {websites.map((website) => (
                <option key={website.domain} value={website.domain}>
                  {website.name} ({website.domain})
                </option>
              ))}
            </SelectField>
          ) : null
        }
      >
        {tracking.isPending ? (
          <Spinner />
        ) : tracking.isError ? (
          <Alert tone="error">Could not load the tracked prompts. {errorMessage(tracking.error)}</Alert>
        ) : (
          <TrackedSiteView tracking={tracking.data} domain={domain} />
        )}
      </Panel>
      <TrackingHistory domain={domain} lastRunAt={site?.lastRunAt ?? null} noRuns={noRunsText(domain, site, tracking.data?.engines)} />
    </div>
  );
}

function TrackedSiteView({ tracking, domain }: { tracking: CitationTracking; domain: string }) {
  const site = tracking.sites.find((entry) => entry.domain === domain);
  const prompts = site?.prompts ?? [];
  const engines = engineSummary(tracking.engines);
  const [draft, setDraft] = useState('');
  const add = useTrackPrompts();
  const remove = useUntrackPrompt();
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  const lines = draft
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0 || add.isPending) return;
    add.mutate({ domain, prompts: lines }, { onSuccess: () => setDraft('') });
  };
  const error = add.error ?? remove.error;
  const full = prompts.length >= tracking.limits.trackedPrompts;

  return (
    <div className="space-y-4">
      {tracking.engines.some((engine) => engine.status === 'on') ? (
        <p className="text-sm text-slate-700" data-testid="tracked-engines">
          Asked {cadence(tracking.limits.intervalDays)} of <span className="font-medium text-slate-900">{engines.asked}</span>, three times per prompt.
          {engines.notSetUp ? <> {engines.notSetUp}.</> : null}
          {engines.notInPlan ? <> {engines.notInPlan}.</> : null}
        </p>
      ) : (
        <Alert tone="info" testId="tracked-engines">
          No answer engine is set up on this server, so tracked prompts are not asked of ChatGPT, Claude, Gemini, Perplexity or any AI model, and no mention rate is measured. Check now, below, still searches the communities this server has for your brand.
        </Alert>
      )}
      {site ? <RunStatus site={site} /> : null}
      {prompts.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="tracked-empty">
          No prompts tracked for {domain} yet. Add the questions your buyers ask an assistant; each one is asked {cadence(tracking.limits.intervalDays)} without anyone pressing a button.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="tracked-list">
          {prompts.map((prompt) => (
            <li key={prompt.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-slate-800">
              <span className="min-w-0 break-words">{prompt.prompt}</span>
              <Button variant="ghost" size="icon" aria-label={`Stop tracking ${prompt.prompt}`} onClick={() => remove.mutate(prompt.id)} disabled={remove.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="space-y-2">
        <TextAreaField
          label="Add prompts"
          hint={`One per line. ${prompts.length} of ${tracking.limits.trackedPrompts} tracked for this website.`}
          rows={3}
          placeholder="Which SEO crawler should a small agency use?"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          disabled={full}
          data-testid="tracked-add-input"
        />
        <Button type="submit" variant="outline" disabled={lines.length === 0 || add.isPending || full || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} data-testid="tracked-add">
          {add.isPending ? 'Adding...' : lines.length > 1 ? `Track ${lines.length} prompts` : 'Track prompt'}
        </Button>
      </form>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

function RunStatus({ site }: { site: CitationTracking['sites'][number] }) {
  const label = scheduleLabel(site, new Date(), dateTime);
  const running = site.running;
  return (
    <div className="space-y-1" data-testid="tracked-schedule">
      <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
        {running ? <Spinner /> : null}
        {label}
        {site.lastRunAt && !running ? <span className="text-slate-500"> · last run {dateTime(new Date(site.lastRunAt))}</span> : null}
      </p>
      {running && running.asksPlanned > 0 ? (
        <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Answers collected in this run" aria-valuemin={0} aria-valuemax={running.asksPlanned} aria-valuenow={running.asksDone}>
          <div className="h-2 rounded-full bg-primary-600" style={{ width: `${Math.min(100, Math.round((running.asksDone / running.asksPlanned) * 100))}%` }} />
        </div>
      ) : null}
      {site.lastError ? <p className="text-sm text-red-700">{site.lastError}</p> : null}
    </div>
  );
}
