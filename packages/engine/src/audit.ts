import type { AuditResult, ContentFormat, SiteSnapshot } from '@citable/contract';
import { CHECKS_BY_ID } from './checks';
import type { Check } from './checks/types';
import { buildPageModel } from './model/build-page-model';
import type { PageModel } from './model/types';
import { DEFAULT_SCORING_CONFIG, type ScoringConfig } from './scoring/default-config';
import { scoreAudit } from './scoring/score-audit';
import type { SiteContext } from '@citable/contract';

export interface AuditOptions {
  /** The moment the audit is about; freshness is not applicable without it. Never read from the clock here, so results repeat. */
  now?: Date | number | string;
  config?: ScoringConfig;
  /** Per-check option overrides by check id. */
  checkOptions?: Record<string, object>;
  /** Extra or replacement checks by id (the config decides whether they count). */
  checks?: ReadonlyMap<string, Check>;
}

function toEpoch(now: AuditOptions['now']): number | null {
  if (now === undefined) return null;
  const t = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  return Number.isNaN(t) ? null : t;
}

/** Audits an already built page model. */
export function auditModel(model: PageModel, site: SiteContext | null, options: AuditOptions = {}): AuditResult {
  const scored = scoreAudit(model, site, {
    config: options.config ?? DEFAULT_SCORING_CONFIG,
    checks: options.checks ?? CHECKS_BY_ID,
    env: { now: toEpoch(options.now) },
    checkOptions: options.checkOptions,
  });
  return {
    ...scored,
    page: {
      url: model.url,
      title: model.articleTitle,
      author: model.author,
      lang: model.lang,
      publishedAt: model.dates.publishedAt,
      modifiedAt: model.dates.modifiedAt,
      wordCount: model.wordCount,
    },
  };
}

/** Audits a fetched page with its site context (or pasted content with `site: null`). */
export function auditSnapshot(snapshot: SiteSnapshot, options: AuditOptions = {}): AuditResult {
  return auditModel(buildPageModel(snapshot.page), snapshot.site, options);
}

export interface ContentInput {
  /** Detected from the text when absent. */
  format?: ContentFormat;
  url?: string | null;
}

/** Audits pasted HTML, Markdown or plain text. Site-level checks are not applicable. */
export function auditContent(text: string, input: ContentInput = {}, options: AuditOptions = {}): AuditResult {
  return auditModel(buildPageModel({ body: text, format: input.format, url: input.url ?? null }), null, options);
}
