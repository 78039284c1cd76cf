import { parseCitationKeywords, parseFingerprintPhrases, planAtLeast, PLANS, TOOLS, type CitationTrackerResult, type Profile } from '@citable/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { addFingerprintPhrase, addSavedPrompt, deleteFingerprintPhrase, deleteSavedPrompt, fetchFingerprintPhrases, fetchSavedPrompts } from '../api/citations-api';
import { useCitationRun } from '../hooks/use-citations';
import { defaultDomain, DEFAULT_KEYWORDS_TEXT, sourceSummary } from '../lib/format';
import { CitationGap } from './citation-gap';
import { CitationList } from './citation-list';
import { HistoryChart } from './history-chart';
import { MentionRates } from './mention-rates';
import { ShareOfVoice } from './share-of-voice';
import { SourceStatusList } from './source-status-list';
import { SavedList } from './saved-list';
import { TrackedPrompts } from './tracking/tracked-prompts';
import { useScopeAccess } from '../../../hooks/use-scope-access';

const tool = TOOLS.citations;

/** The Citation Tracker's dashboard section (spec 001 §3 citations, §5 inputs). */
export function CitationsSection({ profile }: { profile: Profile }) {
  const [domain, setDomain] = useState(() => defaultDomain(profile.websites));
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  const [keywords, setKeywords] = useState(DEFAULT_KEYWORDS_TEXT);
  const [phrases, setPhrases] = useState('');
  const run = useCitationRun();
  const allowed = planAtLeast(profile.plan, tool.requiredPlan);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!domain.trim() || run.isPending) return;
    run.mutate({ domain: domain.trim(), keywords: parseCitationKeywords(keywords), fingerprintPhrases: parseFingerprintPhrases(phrases) });
  };

  return (
    <div className="space-y-6" data-testid="citations-section">
      <header>
        <h2 className="text-2xl font-semibold text-slate-900">{tool.name}</h2>
        <p className="mt-1 text-slate-600">{tool.description}</p>
      </header>
      {!allowed ? (
        <Alert tone="info">The {tool.name} is part of the {PLANS[tool.requiredPlan].name} plan and above. Upgrade to track where answer engines and communities mention you.</Alert>
      ) : (
        <TrackedPrompts profile={profile} />
      )}
      {allowed ? (
        <form onSubmit={submit} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2" aria-labelledby="citations-run-now">
          <div className="md:col-span-2">
            <h3 id="citations-run-now" className="text-base font-semibold text-slate-900">
              Check now
            </h3>
            <p className="mt-1 text-sm text-slate-600">One run on demand: prompts built from your keywords and your saved prompts, and the communities searched for your brand.</p>
          </div>
          <TextField label="Domain" placeholder="example.com" value={domain} onChange={(event) => setDomain(event.target.value)} data-testid="citations-domain" />
          <TextField label="Keywords" hint="Comma separated" value={keywords} onChange={(event) => setKeywords(event.target.value)} data-testid="citations-keywords" />
          <TextAreaField
            label="Fingerprint phrases (optional)"
            hint="One per line: distinctive phrases from your content, found even where you are not linked or named"
            rows={3}
            value={phrases}
            onChange={(event) => setPhrases(event.target.value)}
            containerClassName="md:col-span-2"
            data-testid="citations-phrases"
          />
          <div className="flex items-center gap-3 md:col-span-2">
            <Button type="submit" disabled={!domain.trim() || run.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} data-testid="citations-run">
              {run.isSuccess ? 'Run Again' : 'Run'}
            </Button>
            {run.isPending ? (
              <span className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Spinner /> Running {tool.name}...
              </span>
            ) : null}
          </div>
        </form>
      ) : null}
      {run.isError ? (
        <Alert tone="error" testId="citations-error">
          Failed to run {tool.name}. Please try again. {errorMessage(run.error)}
        </Alert>
      ) : null}
      {run.data ? <CitationResults result={run.data} /> : null}
      {allowed ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <SavedList
            title="Saved prompts"
            hint="Asked on every run besides the prompts built from your keywords."
            placeholder="Which tools do agencies use for AI visibility?"
            queryKey={['citations', 'prompts']}
            load={async (signal) => (await fetchSavedPrompts(signal)).map((row) => ({ id: row.id, text: row.prompt }))}
            add={addSavedPrompt}
            remove={deleteSavedPrompt}
            testId="citations-saved-prompts"
          />
          <SavedList
            title="Saved phrases"
            hint="Fingerprint phrases looked for on every run."
            placeholder="the crawl budget planner for large sites"
            queryKey={['citations', 'phrases']}
            load={async (signal) => (await fetchFingerprintPhrases(signal)).map((row) => ({ id: row.id, text: row.phrase }))}
            add={addFingerprintPhrase}
            remove={deleteFingerprintPhrase}
            testId="citations-saved-phrases"
          />
        </div>
      ) : null}
    </div>
  );
}

/** Where the results came from, in words: the sources that answered, and the ones this server does not have (issue 19). */
export function CitationResultsHeader({ result }: { result: CitationTrackerResult }) {
  const { answered, notSetUp } = sourceSummary(result.sources);
  return (
    <p className="text-sm text-slate-600" data-testid="citations-header">
      Sources: <span className="font-medium text-slate-900">{answered}</span>
      {notSetUp ? <> · {notSetUp}</> : null} · {result.brand} ({result.domain}) · {result.prompts.length} prompts
    </p>
  );
}

export function CitationResults({ result }: { result: CitationTrackerResult }) {
  return (
    <div className="space-y-4" data-testid="citations-results">
      <CitationResultsHeader result={result} />
      <SourceStatusList sources={result.sources} />
      <MentionRates result={result} />
      <HistoryChart domain={result.domain} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ShareOfVoice entries={result.shareOfVoice} />
        <CitationGap pages={result.citationGap} />
      </div>
      <CitationList
        title={result.previousRunAt ? `New since ${new Date(result.previousRunAt).toLocaleString()}` : 'New mentions'}
        citations={result.newMentions}
        empty="Nothing new since the last run."
        testId="citations-new"
      />
      <CitationList title="Citations" citations={result.citations} empty="No source mentioned this domain, its brand or your phrases." testId="citations-list" />
    </div>
  );
}
