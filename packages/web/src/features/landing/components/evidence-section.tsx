import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { CRAWLER_TABLE, GEO_QUOTE, OPENAI_SEARCH_QUOTE, RFC9309_QUOTE, SOURCES, type Source } from '../data/evidence';
import { AUDIT_CHECK_COUNT, SUBSCORE_WEIGHTS } from '../data/product-facts';

function SourceLink({ source, children }: { source: Source; children?: ReactNode }) {
  return (
    <a href={source.url} className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800">
      {children ?? source.title}
    </a>
  );
}

const internalLink = 'font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800';

/**
 * Why pages get cited, with the published evidence behind the checks: the GEO study, the
 * crawler documentation of the answer engines and the robots.txt standard.
 */
export function EvidenceSection() {
  return (
    <section id="evidence" aria-labelledby="evidence-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Why it matters</p>
          <h2 id="evidence-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Why do AI assistants cite some pages and not others?
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            AI assistants answer in two steps. First they retrieve a handful of pages, then they quote the passages that answer the question best. A page drops out when
            crawlers may not fetch it, when machines cannot tell what it is about, or when no passage is worth quoting. Citable checks all three.
          </p>
        </div>

        <div className="mt-14 grid gap-6 lg:grid-cols-2 lg:items-start">
          <article aria-labelledby="evidence-research" className="min-w-0 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
            <h3 id="evidence-research" className="text-xl font-semibold text-slate-900">
              What does the research say?
            </h3>
            <p className="mt-3 leading-7 text-slate-700">
              The key study is a peer-reviewed paper by Pranjal Aggarwal and colleagues, presented at KDD 2024. They tested 9 ways of rewriting web pages on
              GEO-bench, a benchmark of 10,000 queries, and measured how visible each page became in AI answers.
            </p>
            <figure className="mt-5 border-l-4 border-primary-500 pl-4">
              <blockquote className="text-lg leading-8 font-medium text-slate-900">
                <p>&ldquo;{GEO_QUOTE}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-2 text-sm text-slate-600">
                Aggarwal et al., <SourceLink source={SOURCES.geo} />, KDD 2024
              </figcaption>
            </figure>
            <p className="mt-5 leading-7 text-slate-700">
              The methods that helped most were citing sources, adding quotations and adding statistics. Keyword stuffing did not help. Citable&rsquo;s Citation Likelihood
              subscore checks for exactly these three, and keyword stuffing can only cost points.
            </p>
          </article>

          <article aria-labelledby="evidence-crawlers" className="min-w-0 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
            <h3 id="evidence-crawlers" className="text-xl font-semibold text-slate-900">
              Which AI crawlers need access to your site?
            </h3>
            <p className="mt-3 leading-7 text-slate-700">
              Each answer engine sends its own crawlers. Search crawlers index your pages for AI answers, and user-triggered fetchers read a page when someone asks about
              it. Blocking either keeps you out of those answers. Blocking a training crawler only keeps your content out of future models.
            </p>
            <p className="mt-4 leading-7 text-slate-700">
              OpenAI states it plainly in its <SourceLink source={SOURCES.openai}>crawler documentation</SourceLink>: &ldquo;{OPENAI_SEARCH_QUOTE}&rdquo;
            </p>
            <div className="mt-5 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">The AI crawlers of OpenAI, Anthropic and Perplexity by purpose</caption>
                <thead className="bg-slate-100 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">Operator</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Search crawler</th>
                    <th scope="col" className="px-3 py-2 font-semibold">User-triggered fetcher</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Training crawler</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 text-slate-700">
                  {CRAWLER_TABLE.map((row) => (
                    <tr key={row.operator}>
                      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                        <SourceLink source={row.source}>{row.operator}</SourceLink>
                      </th>
                      <td className="px-3 py-2 font-mono text-xs">{row.search}</td>
                      <td className="px-3 py-2 font-mono text-xs">{row.user}</td>
                      <td className="px-3 py-2 font-mono text-xs">{row.training}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-5 leading-7 text-slate-700">
              These rules live in robots.txt, which <SourceLink source={SOURCES.rfc9309}>RFC 9309</SourceLink> defines as a way &ldquo;{RFC9309_QUOTE}&rdquo; (Koster et al.,
              RFC 9309, 2022). Citable also requests your pages with each crawler&rsquo;s user agent, because a firewall can block a crawler that robots.txt allows.
            </p>
          </article>
        </div>

        <div className="mx-auto mt-14 max-w-3xl">
          <h3 className="text-center text-2xl font-bold text-slate-900">How does Citable turn the evidence into a score?</h3>
          <p className="mt-4 leading-7 text-slate-700">
            Citable runs {AUDIT_CHECK_COUNT} checks and groups them into {SUBSCORE_WEIGHTS.length} subscores. Each check scores from 0 to 1, and a check below 0.9 becomes an
            issue. Issues are ordered by the points they cost, so the first fix is always the most valuable one.
          </p>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {SUBSCORE_WEIGHTS.map((subscore) => (
              <li key={subscore.name} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <span className="font-semibold text-slate-900">
                  {subscore.name} ({subscore.weight}%):
                </span>{' '}
                <span className="text-slate-700">{subscore.question}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5 leading-7 text-slate-700">
            Structured data is checked against <SourceLink source={SOURCES.schemaOrg}>schema.org</SourceLink>, and llms.txt files against the{' '}
            <SourceLink source={SOURCES.llmsTxt}>llms.txt proposal</SourceLink>. The{' '}
            <Link to="/docs/introduction" className={internalLink}>
              introduction to Citable
            </Link>{' '}
            explains the method in full, the Help Centre shows{' '}
            <Link to="/help-center/how-the-score-works" className={internalLink}>
              how the AI Visibility Score works
            </Link>
            , and the{' '}
            <Link to="/documentation" className={internalLink}>
              documentation
            </Link>{' '}
            covers every tool and the API.
          </p>
        </div>
      </div>
    </section>
  );
}
