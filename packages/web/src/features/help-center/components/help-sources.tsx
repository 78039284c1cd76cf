import type { ReactNode } from 'react';
import { GEO_QUOTE, LLMS_TXT_QUOTE, SOURCES, type Source } from '../../landing/data/evidence';

function SourceLink({ source, children }: { source: Source; children?: ReactNode }) {
  return (
    <a href={source.url} className="font-medium text-primary-700 underline underline-offset-2">
      {children ?? source.title}
    </a>
  );
}

const ENTRIES: { key: string; links: ReactNode; what: string }[] = [
  { key: 'geo', links: <SourceLink source={SOURCES.geo} />, what: `${SOURCES.geo.publisher}. The study behind the Citation Likelihood checks: cited sources, quotations and statistics.` },
  { key: 'rfc', links: <SourceLink source={SOURCES.rfc9309} />, what: `${SOURCES.rfc9309.publisher}. The robots.txt standard the crawler access checks follow.` },
  {
    key: 'crawlers',
    links: (
      <>
        Crawler documentation of <SourceLink source={SOURCES.openai}>OpenAI</SourceLink>, <SourceLink source={SOURCES.anthropic}>Anthropic</SourceLink> and{' '}
        <SourceLink source={SOURCES.perplexity}>Perplexity</SourceLink>
      </>
    ),
    what: 'Which crawler each answer engine uses for search, for user requests and for training.',
  },
  { key: 'schema', links: <SourceLink source={SOURCES.schemaOrg} />, what: 'The vocabulary of the structured data checks and the Schema Generator.' },
  { key: 'llms', links: <SourceLink source={SOURCES.llmsTxt} />, what: `${SOURCES.llmsTxt.publisher}. The format behind the llms.txt check and LLM Site Summaries.` },
];

// The GEO abstract sentence, from its claim on: the part that states the finding.
const GEO_FINDING = GEO_QUOTE.slice(GEO_QUOTE.indexOf('GEO can')).replace(/\.$/, '');

/** The published sources behind the checks, with links to the publishers' own pages. */
export function HelpSources() {
  return (
    <section aria-labelledby="help-sources" className="mt-12">
      <h2 id="help-sources" className="text-2xl font-bold text-slate-900">
        Where do Citable&rsquo;s recommendations come from?
      </h2>
      <p className="mt-3 max-w-3xl leading-7 text-slate-600">
        Every check rests on a published standard, a study or an answer engine&rsquo;s own documentation. The list below names the main sources and what each one decides. Each
        link goes to the publisher&rsquo;s own page, so you can read the original.
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {ENTRIES.map((entry) => (
          <li key={entry.key} className="rounded-2xl border border-slate-200 p-5 text-sm leading-6 text-slate-600">
            <span className="text-base">{entry.links}</span>
            <span className="mt-1 block">{entry.what}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <p className="max-w-3xl leading-7 text-slate-600">
          The GEO authors tested 9 ways of rewriting pages on 10,000 queries. They report that &ldquo;{GEO_FINDING}&rdquo; (Aggarwal et al., KDD 2024). The methods that
          helped most were citing sources, adding quotations and adding statistics.
        </p>
        <figure className="border-l-4 border-primary-500 pl-4">
          <blockquote className="leading-7 font-medium text-slate-900">
            <p>&ldquo;{LLMS_TXT_QUOTE}&rdquo;</p>
          </blockquote>
          <figcaption className="mt-2 text-sm text-slate-600">Jeremy Howard, the llms.txt proposal, 2024</figcaption>
        </figure>
      </div>
    </section>
  );
}
