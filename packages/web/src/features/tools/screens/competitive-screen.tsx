import { planAtLeast, SUBSCORE_IDS, TOOL_MAX_COMPETITORS, TOOLS, TOOL_MESSAGES, type CompetitiveAnalysisResult, type SiteScore } from '@citable/contract';
import { RotateCcw, Swords } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { toolDetails } from '../components/locked-tool';
import { EmptyResult, ResultCard, Stat } from '../components/result-card';
import { scoreTone } from '../components/score-bar';
import { CheckboxGroup, WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import { hostOf } from '../lib/site-url';
import type { ToolScreenProps } from './screen-types';

const tool = TOOLS.competitive;

const SUBSCORE_LABELS: Record<(typeof SUBSCORE_IDS)[number], string> = {
  aiUnderstanding: 'AI Understanding',
  citationLikelihood: 'Citation Likelihood',
  conversationalReadiness: 'Conversational Readiness',
  contentStructure: 'Content Structure',
};

/**
 * Competitive Analysis opens as a modal (spec 001 §2): the website and up to 3 stored competitors
 * are chosen there; the comparison then shows on the page, where it can be run again.
 */
export function CompetitiveScreen({ profile, onComplete }: ToolScreenProps) {
  const allowed = planAtLeast(profile.plan, tool.requiredPlan);
  const [open, setOpen] = useState(allowed);
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const stored = profile.competitors.slice(0, TOOL_MAX_COMPETITORS);
  const [competitors, setCompetitors] = useState(stored.map((c) => c.url));
  const [tried, setTried] = useState(false);
  const runner = useToolRun('competitive-analysis', onComplete);
  const { result, running, error } = runner;

  // A finished comparison replaces the dialog; a failure keeps it open with the reason.
  const shown = useRef(result);
  useEffect(() => {
    if (result && result !== shown.current) setOpen(false);
    shown.current = result;
  }, [result]);

  const complete = website !== '' && competitors.length > 0;
  const run = () => {
    setTried(true);
    if (complete) runner.run({ primaryUrl: website, competitorUrls: competitors });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="tool-page-competitive">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{tool.name}</h1>
          <p className="mt-1 text-slate-600">{tool.description} Every site is audited with the same checks as your own audits.</p>
        </div>
        {allowed ? (
          <div className="flex gap-2">
            {result ? (
              <Button variant="outline" onClick={runner.runAgain} disabled={running} data-testid="tool-run-again">
                <RotateCcw aria-hidden="true" className="size-4" />
                Run Again
              </Button>
            ) : null}
            <Button onClick={() => setOpen(true)} data-testid="competitive-open">
              <Swords aria-hidden="true" className="size-4" />
              {result ? 'Change sites' : 'Choose sites'}
            </Button>
          </div>
        ) : null}
      </header>

      {!allowed ? (
        <UpgradePrompt feature={tool.name} description={toolDetails(tool.id)} requiredPlan={tool.requiredPlan} currentPlan={profile.plan} testId="tool-upgrade" />
      ) : null}

      <div aria-live="polite">
        {running && !open ? (
          <div role="status" className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            <Spinner className="text-primary-600" />
            {TOOL_MESSAGES.running(tool.name)}
          </div>
        ) : result ? (
          <CompetitiveResults result={result} />
        ) : null}
      </div>

      <Modal
        open={open}
        onOpenChange={setOpen}
        title={tool.name}
        description="Audit your site and up to 3 of your competitors with the same checks, then compare."
        testId="competitive-modal"
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={run} disabled={running} data-testid="tool-run">
              {running ? <Spinner className="size-4" /> : null}
              {running ? TOOL_MESSAGES.running(tool.name) : 'Run analysis'}
            </Button>
          </>
        }
      >
        <div className="space-y-5">
          <WebsiteSelect profile={profile} value={website} onChange={setWebsite} label="Your website" autoFocusInDialog />
          <CheckboxGroup
            legend={`Competitors (up to ${TOOL_MAX_COMPETITORS})`}
            options={stored.map((c) => ({ value: c.url, label: `${c.name} (${hostOf(c.url)})` }))}
            value={competitors}
            onChange={setCompetitors}
            max={TOOL_MAX_COMPETITORS}
            hint={stored.length === 0 ? 'You have no stored competitors: add them in Settings.' : undefined}
          />
          {tried && !complete ? <Alert tone="error">{TOOL_MESSAGES.competitiveMissing}</Alert> : null}
          {error && !running ? (
            <Alert tone="error" testId="tool-error">
              <p className="font-medium">{TOOL_MESSAGES.competitiveFailed}</p>
              <p className="mt-1">{error.message}</p>
            </Alert>
          ) : null}
          {running ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4 text-primary-600" />
              Auditing {1 + competitors.length} sites...
            </p>
          ) : null}
        </div>
      </Modal>
    </div>
  );
}

function CompetitiveResults({ result }: { result: CompetitiveAnalysisResult }) {
  const sites: (SiteScore & { you: boolean })[] = [{ ...result.primarySiteAnalysis, you: true }, ...result.competitorAnalyses.map((c) => ({ ...c, you: false }))];
  const { summary, benchmarks } = result;
  const positionTone = summary.competitivePosition === 'Leading' ? 'secondary' : summary.competitivePosition === 'Competitive' ? 'primary' : 'accent';
  return (
    <section aria-labelledby="competitive-results-title" className="space-y-4" data-testid="tool-results">
      <h2 id="competitive-results-title" className="text-xl font-semibold text-slate-900">
        Results
      </h2>
      <ResultCard title="Your position" actions={<Badge tone={positionTone}>{summary.competitivePosition}</Badge>}>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Your score" value={result.primarySiteAnalysis.overallScore} />
          <Stat label="Competitors' average" value={summary.averageCompetitorScore} hint={`${summary.scoreDifference >= 0 ? '+' : ''}${summary.scoreDifference} points for you`} />
          <Stat
            label="Industry average"
            value={benchmarks.industryAverage}
            hint={
              benchmarks.industryAverageSource === 'industry'
                ? 'Latest audits of sites in your industry on Citable'
                : 'Too few sites in your industry yet: the competitors\u2019 average'
            }
          />
        </dl>
      </ResultCard>

      <ResultCard title="Scores side by side">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="competitive-table">
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Site
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Overall
                </th>
                {SUBSCORE_IDS.map((id) => (
                  <th key={id} scope="col" className="py-2 pr-4 font-semibold">
                    {SUBSCORE_LABELS[id]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sites.map((site) => (
                <tr key={site.url} className={site.you ? 'bg-primary-50/60' : undefined}>
                  <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                    {site.name} {site.you ? <span className="text-xs font-normal text-primary-800">(you)</span> : null}
                    <span className="block text-xs font-normal text-slate-600">{hostOf(site.url)}</span>
                  </th>
                  <td className={`py-3 pr-4 text-base font-semibold tabular-nums ${scoreTone(site.overallScore).text}`}>{site.overallScore}</td>
                  {SUBSCORE_IDS.map((id) => (
                    <td key={id} className={`py-3 pr-4 tabular-nums ${scoreTone(site.subscores[id]).text}`}>
                      {site.subscores[id]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ResultCard>

      <ResultCard title="Where competitors earn points you lose">
        {result.checkGaps.length === 0 ? (
          <EmptyResult>No check where a competitor scores better than you.</EmptyResult>
        ) : (
          <ul className="divide-y divide-slate-100">
            {result.checkGaps.map((gap) => (
              <li key={gap.checkId} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-slate-900">{gap.title}</p>
                  <span className="text-sm font-semibold text-amber-800">+{gap.points} points possible</span>
                </div>
                <p className="text-sm text-slate-600">
                  {gap.bestCompetitor} scores {gap.competitorScore} here, you score {gap.yourScore}
                  {gap.competitorsAhead > 1 ? ` (${gap.competitorsAhead} competitors are ahead)` : ''}.
                </p>
                <p className="mt-1 text-sm text-slate-700">{gap.suggestion}</p>
              </li>
            ))}
          </ul>
        )}
      </ResultCard>

      {result.recommendations.length > 0 ? (
        <ResultCard title="Recommendations">
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            {result.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </ResultCard>
      ) : null}
    </section>
  );
}
