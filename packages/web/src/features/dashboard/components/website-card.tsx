import type { MonitoredSite, Profile, SiteEntry } from '@citable/contract';
import { AlertTriangle, ExternalLink, Globe, Pencil, Swords } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useUiState } from '../../../stores/ui-state';
import { useMonitoredSites } from '../api/monitoring';

/** The host, and the path when the site is one (a competitor under another path of a shared host is told apart). */
function addressLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url;
  }
}

/** Why the latest scheduled audit of a site failed; nothing while monitoring goes well. */
function MonitoringFailure({ site }: { site: MonitoredSite | undefined }) {
  if (!site?.failure) return null;
  const next = site.nextRunAt ? new Date(site.nextRunAt).toLocaleString() : null;
  return (
    <p role="status" className="mt-1.5 flex items-start gap-1.5 text-sm text-amber-800" data-testid="monitoring-failure">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Monitoring could not audit this site: {site.failure}
        {next ? <span className="text-slate-600"> Next check: {next}.</span> : null}
      </span>
    </p>
  );
}

function SiteList({
  title,
  icon: Icon,
  entries,
  empty,
  monitored,
}: {
  title: string;
  icon: typeof Globe;
  entries: SiteEntry[];
  empty: string;
  monitored: ReadonlyMap<string, MonitoredSite>;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <Icon aria-hidden="true" className="size-4 text-slate-500" />
        {title} <span className="font-normal text-slate-500">({entries.length})</span>
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {entries.map((entry) => (
            <li key={`${entry.name}-${entry.url}`} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
              <p className="truncate font-medium text-slate-900">{entry.name}</p>
              <a
                href={entry.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-0.5 flex w-fit max-w-full min-w-0 items-center gap-1 rounded text-sm text-primary-700 hover:text-primary-800 hover:underline"
              >
                <span className="truncate">{addressLabel(entry.url)}</span>
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <MonitoringFailure site={monitored.get(entry.url)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function WebsiteCard({ userId, profile }: { userId: string; profile: Profile }) {
  const { setSettingsOpen } = useUiState();
  // Best effort: without it (loading, or an error) the card lists the sites as before.
  const { data } = useMonitoredSites(userId);
  const monitored = new Map((data?.sites ?? []).map((site) => [site.url, site]));
  return (
    <section aria-labelledby="websites-card-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="website-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="websites-card-title" className="text-lg font-semibold text-slate-900">
            Websites and competitors
          </h2>
          <p className="mt-1 text-sm text-slate-600">{profile.industry ?? 'No industry set'}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      </div>
      <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SiteList title="Your websites" icon={Globe} entries={profile.websites} empty="No websites yet." monitored={monitored} />
        <SiteList title="Competitors" icon={Swords} entries={profile.competitors} empty="No competitors yet." monitored={monitored} />
      </div>
    </section>
  );
}
