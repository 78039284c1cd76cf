import { TOOLS, type AuditInsightsResult, type CheckChange, type ToolScope } from '@citable/contract';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { TextAreaField } from '../../../components/ui/field';
import { EmptyResult, ResultCard, Stat } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { ScopeFields, WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import { targetUrl } from '../lib/site-url';
import type { ToolScreenProps } from './screen-types';

const tool = TOOLS.audit;

const SUBSCORE_LABELS = {
  aiUnderstanding: 'AI Understanding',
  citationLikelihood: 'Citation Likelihood',
  conversationalReadiness: 'Conversational Readiness',
  contentStructure: 'Content Structure',
} as const;

const signed = (n: number) => (n === 0 ? 'no change' : `${n > 0 ? '+' : ''}${n}`);

/**
 * The audit tool's page: audits a page (or pasted content) now and compares it, check by check,
 * with the user's previous audit of the same address (enhanced-audit-insights). The overview's
 * audit is the one that is saved to the history.
 */
export function AuditScreen({ profile, onComplete }: ToolScreenProps) {
  const [source, setSource] = useState<'website' | 'content'>('website');
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [scope, setScope] = useState<ToolScope>('site');
  const [path, setPath] = useState('');
  const [content, setContent] = useState('');
  const runner = useToolRun('enhanced-audit-insights', onComplete);
  const sourceName = useId();

  const canRun = source === 'website' ? website !== '' : content.trim() !== '';
  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={canRun}
      missing={source === 'website' ? 'Choose a website.' : 'Paste the content to audit.'}
      running={runner.running}
      error={runner.error}
      onRun={() => runner.run(source === 'website' ? { url: targetUrl(website, scope, path) } : { content })}
      onRunAgain={runner.runAgain}
      note="Compares the audit with your previous audit of the same address. Audits run from the Overview are the ones kept in your history."
      results={runner.result ? <InsightResults result={runner.result} /> : null}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Source</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={sourceName} checked={source === 'website'} onChange={() => setSource('website')} className="size-4 accent-primary-600" />
            Website URL
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={sourceName} checked={source === 'content'} onChange={() => setSource('content')} className="size-4 accent-primary-600" />
            Paste content
          </label>
        </div>
      </fieldset>
      {source === 'website' ? (
        <div className="grid gap-4 md:grid-cols-2">
          <WebsiteSelect profile={profile} value={website} onChange={setWebsite} />
          <ScopeFields website={website} scope={scope} path={path} onScope={setScope} onPath={setPath} />
        </div>
      ) : (
        <TextAreaField label="Content" hint="HTML, Markdown or plain text." rows={8} value={content} onChange={(event) => setContent(event.target.value)} />
      )}
    </ToolPage>
  );
}

function InsightResults({ result }: { result: AuditInsightsResult }) {
  const trendTone = result.trend === 'improved' ? 'secondary' : result.trend === 'declined' ? 'accent' : 'neutral';
  return (
    <div className="space-y-4">
      <ResultCard
        title="Score"
        actions={
          result.trend ? (
            <Badge tone={trendTone} className="capitalize">
              {result.trend}
            </Badge>
          ) : undefined
        }
      >
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Now" value={result.currentScore} />
          <Stat
            label="Previous audit"
            value={result.previousScore ?? '–'}
            hint={result.scoreDelta === null ? 'No earlier audit of this address' : result.scoreDelta === 0 ? 'No change' : `${signed(result.scoreDelta)} points`}
          />
          <Stat label="With the top fixes" value={result.potentialScore} />
        </dl>
        <ScoreBar value={result.currentScore} label="Overall score" className="mt-4" />
        {result.subscoreDeltas ? (
          <>
            <h4 className="mt-5 text-sm font-semibold text-slate-700">Change per subscore since the previous audit</h4>
            <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              {(Object.keys(SUBSCORE_LABELS) as (keyof typeof SUBSCORE_LABELS)[]).map((id) => (
                <div key={id} className="flex justify-between rounded-lg bg-slate-50 px-3 py-2">
                  <dt className="text-slate-700">{SUBSCORE_LABELS[id]}</dt>
                  <dd className="font-semibold tabular-nums text-slate-900">{signed(result.subscoreDeltas![id])}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </ResultCard>

      <ResultCard title="Fix these first" testId="audit-top-fixes">
        {result.topFixes.length === 0 ? (
          <EmptyResult>Every check passes.</EmptyResult>
        ) : (
          <ol className="space-y-3">
            {result.topFixes.map((fix) => (
              <li key={fix.checkId} className="rounded-xl bg-slate-50 px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{fix.title}</p>
                  <span className="flex items-center gap-2">
                    <Badge tone={fix.priority === 'High' ? 'accent' : 'neutral'}>{fix.priority}</Badge>
                    <span className="text-sm font-semibold text-amber-800">+{fix.pointsLost} points</span>
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">{fix.suggestion}</p>
              </li>
            ))}
          </ol>
        )}
      </ResultCard>

      {result.previousScore !== null ? (
        <div className="grid gap-4 md:grid-cols-2">
          <ChangeList title="Fixed since last time" changes={result.fixed} />
          <ChangeList title="New failures" changes={result.newFailures} />
          <ChangeList title="Improved" changes={result.improved} />
          <ChangeList title="Regressed" changes={result.regressed} />
        </div>
      ) : null}
    </div>
  );
}

function ChangeList({ title, changes }: { title: string; changes: CheckChange[] }) {
  return (
    <ResultCard title={`${title} (${changes.length})`}>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {changes.map((change) => (
            <li key={change.checkId} className="flex justify-between gap-3">
              <span className="text-slate-800">{change.title}</span>
              <span className="shrink-0 tabular-nums text-slate-600">
                {change.previousScore ?? '–'} → {change.currentScore ?? '–'} ({change.pointsChange > 0 ? '+' : ''}
                {change.pointsChange} pts)
              </span>
            </li>
          ))}
        </ul>
      )}
    </ResultCard>
  );
}
