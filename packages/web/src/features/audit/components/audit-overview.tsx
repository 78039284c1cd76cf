import { useEffect, useMemo, useRef, useState } from 'react';
import { AUDIT_MESSAGES, resolveSite, sameMeasurement, siteScoreAudit, type Profile, type SiteRole } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { useAuditRun } from '../hooks/use-audit-run';
import { useAuditRunner } from '../hooks/use-audit-runner';
import { useAuditInFlight, useRecentAudits } from '../hooks/use-recent-audits';
import { autoAuditTarget, type AuditRequestTarget } from '../lib/auto-audit';
import { weeklyTrend } from '../lib/weekly-trend';
import { AuditControls } from './audit-controls';
import { AuditProgress } from './audit-progress';
import { AuditReportView } from './audit-report-view';
import { FirstAuditCta } from './first-audit-cta';
import { RecentAudits } from './recent-audits';

/** The automatic audit on load repeats the last one, but not when it is this fresh (a reload, a quick return). */
const AUTO_AUDIT_MIN_AGE_MS = 60 * 60_000;

/** The profile's websites and competitors, websites first: what an audited address is matched against. */
export function matchableSites(profile: Pick<Profile, 'websites' | 'competitors'>) {
  return [...profile.websites.map((site) => ({ ...site, role: 'website' as SiteRole })), ...profile.competitors.map((site) => ({ ...site, role: 'competitor' as SiteRole }))];
}

interface AuditOverviewProps {
  userId: string;
  profile: Profile;
  /** The website chosen in the controls ('' for none): the score, trend and list shown are its own (issue 19). */
  website: string;
  onWebsiteChange: (url: string) => void;
}

/** The overview's audit: controls, progress, the selected website's score and its detail, and its recent audits. */
export function AuditOverview({ userId, profile, website, onWebsiteChange }: AuditOverviewProps) {
  const recent = useRecentAudits(userId, website || undefined);
  const inFlight = useAuditInFlight(userId, website || undefined);
  const runner = useAuditRunner(inFlight.data ?? null);
  const { readOnly } = useScopeAccess();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [missingWebsite, setMissingWebsite] = useState<string | null>(null);
  const audits = recent.data ?? [];
  const running = runner.state === 'running';
  const sites = useMemo(() => matchableSites(profile), [profile]);
  const selectedSite = profile.websites.find((site) => site.url === website) ?? null;
  // The run followed (started here, or found in flight: "Audit now", monitoring, another tab) and the site it audits.
  const runUrl = runner.run?.website_url ?? null;
  const runSite = resolveSite(sites, runUrl);
  const runIsSelected = selectedSite !== null && runSite?.url === selectedSite.url;
  const runName = runSite?.name ?? runUrl ?? 'your site';

  const run = (target: AuditRequestTarget) => {
    setMissingWebsite(null);
    setSelectedId(null);
    runner.start(target);
  };

  // The flag left by the first audit starts one on the next overview load (spec 001 §4).
  const autoChecked = useRef(false);
  useEffect(() => {
    if (autoChecked.current || !recent.isSuccess) return;
    autoChecked.current = true;
    // A read-only role never starts one: the server would refuse it (issue 33).
    if (inFlight.data || readOnly) return;
    const target = autoAuditTarget();
    const newest = recent.data[0];
    if (!target || !newest || Date.now() - Date.parse(newest.created_at) < AUTO_AUDIT_MIN_AGE_MS) return;
    // Only an audit of the user's own website repeats itself, never a competitor's under the same host.
    if (resolveSite(sites, target.url)?.role === 'website') run(target);
  });

  // Only the selected website's audits are shown: a finished run of another site (a competitor's) never is.
  // By default the site's score, its newest site audit, never a newer page audit (issue 30).
  const shownId = selectedId ?? (runner.state === 'result' && runIsSelected ? runner.runId : null) ?? siteScoreAudit(audits)?.id ?? audits[0]?.id ?? null;
  const shown = useAuditRun(shownId);
  const report = shown.data?.status === 'completed' ? shown.data.result : undefined;

  const runFirst = () => {
    const target = selectedSite ?? profile.websites[0];
    if (!target) setMissingWebsite(AUDIT_MESSAGES.selectWebsite);
    else run({ url: target.url, scope: 'site' });
  };
  const selectWebsite = (url: string) => {
    setSelectedId(null);
    onWebsiteChange(url);
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="audit-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="audit-panel">
        <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
          AI Visibility Score
        </h2>
        <p className="mt-1 text-sm text-slate-600">How well AI answer engines can understand, retrieve and cite your website.</p>
        <div className="mt-5">
          <AuditControls websites={profile.websites} plan={profile.plan} running={running} onRun={run} onMissingWebsite={setMissingWebsite} onWebsiteChange={selectWebsite} />
        </div>
        <div className="mt-5 space-y-4">
          {running && <AuditProgress run={runner.run} site={runName} />}
          {missingWebsite && (
            <Alert tone="error" testId="audit-error">
              {missingWebsite}
            </Alert>
          )}
          {runner.state === 'error' && (
            <Alert tone="error" testId="audit-error">
              <p className="font-medium">{AUDIT_MESSAGES.failed}</p>
              {runner.error && <p className="mt-0.5">{runner.error}</p>}
            </Alert>
          )}
        </div>
        <div className="mt-6">
          {recent.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading your audits...
            </p>
          ) : recent.isError ? (
            <div className="space-y-3">
              <Alert tone="error">Your audits could not be loaded.</Alert>
              <Button variant="outline" size="sm" onClick={() => void recent.refetch()}>
                Try again
              </Button>
            </div>
          ) : report && shown.data ? (
            <AuditReportView
              run={shown.data}
              report={report}
              // A trend compares like with like: audits of the same kind, address and page count as the one shown.
              trend={weeklyTrend(audits.filter((audit) => sameMeasurement({ kind: audit.kind, url: audit.website_url, pageCount: audit.page_count }, { kind: report.kind, url: shown.data.website_url, pageCount: report.pageCount })))}
              noSiteAudit={report.kind !== 'site' && siteScoreAudit(audits) === null ? (selectedSite?.name ?? shown.data.website_url ?? 'This website') : null}
            />
          ) : audits.length === 0 && !(running && runIsSelected) ? (
            <FirstAuditCta onRun={runFirst} disabled={running} siteName={selectedSite?.name} />
          ) : shown.isPending && shownId ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading the audit...
            </p>
          ) : null}
        </div>
      </section>
      {audits.length > 0 && <RecentAudits audits={audits} selectedId={shownId} onSelect={setSelectedId} />}
    </div>
  );
}
