import { LOW_CONFIDENCE, NOT_ENOUGH_EVIDENCE, TOOLS, TOOL_MESSAGES, VOICE_ASSISTANTS, type VoiceAssistant, type VoiceAssistantResult, type VoiceTestResult } from '@citable/contract';
import { CircleCheck, CircleMinus } from 'lucide-react';
import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { ResultCard, Stat } from '../components/result-card';
import { ScoreBar } from '../components/score-bar';
import { ToolPage } from '../components/tool-page';
import { CheckboxGroup } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import type { ToolScreenProps } from './screen-types';
import { SkippedErrorPages } from '../components/skipped-error-pages';

const tool = TOOLS.voice;

const ASSISTANT_NAMES: Record<VoiceAssistant, string> = { siri: 'Siri', alexa: 'Alexa', google: 'Google Assistant' };

export function VoiceScreen({ profile, onComplete }: ToolScreenProps) {
  const [query, setQuery] = useState('');
  const [assistants, setAssistants] = useState<VoiceAssistant[]>([...VOICE_ASSISTANTS]);
  const runner = useToolRun('voice-assistant-tester', onComplete);
  const website = profile.websites[0];

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={query.trim() !== '' && assistants.length > 0 && website !== undefined}
      missing={website === undefined ? TOOL_MESSAGES.noWebsite : query.trim() === '' ? 'Enter a question.' : 'Choose at least one assistant.'}
      running={runner.running}
      error={runner.error}
      onRun={() => runner.run({ query: query.trim(), assistants })}
      onRunAgain={runner.runAgain}
      note={
        <>
          <p>{TOOL_MESSAGES.voiceSimulated}.</p>
          {website ? <p className="mt-1">Answers are chosen among the pages of {website.name} and of your stored competitors.</p> : null}
        </>
      }
      results={runner.result ? <VoiceResults result={runner.result} /> : null}
    >
      <TextField label="Question" placeholder="How long does green tea stay fresh?" value={query} onChange={(event) => setQuery(event.target.value)} data-testid="voice-query" />
      <CheckboxGroup legend="Assistants" options={VOICE_ASSISTANTS.map((a) => ({ value: a, label: ASSISTANT_NAMES[a] }))} value={assistants} onChange={setAssistants} />
    </ToolPage>
  );
}

function VoiceResults({ result }: { result: VoiceTestResult }) {
  const { summary } = result;
  return (
    <div className="space-y-4">
      <p className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="voice-simulated">
        {TOOL_MESSAGES.voiceSimulated}: the assistants were not called.
      </p>
      <ResultCard title={`“${result.query}”`}>
        <dl className="grid gap-3 sm:grid-cols-4">
          <Stat label="Mentions" value={`${summary.totalMentions} of ${summary.assistantsTested}`} />
          <Stat label="Assistants" value={summary.assistantsTested} />
          <Stat
            label="Average rank"
            value={summary.averageRanking === null ? '–' : summary.averageRanking}
            hint={summary.averageRanking === null ? 'No passage of yours matched' : undefined}
          />
          <Stat label="Confidence" value={summary.averageConfidence < LOW_CONFIDENCE ? '–' : summary.averageConfidence} hint={summary.averageConfidence < LOW_CONFIDENCE ? NOT_ENOUGH_EVIDENCE : undefined} />
        </dl>
      </ResultCard>
      {result.sameAnswer && result.results.length > 1 ? (
        // The same text from the same page for every assistant is one simulated answer, not three agreeing ones.
        <AnswerCard answer={result.results[0]} title={`${result.results.map((r) => ASSISTANT_NAMES[r.assistant]).join(', ')}: one simulated answer`} showBasis={false} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {result.results.map((answer) => (
            <AnswerCard key={answer.assistant} answer={answer} title={ASSISTANT_NAMES[answer.assistant]} showBasis />
          ))}
        </div>
      )}
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}

function AnswerCard({ answer, title, showBasis }: { answer: VoiceAssistantResult; title: string; showBasis: boolean }) {
  const answered = answer.source !== null;
  const weak = answered && answer.confidence < LOW_CONFIDENCE;
  return (
    <ResultCard title={title} testId={`voice-${answer.assistant}`}>
      <p className={`flex items-center gap-1.5 text-sm font-medium ${answer.mentioned ? 'text-emerald-700' : 'text-slate-600'}`}>
        {answer.mentioned ? <CircleCheck aria-hidden="true" className="size-4" /> : <CircleMinus aria-hidden="true" className="size-4" />}
        {!answered ? 'No page answers this' : answer.mentioned ? 'Answers from your site' : 'Answers from another site'}
      </p>
      <blockquote className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-slate-800">{answer.response}</blockquote>
      {answer.source ? (
        <p className="mt-2 truncate text-xs text-slate-600">
          Source:{' '}
          <a href={answer.source} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
            {answer.source}
          </a>
        </p>
      ) : null}
      {answered ? (
        <div className="mt-3 space-y-1 text-sm text-slate-700">
          {weak ? (
            <p data-testid="voice-weak">{NOT_ENOUGH_EVIDENCE}: the answer shares few of the question's words.</p>
          ) : (
            <>
              <div className="flex items-center gap-3">
                <span className="w-24 shrink-0">Confidence</span>
                <ScoreBar value={answer.confidence} label={`${title} confidence`} className="flex-1" />
              </div>
              <p>Your rank: {answer.ranking === null ? 'not ranked' : `#${answer.ranking}`}</p>
            </>
          )}
        </div>
      ) : null}
      {showBasis ? <p className="mt-3 text-xs text-slate-600">{answer.basis}</p> : null}
    </ResultCard>
  );
}
