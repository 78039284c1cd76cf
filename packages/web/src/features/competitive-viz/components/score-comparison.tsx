import { SUBSCORE_IDS, SUBSCORE_LABELS, type CompetitiveData } from '@citable/contract';
import { cn } from '../../../lib/cn';
import { comparedSites, overallLabel, shortName, standing, subscoreLabel, subscoreSites, type ComparedSite } from '../lib/score-comparison';

/**
 * Colours of the bars. Both pass 3:1 against white and against the slate-100 track (WCAG 1.4.11);
 * the user's site is also named "You", set in bold and listed first among equals, so the colour
 * is never the only mark.
 */
const USER_FILL = '#7c3aed'; // primary-600
const COMPETITOR_FILL = '#64748b'; // slate-500
const TRACK_FILL = '#f1f5f9'; // slate-100

const ROW = 46;
const BAR_TOP = 22;
const BAR_HEIGHT = 14;

/**
 * The overall score of every audited site as horizontal bars, highest first, with the
 * competitors' average as a dashed line. Drawn with percentages across and pixels down, so it
 * fills any width while its text keeps its size.
 */
function OverallBars({ sites, average }: { sites: ComparedSite[]; average: number | null }) {
  const height = sites.length * ROW;
  return (
    <svg role="img" aria-label={overallLabel(sites, average)} width="100%" height={height} className="block overflow-visible text-sm" data-testid="overall-comparison">
      {sites.map((site, index) => {
        const top = index * ROW;
        const short = shortName(site.name);
        return (
          <g key={site.url} data-testid={site.isUser ? 'comparison-user' : 'comparison-competitor'}>
            <title>{`${site.name}${site.isUser ? ' (your site)' : ''}: ${site.score}`}</title>
            <text x="0" y={top + 14} fill={site.isUser ? '#0f172a' : '#334155'} fontWeight={site.isUser ? 600 : 400}>
              {short}
              {site.isUser ? (
                <tspan fill="#6d28d9" fontWeight={600}>
                  {' '}· You
                </tspan>
              ) : null}
            </text>
            <text x="100%" y={top + 14} textAnchor="end" fill="#0f172a" fontWeight={700} className="tabular-nums">
              {site.score}
            </text>
            <rect x="0" y={top + BAR_TOP} width="100%" height={BAR_HEIGHT} rx={BAR_HEIGHT / 2} fill={TRACK_FILL} />
            {site.score > 0 ? <rect x="0" y={top + BAR_TOP} width={`${site.score}%`} height={BAR_HEIGHT} rx={BAR_HEIGHT / 2} fill={site.isUser ? USER_FILL : COMPETITOR_FILL} /> : null}
          </g>
        );
      })}
      {average !== null
        ? // The average as a dashed mark across each bar, clear of the names above them.
          sites.map((site, index) => (
            <line
              key={site.url}
              x1={`${average}%`}
              x2={`${average}%`}
              y1={index * ROW + BAR_TOP - 4}
              y2={index * ROW + BAR_TOP + BAR_HEIGHT + 4}
              stroke="#0f172a"
              strokeWidth="1.5"
              strokeDasharray="3 2"
              data-testid="competitor-average-line"
            />
          ))
        : null}
    </svg>
  );
}

function Swatch({ className, style }: { className?: string; style?: React.CSSProperties }) {
  return <span aria-hidden="true" className={cn('inline-block h-2.5 w-4 rounded-full', className)} style={style} />;
}

function Legend({ average, hasCompetitors }: { average: number | null; hasCompetitors: boolean }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-600" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <Swatch style={{ background: USER_FILL }} />
        Your site
      </li>
      {hasCompetitors ? (
        <li className="flex items-center gap-1.5">
          <Swatch style={{ background: COMPETITOR_FILL }} />
          Competitors
        </li>
      ) : null}
      {average !== null ? (
        <li className="flex items-center gap-1.5" data-testid="competitor-average">
          <span aria-hidden="true" className="inline-block w-4 border-t-[1.5px] border-dashed border-slate-900" />
          Competitor average: {average}
        </li>
      ) : null}
    </ul>
  );
}

/** One subscore, every site with subscores as a short bar: the user's site first, then the competitors as ranked overall. */
function SubscorePanel({ id, sites }: { id: (typeof SUBSCORE_IDS)[number]; sites: ReturnType<typeof subscoreSites> }) {
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 p-4" data-testid="subscore-comparison">
      <figcaption className="text-sm font-medium text-slate-900">{SUBSCORE_LABELS[id]}</figcaption>
      <div role="img" aria-label={subscoreLabel(id, sites)} className="mt-3 space-y-2">
        {sites.map((site) => {
          const value = site.subscores[id];
          return (
            <div key={site.url} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2rem] items-center gap-2 text-xs">
              <span className={cn('truncate', site.isUser ? 'font-semibold text-primary-700' : 'text-slate-700')} title={site.name}>
                {site.isUser ? 'You' : site.name}
              </span>
              <span className="h-2.5 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full" style={{ width: `${value}%`, background: site.isUser ? USER_FILL : COMPETITOR_FILL }} />
              </span>
              <span className="text-right font-semibold tabular-nums text-slate-900">{value}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}

/** Score Comparison: overall scores as ranked bars, then each subscore side by side (issue 19 item 5). */
export function ScoreComparison({ data }: { data: Pick<CompetitiveData, 'userSite' | 'competitors' | 'competitorAverage'> }) {
  const sites = comparedSites(data);
  const withSubscores = subscoreSites(sites);
  const summary = standing(sites, data.competitorAverage);
  if (sites.length === 0) return null;
  return (
    <div className="space-y-8" data-testid="score-comparison-charts">
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="text-base font-semibold text-slate-900">Overall score</h2>
          {summary ? (
            <p className="text-sm text-slate-600" data-testid="comparison-standing">
              {summary}
            </p>
          ) : null}
        </div>
        <div className="mt-4">
          <OverallBars sites={sites} average={data.competitorAverage} />
        </div>
        <Legend average={data.competitorAverage} hasCompetitors={sites.some((site) => !site.isUser)} />
      </div>
      {withSubscores.length > 0 ? (
        <div>
          <h2 className="text-base font-semibold text-slate-900">Subscores</h2>
          <p className="mt-1 text-sm text-slate-600">Where the gap is: each subscore of your site next to your competitors’.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {SUBSCORE_IDS.map((id) => (
              <SubscorePanel key={id} id={id} sites={withSubscores} />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
