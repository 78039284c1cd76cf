import { TOOLS, TOOL_MESSAGES, type CompetitorDiscoveryInput, type CompetitorDiscoveryResult, type CompetitorType } from '@citable/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { EmptyResult, ResultCard } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import type { ToolScreenProps } from './screen-types';
import { SkippedErrorPages } from '../components/skipped-error-pages';

const tool = TOOLS.discovery;

type Depth = NonNullable<CompetitorDiscoveryInput['analysisDepth']>;
const DEPTHS: { value: Depth; label: string }[] = [
  { value: 'basic', label: 'Basic: 5 pages, 5 candidate sites' },
  { value: 'standard', label: 'Standard: 10 pages, 10 candidate sites' },
  { value: 'deep', label: 'Deep: 20 pages, 15 candidate sites' },
];
const TYPE_TONES: Record<CompetitorType, 'primary' | 'secondary' | 'neutral'> = { direct: 'primary', content: 'secondary', adjacent: 'neutral' };

export function DiscoveryScreen({ profile, onComplete }: ToolScreenProps) {
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [industry, setIndustry] = useState(profile.industry ?? '');
  const [businessDescription, setBusinessDescription] = useState(profile.business_description ?? '');
  const [analysisDepth, setAnalysisDepth] = useState<Depth>('standard');
  const runner = useToolRun('competitor-discovery', onComplete);

  const run = () =>
    runner.run({
      url: website,
      analysisDepth,
      existingCompetitors: profile.competitors.map((c) => c.url),
      ...(industry.trim() ? { industry: industry.trim() } : {}),
      ...(businessDescription.trim() ? { businessDescription: businessDescription.trim() } : {}),
    });

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={website !== ''}
      missing="Choose a website."
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      note="Candidates are the sites your pages link to and the organisations they name; each is read and ranked by how closely its content matches yours. Competitors you already track are left out."
      results={runner.result ? <DiscoveryResults result={runner.result} /> : null}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <WebsiteSelect profile={profile} value={website} onChange={setWebsite} />
        <SelectField label="Analysis depth" value={analysisDepth} onChange={(event) => setAnalysisDepth(event.target.value as Depth)}>
          {DEPTHS.map((depth) => (
            <option key={depth.value} value={depth.value}>
              {depth.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Industry" value={industry} onChange={(event) => setIndustry(event.target.value)} />
      </div>
      <TextAreaField label="Business description" rows={3} value={businessDescription} onChange={(event) => setBusinessDescription(event.target.value)} />
    </ToolPage>
  );
}

function DiscoveryResults({ result }: { result: CompetitorDiscoveryResult }) {
  return (
    <div className="space-y-4">
      <ResultCard title={`Competitor suggestions (${result.totalSuggestions})`} testId="discovery-results">
        {result.competitorSuggestions.length === 0 ? (
          <EmptyResult>{TOOL_MESSAGES.noCompetitorSuggestions}</EmptyResult>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Site
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="w-48 py-2 pr-4 font-semibold">
                    Relevance
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Why
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.competitorSuggestions.map((suggestion) => (
                  <tr key={suggestion.url} className="align-top">
                    <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                      <p>{suggestion.name}</p>
                      <a href={suggestion.url} target="_blank" rel="noopener noreferrer" className="text-xs font-normal text-primary-700 underline">
                        {suggestion.url}
                      </a>
                    </th>
                    <td className="py-3 pr-4">
                      <Badge tone={TYPE_TONES[suggestion.type]} className="capitalize">
                        {suggestion.type}
                      </Badge>
                    </td>
                    <td className="py-3 pr-4">
                      <ScoreBar value={suggestion.relevanceScore} label={`Relevance of ${suggestion.name}`} neutral />
                    </td>
                    <td className="py-3 text-slate-700">{suggestion.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ResultCard>
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}
