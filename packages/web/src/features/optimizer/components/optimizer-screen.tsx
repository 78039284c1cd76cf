import { OPTIMIZER_CONTENT_MAX, OPTIMIZER_CONTENT_MISSING, OPTIMIZER_CONTENT_TYPE_LABELS, OPTIMIZER_CONTENT_TYPES, parseKeywords, TOOLS, type OptimizerContentType } from '@citable/contract';
import { useRef, useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ToolPage } from '../../tools/components/tool-page';
import type { ToolScreenProps } from '../../tools/screens/screen-types';
import { useOptimizerRun } from '../api/use-optimizer-run';
import { OptimizerResults } from './optimizer-results';

const tool = TOOLS.optimizer;

/** The AI Content Optimizer's run page: paste content, get the engine's score, the rewrite and its diff. */
export function OptimizerScreen({ profile, onComplete }: ToolScreenProps) {
  const [content, setContent] = useState('');
  const [keywords, setKeywords] = useState('');
  const [contentType, setContentType] = useState<OptimizerContentType>('article');
  const runner = useOptimizerRun(onComplete);
  // The diff compares against the text that was sent, not whatever the field holds now.
  const sent = useRef('');

  const run = () => {
    sent.current = content;
    runner.run({ content, targetKeywords: parseKeywords(keywords), contentType });
  };

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={content.trim() !== ''}
      missing={OPTIMIZER_CONTENT_MISSING}
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      note="HTML, Markdown or plain text. Figures and quotes are never invented: missing evidence is marked for you to fill in."
      results={runner.result ? <OptimizerResults result={runner.result} original={sent.current} /> : null}
    >
      <TextAreaField
        label="Content"
        required
        rows={12}
        maxLength={OPTIMIZER_CONTENT_MAX}
        placeholder="Paste an article, a product page or a draft…"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        data-testid="optimizer-content"
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Target keywords" placeholder="green tea, sencha" hint="Comma separated; optional." value={keywords} onChange={(event) => setKeywords(event.target.value)} />
        <SelectField label="Content type" value={contentType} onChange={(event) => setContentType(event.target.value as OptimizerContentType)}>
          {OPTIMIZER_CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {OPTIMIZER_CONTENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
      </div>
    </ToolPage>
  );
}
