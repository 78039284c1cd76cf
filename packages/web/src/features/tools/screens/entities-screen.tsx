import { TOOL_MAX_COMPETITORS, TOOLS, type CoveredEntity, type EntityCoverageResult, type ToolScope } from '@citable/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { TextField } from '../../../components/ui/field';
import { EmptyResult, ResultCard, Stat } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { CheckboxGroup, ScopeFields, WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import { hostOf, targetUrl } from '../lib/site-url';
import type { ToolScreenProps } from './screen-types';
import { SkippedErrorPages } from '../components/skipped-error-pages';

const tool = TOOLS.entities;

export function EntitiesScreen({ profile, onComplete }: ToolScreenProps) {
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [scope, setScope] = useState<ToolScope>('site');
  const [path, setPath] = useState('');
  const [industry, setIndustry] = useState(profile.industry ?? '');
  const stored = profile.competitors.slice(0, TOOL_MAX_COMPETITORS);
  const [competitors, setCompetitors] = useState(stored.map((c) => c.url));
  const runner = useToolRun('entity-coverage-analyzer', onComplete);

  const canRun = website !== '' && competitors.length > 0;
  const run = () => runner.run({ url: targetUrl(website, scope, path), competitors, ...(industry.trim() ? { industry: industry.trim() } : {}) });

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={canRun}
      missing={website === '' ? 'Choose a website.' : 'Choose at least one competitor (add them in Settings).'}
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      results={runner.result ? <EntityResults result={runner.result} requested={competitors.length} /> : null}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <WebsiteSelect profile={profile} value={website} onChange={setWebsite} />
        <ScopeFields website={website} scope={scope} path={path} onScope={setScope} onPath={setPath} />
        <TextField label="Industry" value={industry} onChange={(event) => setIndustry(event.target.value)} hint="From your profile; used to word the recommendations." />
      </div>
      <CheckboxGroup
        legend={`Compare with (up to ${TOOL_MAX_COMPETITORS} competitors)`}
        options={stored.map((c) => ({ value: c.url, label: `${c.name} (${hostOf(c.url)})` }))}
        value={competitors}
        onChange={setCompetitors}
        max={TOOL_MAX_COMPETITORS}
        hint={stored.length === 0 ? 'You have no competitors yet: add them in Settings.' : "Each competitor's home page is compared with your page."}
      />
    </ToolPage>
  );
}

function EntityResults({ result, requested }: { result: EntityCoverageResult; requested: number }) {
  return (
    <div className="space-y-4">
      <ResultCard title="Coverage">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Coverage score" value={result.coverageScore} hint="Share of the competitors' entities your page names" />
          <Stat label="Mentioned" value={result.mentionedCount} />
          <Stat label="Missing" value={result.missingCount} />
        </dl>
        <ScoreBar value={result.coverageScore} label="Coverage score" className="mt-4" />
        {result.competitorsAnalyzed < requested ? (
          <p className="mt-3 text-sm text-amber-800">
            {result.competitorsAnalyzed} of {requested} competitor pages could be read; the others are left out.
          </p>
        ) : null}
      </ResultCard>
      <EntityTable title="Missing entities" entities={result.missingEntities} empty="Your page names every entity your competitors do." testId="entities-missing" />
      <EntityTable title="Mentioned entities" entities={result.mentionedEntities} empty="No named entities were found on your page." testId="entities-mentioned" />
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}

function EntityTable({ title, entities, empty, testId }: { title: string; entities: CoveredEntity[]; empty: string; testId: string }) {
  return (
    <ResultCard title={title} testId={testId}>
      {entities.length === 0 ? (
        <EmptyResult>{empty}</EmptyResult>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Entity
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Type
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Your page
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Competitors
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entities.map((entity) => (
                <tr key={`${entity.type}-${entity.name}`} className="align-top">
                  <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                    {entity.name}
                  </th>
                  <td className="py-3 pr-4">
                    <Badge className="capitalize">{entity.type}</Badge>
                  </td>
                  <td className="py-3 pr-4 tabular-nums">{entity.userMentions}</td>
                  <td className="py-3 pr-4 tabular-nums">{entity.competitorCount}</td>
                  <td className="py-3 text-slate-700">
                    <p>{entity.description}</p>
                    {entity.recommendations.length > 0 ? (
                      <ul className="mt-1 list-disc space-y-0.5 pl-4 text-slate-600">
                        {entity.recommendations.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ResultCard>
  );
}
