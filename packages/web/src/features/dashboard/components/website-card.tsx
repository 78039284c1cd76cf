import type { Profile, SiteEntry } from '@citable/contract';
import { ExternalLink, Globe, Pencil, Swords } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useUiState } from '../../../stores/ui-state';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function SiteList({ title, icon: Icon, entries, empty }: { title: string; icon: typeof Globe; entries: SiteEntry[]; empty: string }) {
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
                <span className="truncate">{hostOf(entry.url)}</span>
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function WebsiteCard({ profile }: { profile: Profile }) {
  const { setSettingsOpen } = useUiState();
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
      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <SiteList title="Your websites" icon={Globe} entries={profile.websites} empty="No websites yet." />
        <SiteList title="Competitors" icon={Swords} entries={profile.competitors} empty="No competitors yet." />
      </div>
    </section>
  );
}
