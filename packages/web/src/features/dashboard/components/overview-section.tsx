import { useMemo, useState } from 'react';
import { siteScoreAudit } from '@citable/contract';
import { AuditOverview, useRecentAudits } from '../../audit';
import { InsightsCard } from '../../insights';
import { GiveFeedback } from '../../feedback';
import { FirstTimeWalkthrough, TakeTour } from '../../tour';
import { firstName } from '../../../lib/display-name';
import { useClientScope } from '../../../stores/client-scope';
import { greetingFor } from '../lib/greeting';
import type { SectionProps } from '../sections/section-types';
import { GoalsCard } from './goals-card';
import { ScoreTrendCard } from './score-trend-card';
import { WebsiteCard } from './website-card';

export function OverviewSection({ user, profile }: SectionProps) {
  const greeting = useMemo(() => greetingFor(new Date()), []);
  // A selected client's profile carries the client's name; the greeting is for the person signed in.
  const { clientId } = useClientScope();
  const name = firstName(clientId ? null : profile.full_name, user.name, user.email);
  // The website chosen in the audit panel: the score, trend, recent audits and goal progress are its own (issue 19).
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  // The same cached query as the audit panel's: goals measure progress with the website's newest audit.
  const audits = useRecentAudits(user.id, website || undefined);
  const siteName = profile.websites.find((site) => site.url === website)?.name ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="dashboard-greeting">
            {greeting}, {name}
          </h1>
          <p className="mt-1 text-slate-600">Your AI visibility at a glance: run an audit, fix what costs the most, track your goals.</p>
        </div>
        <div className="flex gap-2">
          <TakeTour plan={profile.plan} />
          <GiveFeedback />
        </div>
      </div>
      <AuditOverview userId={user.id} profile={profile} website={website} onWebsiteChange={setWebsite} />
      {/* The selected website's own scores over its recent comparable audits (issue 19 item 5). */}
      {audits.isError ? null : <ScoreTrendCard siteName={siteName} audits={audits.data} />}
      <InsightsCard userId={user.id} website={website || undefined} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <WebsiteCard userId={user.id} profile={profile} />
        {/* Goals measure the site's score: its latest site audit, never a newer page audit (issue 30). */}
        <GoalsCard profile={profile} latestAudit={siteScoreAudit(audits.data ?? [])} hasAudits={(audits.data?.length ?? 0) > 0} />
      </div>
      <FirstTimeWalkthrough plan={profile.plan} />
    </div>
  );
}
