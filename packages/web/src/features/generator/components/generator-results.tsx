import { GENERATOR_CONTENT_TYPE_LABELS, type ContentGeneratorResult, type GeneratedText } from '@citable/contract';
import { Badge } from '../../../components/ui/badge';
import { CopyButton } from '../../tools/components/copy-button';
import { EmptyResult, ResultCard } from '../../tools/components/result-card';
import { GroundingNote, ScoreNote } from './score-note';
import { SkippedErrorPages } from '../../tools/components/skipped-error-pages';

export function GeneratorResults({ result }: { result: ContentGeneratorResult }) {
  const { faqs, metaTags, snippets, headings, descriptions } = result.generatedContent;
  const count = faqs.length + snippets.length + headings.length + descriptions.length + (metaTags ? 1 : 0);
  return (
    <div className="space-y-4" data-testid="generator-results">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <Badge tone="secondary">Source: {result.source}</Badge>
        {result.websiteUrl ? `${result.pagesRead} page${result.pagesRead === 1 ? '' : 's'} of ${result.websiteUrl} read.` : 'No website read.'}
      </p>
      <ResultCard title={GENERATOR_CONTENT_TYPE_LABELS[result.contentType]}>
        {count === 0 ? <EmptyResult>Nothing could be generated for this topic.</EmptyResult> : null}
        {faqs.length ? (
          <dl className="divide-y divide-slate-100">
            {faqs.map((faq) => (
              <div key={faq.question} className="space-y-1.5 py-3 first:pt-0 last:pb-0" data-testid="generated-faq">
                <dt className="font-medium text-slate-900">{faq.question}</dt>
                <dd className="whitespace-pre-line text-slate-700">{faq.answer}</dd>
                <dd className="space-y-1">
                  <ScoreNote score={faq.score} />
                  <GroundingNote grounded={faq.grounded} reason={faq.reason} sourceUrl={faq.sourceUrl} sourcePassage={faq.sourcePassage} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {metaTags ? (
          <div className="space-y-3" data-testid="generated-meta">
            <dl className="space-y-2">
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Title</dt>
                <dd className="text-slate-900">{metaTags.title}</dd>
                <dd>
                  <ScoreNote score={metaTags.titleScore} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Description</dt>
                <dd className="text-slate-900">{metaTags.description}</dd>
                <dd>
                  <ScoreNote score={metaTags.descriptionScore} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Keywords</dt>
                <dd className="text-slate-900">{metaTags.keywords.join(', ')}</dd>
              </div>
            </dl>
            <GroundingNote grounded={metaTags.grounded} reason={metaTags.reason} sourceUrl={metaTags.sourceUrl} sourcePassage={metaTags.sourcePassage} />
            <div className="flex items-start gap-2">
              <pre className="flex-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{metaTags.raw}</pre>
              <CopyButton text={metaTags.raw} label="Copy tags" />
            </div>
          </div>
        ) : null}
        <TextList items={snippets} />
        <TextList items={headings} />
        <TextList items={descriptions} />
      </ResultCard>
      {result.optimizationTips.length ? (
        <ResultCard title="Optimization tips">
          <ul className="list-disc space-y-1.5 pl-5 text-slate-700">
            {result.optimizationTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </ResultCard>
      ) : null}
      <SkippedErrorPages errorPages={result.errorPages} />
    </div>
  );
}

function TextList({ items }: { items: GeneratedText[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item, index) => (
        <li key={`${item.text}-${index}`} className="space-y-1.5 py-3 first:pt-0 last:pb-0" data-testid="generated-text">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium whitespace-pre-line text-slate-900">{item.text}</p>
            {item.grounded ? <CopyButton text={item.answer ? `${item.text}\n\n${item.answer}` : item.text} /> : null}
          </div>
          {item.answer ? <p className="whitespace-pre-line text-slate-700">{item.answer}</p> : null}
          <ScoreNote score={item.score} />
          <GroundingNote grounded={item.grounded} reason={item.reason} sourceUrl={item.sourceUrl} sourcePassage={item.sourcePassage} />
        </li>
      ))}
    </ul>
  );
}
