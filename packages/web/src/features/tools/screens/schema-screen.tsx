import { GENERATED_SCHEMA_TYPES, TOOLS, type GeneratedSchemaType, type SchemaGeneratorResult, type ToolScope } from '@citable/contract';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { CopyButton } from '../components/copy-button';
import { ResultCard } from '../components/result-card';
import { ToolPage } from '../components/tool-page';
import { ScopeFields, WebsiteSelect } from '../components/website-fields';
import { useToolRun } from '../hooks/use-tool-run';
import { targetUrl } from '../lib/site-url';
import type { ToolScreenProps } from './screen-types';

const tool = TOOLS.schema;

/** Schema input is a website URL or pasted content (spec 001 §5). */
export function SchemaScreen({ profile, onComplete }: ToolScreenProps) {
  const [source, setSource] = useState<'website' | 'content'>('website');
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [scope, setScope] = useState<ToolScope>('site');
  const [path, setPath] = useState('');
  const [content, setContent] = useState('');
  const [contentType, setContentType] = useState<GeneratedSchemaType | ''>('');
  const runner = useToolRun('schema-generator', onComplete);
  const sourceName = useId();

  const canRun = source === 'website' ? website !== '' : content.trim() !== '';
  const run = () =>
    runner.run({
      ...(source === 'website' ? { url: targetUrl(website, scope, path) } : { content }),
      scope,
      ...(contentType ? { contentType } : {}),
    });

  return (
    <ToolPage
      tool={tool}
      plan={profile.plan}
      canRun={canRun}
      missing={source === 'website' ? 'Choose a website.' : 'Paste the page content.'}
      running={runner.running}
      error={runner.error}
      onRun={run}
      onRunAgain={runner.runAgain}
      results={runner.result ? <SchemaResults result={runner.result} /> : null}
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
        <TextAreaField
          label="Page content"
          hint="HTML, Markdown or plain text."
          rows={8}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          data-testid="tool-content"
        />
      )}
      <SelectField
        label="Schema type"
        value={contentType}
        onChange={(event) => setContentType(event.target.value as GeneratedSchemaType | '')}
        hint="Detected from the page unless you choose one."
      >
        <option value="">Detect from the page</option>
        {GENERATED_SCHEMA_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
    </ToolPage>
  );
}

function SchemaResults({ result }: { result: SchemaGeneratorResult }) {
  const errors = result.validationWarnings.filter((w) => w.severity === 'error');
  return (
    <div className="space-y-4">
      <ResultCard title="Suggested schema">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="primary">{result.suggestedType}</Badge>
          {result.detectedTypes
            .filter((type) => type !== result.suggestedType)
            .map((type) => (
              <Badge key={type}>{type}</Badge>
            ))}
        </div>
        {result.mergedExisting.length > 0 ? <p className="mt-3 text-sm text-slate-600">Completed from the page's existing markup: {result.mergedExisting.join(', ')}.</p> : null}
      </ResultCard>

      <ResultCard
        title={`Validation (${result.validationWarnings.length === 0 ? 'no issues' : `${errors.length} errors, ${result.validationWarnings.length - errors.length} warnings`})`}
      >
        {result.validationWarnings.length === 0 ? (
          <p className="text-sm text-emerald-700">The generated markup has every required and recommended property the page could fill.</p>
        ) : (
          <ul className="space-y-2">
            {result.validationWarnings.map((warning) => (
              <li key={`${warning.field}-${warning.message}`} className="flex gap-3 text-sm">
                <Badge tone={warning.severity === 'error' ? 'accent' : 'neutral'} className="shrink-0 capitalize">
                  {warning.severity}
                </Badge>
                <span>
                  <code className="font-mono text-slate-900">{warning.field}</code>: {warning.message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ResultCard>

      <ResultCard title="Implementation (JSON-LD)" actions={<CopyButton text={result.implementation} label="Copy code" testId="schema-copy" />}>
        <pre
          className="max-h-[28rem] overflow-auto rounded-xl bg-slate-950 p-4 text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-100"
          tabIndex={0}
          aria-label="Generated JSON-LD"
          data-testid="schema-json"
        >
          <code>{result.implementation}</code>
        </pre>
      </ResultCard>

      <ResultCard title="How to add it">
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
          {result.instructions.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </ResultCard>
    </div>
  );
}
