import { YOUR_SCORE_MESSAGES, type AuditReport, type AuditRun } from '@citable/contract';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { CrawlErrors } from './crawl-errors';
import { RecommendationList } from './recommendation-list';
import { ScoreBreakdown } from './score-breakdown';
import { ScoreRing } from './score-ring';
import { SubscoreGrid } from './subscore-grid';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Trend({ change }: { change: number }) {
  const up = change >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className={cn('mt-2 flex items-center justify-center gap-1 text-sm font-medium', up ? 'text-emerald-700' : 'text-red-700')} data-testid="weekly-trend">
      <Icon aria-hidden="true" className="size-4" />
      {up ? '+' : ''}
      {change} this week
    </p>
  );
}

/**
 * One completed audit: score ring, subscores, recommendations and the breakdown. A page audit is
 * labelled as one page's score with its address, never as the site's (issue 30); `noSiteAudit`
 * names the site when it has no site audit yet, so the page's score is not taken for it.
 */
export function AuditReportView({ run, report, trend, noSiteAudit = null }: { run: AuditRun; report: AuditReport; trend: number | null; noSiteAudit?: string | null }) {
  const errorPages = report.errorPages?.length ?? 0;
  const subject =
    report.kind === 'content'
      ? 'Pasted content'
      : report.kind === 'site'
        ? `${run.website_url} · ${report.pageCount} ${report.pageCount === 1 ? 'page' : 'pages'}${errorPages > 0 ? ` · ${errorPages} ${errorPages === 1 ? 'error page' : 'error pages'} not scored` : ''}`
        : `Page audit · ${run.website_url}`;
  return (
    <div className="space-y-6" data-testid="audit-report">
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="text-center">
          <ScoreRing score={report.overallScore} />
          <p className="mt-2 text-sm font-medium text-slate-700" data-testid="score-caption">
            {report.kind === 'page' ? 'Page score' : 'AI Visibility Score'}
          </p>
          {trend !== null && <Trend change={trend} />}
        </div>
        <div className="w-full min-w-0 flex-1 space-y-3">
          <p className="truncate text-sm text-slate-600">
            <span className="font-medium text-slate-900">{subject}</span> · audited {dateFormat.format(new Date(run.finished_at ?? run.created_at))}
          </p>
          {report.kind === 'page' && run.website_url && (
            <p className="text-sm text-slate-600" data-testid="page-audit-note">
              {YOUR_SCORE_MESSAGES.pageAudit(run.website_url)}
              {noSiteAudit ? ` ${YOUR_SCORE_MESSAGES.noSiteAudit(noSiteAudit)}` : ''}
            </p>
          )}
          <SubscoreGrid report={report} />
        </div>
      </div>
      <RecommendationList report={report} />
      <ScoreBreakdown report={report} />
      {report.kind === 'site' && <CrawlErrors report={report} />}
    </div>
  );
}
