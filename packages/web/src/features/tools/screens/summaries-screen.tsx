import { BUILT_IN_SOURCE, SUMMARY_TYPES, TOOLS, type SiteSummaryResponse, type SummaryType } from '@citable/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { CopyButton } from '../components/copy-button';
import { DownloadButton } from '../components/download-button';
import { ResultCard } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import type { ToolScreenProps } from './screen-types';
import { SkippedErrorPages } from '../components/skipped-error-pages';

const tool = TOOLS.summaries;

const SUMMARY_LABELS: Record<SummaryType, string> = { overview: 'Overview (a paragraph)', brief: 'Brief (one or two sentences)', detailed: 'Detailed (ten sentences)' };

export function SummariesScreen({ profile, onComplete }: ToolScreenProps) {
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [summaryType, setSummaryType] = useState<SummaryType>('overview');
  const runner = useToolRun('llm-site-summaries', onComplete);

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={website !== ''}
      missing="Choose a website."
      running={runner.running}
      error={runner.error}
      onRun={() => runner.run({ url: website, summaryType })}
      onRunAgain={runner.runAgain}
      note="Reads up to 20 pages of the site, as a crawler would, and writes the llms.txt and llms-full.txt files from them."
      results={runner.result ? <SummaryResults result={runner.result} /> : null}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <WebsiteSelect profile={profile} value={website} onChange={setWebsite} />
        <SelectField label="Summary type" value={summaryType} onChange={(event) => setSummaryType(event.target.value as SummaryType)}>
          {SUMMARY_TYPES.map((type) => (
            <option key={type} value={type}>
              {SUMMARY_LABELS[type]}
            </option>
          ))}
        </SelectField>
      </div>
    </ToolPage>
  );
}

function SummaryResults({ result }: { result: SiteSummaryResponse }) {
  const { llms } = result;
  return (
    <div className="space-y-4">
      <ResultCard title={`Summary of ${result.pagesAnalyzed} ${result.pagesAnalyzed === 1 ? 'page' : 'pages'}`} actions={<CopyButton text={result.summary} />}>
        <p className="leading-relaxed text-slate-800" data-testid="summary-text">
          {result.summary}
        </p>
        {result.source ? (
          <p className="mt-2 text-xs text-slate-600" data-testid="summary-source">
            {result.source === BUILT_IN_SOURCE ? 'Extractive summary: the most representative sentences of your pages, chosen by the built-in analysis.' : `Written by ${result.source} from the most representative sentences of your pages.`}
          </p>
        ) : null}
        {result.topics.length > 0 ? (
          <div className="mt-4">
            <h4 className="text-sm font-semibold text-slate-700">Topics</h4>
            <ul className="mt-2 flex flex-wrap gap-2">
              {result.topics.map((topic) => (
                <li key={topic}>
                  <Badge tone="secondary">{topic}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {result.entities.length > 0 ? (
          <div className="mt-4">
            <h4 className="text-sm font-semibold text-slate-700">Entities</h4>
            <ul className="mt-2 flex flex-wrap gap-2">
              {result.entities.map((entity) => (
                <li key={`${entity.type}-${entity.name}`}>
                  <Badge>
                    {entity.name} <span className="ml-1 font-normal capitalize text-slate-500">{entity.type}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </ResultCard>

      {result.optimizationNotes.length > 0 ? (
        <ResultCard title="How to make the site easier to summarise">
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            {result.optimizationNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </ResultCard>
      ) : null}

      <ResultCard
        title="llms.txt"
        actions={
          <>
            <DownloadButton text={llms.llmsTxt} filename="llms.txt" label="Download llms.txt" testId="download-llms" />
            <DownloadButton text={llms.llmsFullTxt} filename="llms-full.txt" label="Download llms-full.txt" testId="download-llms-full" />
          </>
        }
      >
        <div className="mb-3">
          <ScoreBar value={Math.round(llms.validation.score * 100)} label="llms.txt validation score" />
          <p className="mt-1 text-sm text-slate-600">{llms.validation.explanation}</p>
          {[...llms.validation.errors, ...llms.validation.warnings].length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {[...llms.validation.errors, ...llms.validation.warnings].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <pre
          className="max-h-96 overflow-auto rounded-xl bg-slate-950 p-4 text-xs leading-relaxed whitespace-pre-wrap text-slate-100"
          tabIndex={0}
          aria-label="Generated llms.txt"
          data-testid="llms-txt"
        >
          {llms.llmsTxt}
        </pre>
        <p className="mt-2 text-sm text-slate-600">Publish it at the root of your site (/llms.txt), with llms-full.txt beside it.</p>
      </ResultCard>
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}
