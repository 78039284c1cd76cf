import {
  PROMPT_CONTENT_TYPES,
  PROMPT_INTENTS,
  TOOLS,
  TOOL_MESSAGES,
  type PromptContentType,
  type PromptIntent,
  type PromptSuggestion,
  type PromptSuggestionsResult,
} from '@citable/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SelectField, TextField } from '../../../components/ui/field';
import { EmptyResult, ResultCard } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { useToolRun } from '../hooks/use-tool-run';
import type { ToolScreenProps } from './screen-types';
import { SkippedErrorPages } from '../components/skipped-error-pages';
import { defaultDomain, TrackPromptButton } from '../../citations';

const tool = TOOLS.prompts;

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function PromptsScreen({ profile, onComplete }: ToolScreenProps) {
  const [topic, setTopic] = useState('');
  const [industry, setIndustry] = useState(profile.industry ?? '');
  const [targetAudience, setTargetAudience] = useState('');
  const [contentType, setContentType] = useState<PromptContentType | ''>('');
  const [userIntent, setUserIntent] = useState<PromptIntent | ''>('');
  const runner = useToolRun('prompt-match-suggestions', onComplete);
  const website = profile.websites[0];

  const run = () =>
    runner.run({
      topic: topic.trim(),
      ...(industry.trim() ? { industry: industry.trim() } : {}),
      ...(targetAudience.trim() ? { targetAudience: targetAudience.trim() } : {}),
      ...(contentType ? { contentType } : {}),
      ...(userIntent ? { userIntent } : {}),
    });

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={topic.trim() !== '' && website !== undefined}
      missing={website === undefined ? TOOL_MESSAGES.noWebsite : 'Enter a topic.'}
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      note={website ? `Each prompt is matched against up to 20 pages of ${website.name} (${website.url}).` : undefined}
      results={runner.result ? <PromptResults result={runner.result} domain={website ? defaultDomain([website]) : ''} /> : null}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Topic" required placeholder="green tea" value={topic} onChange={(event) => setTopic(event.target.value)} data-testid="prompts-topic" />
        <TextField label="Industry" value={industry} onChange={(event) => setIndustry(event.target.value)} />
        <TextField label="Target audience" placeholder="first-time buyers" value={targetAudience} onChange={(event) => setTargetAudience(event.target.value)} />
        <SelectField label="Content type" value={contentType} onChange={(event) => setContentType(event.target.value as PromptContentType | '')}>
          <option value="">Any</option>
          {PROMPT_CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {capitalize(type)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Focus intent"
          value={userIntent}
          onChange={(event) => setUserIntent(event.target.value as PromptIntent | '')}
          hint="Every intent is covered; the focus gets more prompts."
        >
          <option value="">Balanced</option>
          {PROMPT_INTENTS.map((intent) => (
            <option key={intent} value={intent}>
              {capitalize(intent)}
            </option>
          ))}
        </SelectField>
      </div>
    </ToolPage>
  );
}

function PromptResults({ result, domain }: { result: PromptSuggestionsResult; domain: string }) {
  const all = PROMPT_INTENTS.flatMap((intent) => result.promptsByCategory[intent]);
  // A prompt is answered when a passage of the site answers it (results stored before #32 carry only the likelihood).
  const answered = all.filter((p) => p.answered ?? (p.bestPassage !== null && p.likelihood >= 50)).length;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        {result.totalPrompts} prompts; a passage on your pages answers {answered} of them.
      </p>
      {PROMPT_INTENTS.map((intent) => (
        <ResultCard key={intent} title={`${capitalize(intent)} (${result.promptsByCategory[intent].length})`} testId={`prompts-${intent}`}>
          {result.promptsByCategory[intent].length === 0 ? (
            <EmptyResult>No {intent} prompts for this topic.</EmptyResult>
          ) : (
            <ul className="divide-y divide-slate-100">
              {result.promptsByCategory[intent].map((prompt) => (
                <PromptRow key={prompt.prompt} prompt={prompt} domain={domain} />
              ))}
            </ul>
          )}
        </ResultCard>
      ))}
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}

function PromptRow({ prompt, domain }: { prompt: PromptSuggestion; domain: string }) {
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-slate-900">“{prompt.prompt}”</p>
        <Badge>{prompt.aiSystem}</Badge>
      </div>
      <div className="flex items-center gap-3">
        <span className="w-28 shrink-0 text-sm text-slate-600">Likelihood</span>
        <ScoreBar value={prompt.likelihood} label={`Likelihood of being cited for “${prompt.prompt}”`} className="flex-1" />
      </div>
      {prompt.bestPassage ? (
        <blockquote className="rounded-lg border-l-4 border-primary-300 bg-slate-50 px-4 py-2 text-sm text-slate-700">
          <p>{prompt.bestPassage.text}</p>
          <footer className="mt-1 text-xs text-slate-600">
            Best passage{prompt.bestPassage.heading ? ` under “${prompt.bestPassage.heading}”` : ''}
            {prompt.bestPassage.url ? (
              <>
                {' '}
                on{' '}
                <a href={prompt.bestPassage.url} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
                  {prompt.bestPassage.url}
                </a>
              </>
            ) : null}
          </footer>
        </blockquote>
      ) : (
        <p className="text-sm text-slate-600">No passage of your site answers it.</p>
      )}
      <p className="text-sm text-slate-700">{prompt.optimization}</p>
      {domain ? <TrackPromptButton domain={domain} prompt={prompt.prompt} /> : null}
    </li>
  );
}
