import {
  GENERATOR_CONTENT_TYPE_LABELS,
  GENERATOR_CONTENT_TYPES,
  GENERATOR_INPUT_MISSING,
  GENERATOR_LENGTHS,
  GENERATOR_TONES,
  generatorInputComplete,
  parseKeywords,
  TOOLS,
  type GeneratorContentType,
  type GeneratorLength,
  type GeneratorTone,
} from '@citable/contract';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/field';
import { ToolPage } from '../../tools/components/tool-page';
import type { ToolScreenProps } from '../../tools/screens/screen-types';
import { useGeneratorRun } from '../api/use-generator-run';
import { GeneratorResults } from './generator-results';

const tool = TOOLS.generator;
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The AI Content Generator's run page (spec 001 §2, §5, §9). The generator does not need a website. */
export function GeneratorScreen({ profile, onComplete }: ToolScreenProps) {
  const [contentType, setContentType] = useState<GeneratorContentType>('faq');
  const [topic, setTopic] = useState('');
  const [keywords, setKeywords] = useState('');
  const [tone, setTone] = useState<GeneratorTone>('professional');
  const [industry, setIndustry] = useState(profile.industry ?? '');
  const [targetAudience, setTargetAudience] = useState('');
  const [contentLength, setContentLength] = useState<GeneratorLength>('medium');
  const runner = useGeneratorRun(onComplete);
  const website = profile.websites[0];
  const targetKeywords = parseKeywords(keywords);
  const complete = generatorInputComplete({ topic, targetKeywords });

  const run = () =>
    runner.run({
      contentType,
      topic: topic.trim(),
      targetKeywords,
      tone,
      contentLength,
      ...(industry.trim() ? { industry: industry.trim() } : {}),
      ...(targetAudience.trim() ? { targetAudience: targetAudience.trim() } : {}),
    });

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={complete}
      missing={GENERATOR_INPUT_MISSING}
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      note={
        website
          ? `Content is taken from up to 20 pages of ${website.name} (${website.url}); what they do not cover is marked.`
          : 'No website in your profile: results cannot be grounded in your pages and are marked as such.'
      }
      results={runner.result ? <GeneratorResults result={runner.result} /> : null}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label="Content type" value={contentType} onChange={(event) => setContentType(event.target.value as GeneratorContentType)} data-testid="generator-type">
          {GENERATOR_CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {GENERATOR_CONTENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="Topic" required placeholder="green tea storage" value={topic} onChange={(event) => setTopic(event.target.value)} data-testid="generator-topic" />
        <TextField
          label="Target keywords"
          required
          placeholder="sencha, caffeine"
          hint="Comma separated."
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          data-testid="generator-keywords"
        />
        <SelectField label="Tone" value={tone} onChange={(event) => setTone(event.target.value as GeneratorTone)}>
          {GENERATOR_TONES.map((value) => (
            <option key={value} value={value}>
              {capitalize(value)}
            </option>
          ))}
        </SelectField>
        <TextField label="Industry" value={industry} onChange={(event) => setIndustry(event.target.value)} />
        <TextField label="Target audience" placeholder="first-time buyers" value={targetAudience} onChange={(event) => setTargetAudience(event.target.value)} />
        <SelectField label="Length" value={contentLength} onChange={(event) => setContentLength(event.target.value as GeneratorLength)}>
          {GENERATOR_LENGTHS.map((value) => (
            <option key={value} value={value}>
              {capitalize(value)}
            </option>
          ))}
        </SelectField>
      </div>
    </ToolPage>
  );
}
